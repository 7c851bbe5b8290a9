import Foundation
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
    #expect(day.state.sales.entries.isEmpty)
  }

  /// A price in another currency is taken to USD (as given, or at the rate as it applied to
  /// the car) and converted once at the session's rate: $30,000.00 × 0.60338 = £18,101.40; a
  /// price of €27,000.00 where the car lists at €18,000.00 ($20,000.00 × 0.9) is $30,000.00.
  @Test(arguments: [
    "price=$30,000.00", "price=€27,000.00", "price=\"27000 EUR\"", "price=30000 USD",
  ])
  func aPriceInAnotherCurrencyIsConvertedAtTheSessionsRate(price: String) throws {
    let day = try DealScript()
    try day.run("rate GBP 0.60338")
    try day.run("rate EUR 0.9")
    try day.run("currency gbp")
    try day.run("build kart")
    try day.run("stock add 1")
    guard case .event(.stockSold(let sale, _)) = try day.run("stock sell S-1 \(price)").first
    else {
      Issue.record("\(price) sold nothing")
      return
    }
    let usd = Money(minorUnits: 3_000_000, currency: .usd)
    let pounds = Decimal(30_000) * (try #require(Decimal(string: "0.60338"))) * 100
    #expect(sale.currency == .gbp)
    #expect(sale.priceUSD == usd)
    #expect(sale.price.minorUnits == NSDecimalNumber(decimal: pounds).int64Value)
    #expect(sale.price.minorUnits == 1_810_140)
  }

  @Test(arguments: ["€12.345", "XYZ 100", "$1,00"])
  func aBadAmountInAnotherCurrencyIsRefusedNamingIt(bad: String) throws {
    let day = try DealScript()
    try day.run("rate GBP 0.60338")
    try day.run("currency gbp")
    try day.run("build kart")
    try day.run("stock add 1")
    guard
      case .badValue("stock sell", .salePrice, let value) = day.failure(
        "stock sell S-1 price=\"\(bad)\"")
    else {
      Issue.record("\(bad) was taken")
      return
    }
    #expect(value == bad)
    #expect(day.state.sales.entries.isEmpty)
  }
}
