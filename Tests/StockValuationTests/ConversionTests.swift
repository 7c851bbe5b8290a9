import Testing

@testable import StockValuation

@Suite struct ConversionTests {
  @Test func crossRatesGoThroughTheEuroExactly() throws {
    let converter = try CurrencyPairRegistry.shared.factory(for: "GBP").makeConverter(
      rates: .ecbReference)
    // 1,000,000.00 USD × 0.82608 ÷ 1.0411 = 793,468.4468… GBP
    let pounds = try converter.convert(Money(minorUnits: 100_000_000, currency: .usd))
    #expect(pounds.decimalString == "793468.45")
    #expect(converter.effectiveRate.via == .eur)
    #expect(converter.effectiveRate.value == DecimalFigure(significand: 793_468, exponent: -6))
    #expect(converter.effectiveRate.dates == [CalendarDate(year: 2025, month: 2, day: 28)])
    #expect(converter.effectiveRate.sources == ["ECB euro reference rates"])
  }

  @Test func convertingToJapaneseYenUsesZeroMinorUnits() throws {
    let yen = try CurrencyPairRegistry().register("JPY", symbol: nil, replacingExisting: false)
    let converter = try yen.makeConverter(rates: .ecbReference)
    // 100.00 USD × 156.96 ÷ 1.0411 = 15,076.3615… JPY
    #expect(try converter.convert(Money(minorUnits: 10_000, currency: .usd)).minorUnits == 15_076)
    #expect(
      converter.effectiveRate.description
        == "1 USD = 150.764 JPY (ECB euro reference rates, 2025-02-28, via EUR)")
  }

  @Test func euroTargetsUseTheTableRateExplicitly() throws {
    let euro = try CurrencyPairRegistry().register("EUR", symbol: nil, replacingExisting: false)
    let converter = try euro.makeConverter(rates: .ecbReference)
    // 1,041.10 USD ÷ 1.0411 = 1,000.00 EUR exactly.
    #expect(try converter.convert(Money(minorUnits: 104_110, currency: .usd)).minorUnits == 100_000)
    #expect(
      converter.effectiveRate.description
        == "1 USD = 0.960523 EUR (ECB euro reference rates, 2025-02-28, from 1 EUR = 1.0411 USD)")
    let fromEuro = try CurrencyPairRegistry.shared.factory(for: "GBP")
      .makeConverter(from: .eur, rates: .ecbReference, rounding: .halfEven)
    #expect(fromEuro.effectiveRate.isExact)
    #expect(
      fromEuro.effectiveRate.description
        == "1 EUR = 0.82608 GBP (ECB euro reference rates, 2025-02-28)")
  }

  @Test func overrideTakesPrecedenceOnlyInItsDirection() throws {
    let rates = try Fixtures.bookRates()
    let pounds = try CurrencyPairRegistry.shared.factory(for: "GBP").makeConverter(rates: rates)
    #expect(pounds.effectiveRate.isExact)
    #expect(try pounds.convert(Money(minorUnits: 100, currency: .usd)).minorUnits == 60)
    // GBP → USD is not the inverse of the override: it goes through the ECB table.
    let dollars = try CurrencyPairRegistry.shared.factory(for: "USD")
      .makeConverter(from: .gbp, rates: rates, rounding: .halfEven)
    #expect(dollars.effectiveRate.legs.count == 2)
    #expect(dollars.effectiveRate.legs.allSatisfy { $0.source == "ECB euro reference rates" })
  }

  @Test(arguments: ["0", "0.000", "-1", "NaN", "abc", "1e3", "", "inf"])
  func badRatesAreRefused(text: String) {
    #expect(throws: RateError.self) {
      try ExchangeRate(base: .usd, quote: .gbp, parsing: text, source: "command line")
    }
  }

  @Test func rateErrorsSpeakToUsers() {
    #expect(throws: RateError.badRate("abc", quote: "GBP")) {
      try ExchangeRate(base: .usd, quote: .gbp, parsing: "abc", source: "command line")
    }
    #expect(throws: RateError.notPositive("0", quote: "GBP")) {
      try ExchangeRate(base: .usd, quote: .gbp, parsing: "0", source: "command line")
    }
    #expect(throws: RateError.sameCurrency("USD")) {
      try ExchangeRate(base: .usd, quote: .usd, parsing: "1", source: "command line")
    }
    #expect(RateError.badRate("abc", quote: "USD").description == "bad rate 'abc' for USD")
  }

  @Test func missingRateIsAnError() throws {
    let table = try RateTable(base: .eur, source: "tiny", rates: [])
    #expect(throws: RateError.missingRate("USD", source: "tiny")) {
      try CurrencyPairRegistry.shared.factory(for: "GBP").makeConverter(rates: table)
    }
  }

  @Test func converterRefusesAnotherSourceCurrency() throws {
    let converter = try CurrencyPairRegistry.shared.factory(for: "GBP").makeConverter(
      rates: .ecbReference)
    #expect(throws: MoneyError.currencyMismatch(expected: "USD", actual: "GBP")) {
      try converter.convert(Money.zero(.gbp))
    }
  }

  @Test func conversionOverflowIsAnError() throws {
    let yen = try CurrencyPairRegistry().register("KRW", symbol: nil, replacingExisting: false)
    let converter = try yen.makeConverter(rates: .ecbReference)
    #expect(throws: MoneyError.self) {
      try converter.convert(Money(minorUnits: .max, currency: .usd))
    }
    #expect(throws: MoneyError.self) {
      try converter.convert(Money(minorUnits: .min, currency: .usd))
    }
  }

  @Test func identityAtTheLimitsIsExact() throws {
    let converter = try CurrencyPairRegistry.shared.factory(for: "USD").makeConverter(
      rates: .ecbReference)
    #expect(try converter.convert(Money(minorUnits: .min, currency: .usd)).minorUnits == .min)
    #expect(try converter.convert(Money(minorUnits: .max, currency: .usd)).minorUnits == .max)
  }
}
