import Testing

@testable import StockValuation

@Suite struct RoundingTests {
  /// 1 USD = 0.5 GBP turns every odd cent into an exact half penny.
  private func halfRateConverter(_ rounding: Rounding) throws -> any CurrencyConverting {
    let rate = try ExchangeRate(base: .usd, quote: .gbp, parsing: "0.5", source: "test")
    return try CurrencyPairRegistry.shared.factory(for: "GBP").makeConverter(
      rates: RateTable.ecbReference.overriding(with: rate), rounding: rounding)
  }

  @Test(arguments: [
    (Int64(1), Int64(0), Int64(1)), (3, 2, 2), (5, 2, 3), (7, 4, 4), (-1, 0, -1), (-3, -2, -2),
    (-5, -2, -3), (4, 2, 2),
  ])
  func tiesInConversion(cents: Int64, halfEven: Int64, halfUp: Int64) throws {
    let amount = Money(minorUnits: cents, currency: .usd)
    #expect(try halfRateConverter(.halfEven).convert(amount).minorUnits == halfEven)
    #expect(try halfRateConverter(.halfUp).convert(amount).minorUnits == halfUp)
  }

  /// Tax of 50 % on a few cents gives exact half cents.
  @Test(arguments: [
    (Int64(1), Int64(2), Int64(2)), (3, 4, 5), (5, 8, 8), (7, 10, 11),
  ])
  func tiesInLineValues(cents: Int64, halfEven: Int64, halfUp: Int64) throws {
    let line = try StockLine(
      name: "x", category: "y", unitPrice: Money(minorUnits: cents, currency: .usd),
      quantity: 1, taxPercent: ExactDecimal(significand: 50, scale: 0))
    #expect(try line.exactValue().rounded(.halfEven).minorUnits == halfEven)
    #expect(try line.exactValue().rounded(.halfUp).minorUnits == halfUp)
  }

  @Test func nonTiesRoundToNearestUnderBothRules() throws {
    let exact = ExactMoney(scaled: 1_499_999, currency: .usd)
    #expect(try exact.rounded(.halfEven).minorUnits == 1)
    #expect(try exact.rounded(.halfUp).minorUnits == 1)
    let negative = ExactMoney(scaled: -1_500_001, currency: .usd)
    #expect(try negative.rounded(.halfEven).minorUnits == -2)
    #expect(try negative.rounded(.halfUp).minorUnits == -2)
  }

  @Test func rawValuesAreTheCommandLineSpellings() {
    #expect(Rounding(rawValue: "half-even") == .halfEven)
    #expect(Rounding(rawValue: "half-up") == .halfUp)
    #expect(Rounding(rawValue: "up") == nil)
  }
}
