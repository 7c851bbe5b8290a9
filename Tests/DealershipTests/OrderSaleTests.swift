import Foundation
import StockValuation
import Testing

@testable import Dealership

/// `stock sell S-N order=O-K` (SPEC §15): the car sells at its quote's net (after discount,
/// before tax), in the quote's currency and at its recorded rate, with the quote's tax and
/// the order's deposit on the sale; the sale closes the order.
@Suite struct OrderSaleTests {
  /// `value` rounded to two decimals, ties to even (the session's default rounding).
  private static func cents(_ value: Decimal) -> Int64 {
    var exact = value * 100
    var rounded = Decimal()
    NSDecimalRound(&rounded, &exact, 0, .bankers)
    return NSDecimalNumber(decimal: rounded).int64Value
  }

  @Test func aSaleOfAnOrderHasTheQuotesFiguresWorkedByHand() throws {
    let day = try DealScript()
    day.environment.today = CalendarDate(year: 2026, month: 11, day: 25) ?? .unixEpoch
    try day.run("rate GBP 0.60338")
    try day.run("build kart extras=winter")
    try day.run("quote 1 gbp discount=5% tax=20% customer=\"Ann Lee\"")
    try day.run("rate GBP 0.9")  // the rates move: the sale keeps the quote's
    try day.run("order Q-1 deposit=500")
    try day.run("stock add 1")
    guard case .event(.stockSold(let sale, _)) = try day.run("stock sell S-1 order=O-1").first
    else {
      Issue.record("nothing sold")
      return
    }
    // By hand: the list $20,000.00 + $1,500.00 at the quote's 0.60338, 5% off, 20% tax.
    let usd = Decimal(20_000) + Decimal(1_500)
    let rate = try #require(Decimal(string: "0.60338"))
    let subtotal = Decimal(Self.cents(usd * rate)) / 100
    let discount = Decimal(Self.cents(subtotal * 5 / 100)) / 100
    let net = subtotal - discount
    let tax = Self.cents(net * 20 / 100)
    let netUSD = Self.cents(net * usd / subtotal)
    #expect(sale.currency == .gbp)
    #expect(sale.listPrice.minorUnits == Self.cents(subtotal))
    #expect(sale.price == Money(minorUnits: Self.cents(net), currency: .gbp))
    #expect(sale.price.minorUnits == 1_232_404)
    #expect(sale.tax == Money(minorUnits: tax, currency: .gbp))
    #expect(sale.priceUSD == Money(minorUnits: netUSD, currency: .usd))
    #expect(sale.deposit == Money(minorUnits: 50_000, currency: .gbp))
    #expect(sale.rate?.value == "0.60338")
    #expect(sale.order == 1 && sale.customer == "Ann Lee")
    guard case .orders(let orders) = try day.run("orders").first else {
      Issue.record("no orders")
      return
    }
    #expect(orders.first?.sale == sale.number && orders.first?.isOpen == false)
  }

  @Test func aClosedOrderIsNotSoldTwiceAndAVoidOpensItAgain() throws {
    let day = try DealScript()
    try day.run("build kart")
    try day.run("quote 1")
    try day.run("order Q-1")
    try day.run("stock add 1 2")
    try day.run("stock sell S-1 order=O-1")
    guard
      case .invalid("stock sell", .orderClosed(order: 1, sale: 1)) = day.failure(
        "stock sell S-1 order=O-1")
    else {
      Issue.record("a closed order was sold again")
      return
    }
    guard
      case .notFound("stock sell", .order(4, known: [1])) = day.failure(
        "stock sell S-1 order=O-4")
    else {
      Issue.record("O-4 was sold")
      return
    }
    guard case .invalid(_, .orderWithPrice) = day.failure("stock sell S-1 order=O-1 price=100"),
      case .invalid(_, .orderOfOneCar(2)) = day.failure("stock sell S-1 2 order=O-1")
    else {
      Issue.record("an order was sold with a price or twice at once")
      return
    }
    try day.run("stock sell S-1 void")
    #expect(day.state.sales.sale(ofOrder: 1) == nil)
    try day.run("stock sell S-1 order=O-1")
    #expect(day.state.sales.sale(ofOrder: 1)?.number == 3)
  }
}
