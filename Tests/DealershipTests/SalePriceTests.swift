import StockValuation
import Testing

@testable import Dealership

/// `stock sell … price=` takes an amount with its currency (SPEC §15): `£25,836.32`,
/// `25836.32 GBP`, `GBP 25836.32` or a bare amount, all the same price in the sale's
/// currency; a bad one is refused naming it, another currency naming both.
@Suite struct SalePriceTests {
  @Test func anAmountWithItsCurrencyIsThePriceInTheSalesCurrency() throws {
    for (index, price) in [
      "price=£25,836.32", "price=\"25836.32 GBP\"", "price=25836.32 GBP", "price=\"GBP 25836.32\"",
      "price=25836.32",
    ].enumerated() {
      let day = try DealScript()
      try day.run("rate GBP 0.60338")
      try day.run("currency gbp")
      try day.run("build kart")
      try day.run("stock add 1")
      guard case .event(.stockSold(let sale, _)) = try day.run("stock sell S-1 \(price)").first
      else {
        Issue.record("\(price) sold nothing")
        continue
      }
      #expect(sale.price == Money(minorUnits: 2_583_632, currency: .gbp), "\(index): \(price)")
      #expect(sale.currency == .gbp)
    }
  }

  @Test func aBadPriceOrAnotherCurrencyIsRefusedAndSellsNothing() throws {
    let day = try DealScript()
    try day.run("rate GBP 0.60338")
    try day.run("currency gbp")
    try day.run("build kart")
    try day.run("stock add 1")
    for bad in ["£25,83.32", "25836.321", "£", "25 836.32", "abc GBP"] {
      guard
        case .badValue("stock sell", .salePrice(.gbp, _), let value) = day.failure(
          "stock sell S-1 price=\"\(bad)\"")
      else {
        Issue.record("\(bad) was taken")
        continue
      }
      #expect(value == bad)
    }
    guard
      case .invalid("stock sell", .priceInOtherCurrency(.eur, sale: .gbp)) = day.failure(
        "stock sell S-1 price=€100")
    else {
      Issue.record("a price in euros was taken")
      return
    }
    #expect(day.state.sales.entries.isEmpty)
  }
}
