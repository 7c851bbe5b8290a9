import Testing

@testable import StockValuation

@Suite struct FormattingTests {
  @Test(arguments: [
    ("USD", Int64(123_456), "$1,234.56"), ("GBP", 123_456, "£1,234.56"),
    ("EUR", 123_456, "€1,234.56"), ("JPY", 1235, "¥1,235"), ("USD", -500, "-$5.00"),
    ("USD", 5, "$0.05"), ("USD", 0, "$0.00"), ("GBP", 24_636_243, "£246,362.43"),
    ("USD", 100_000_000_000, "$1,000,000,000.00"), ("JPY", -1_234_567, "-¥1,234,567"),
    ("BHD", 1_234_567, "BHD 1,234.567"), ("USD", .min, "-$92,233,720,368,547,758.08"),
  ])
  func homeConventions(code: String, minorUnits: Int64, expected: String) throws {
    let factory = try CurrencyPairRegistry().factoryOrRegister(code)
    let amount = Money(minorUnits: minorUnits, currency: factory.currency)
    #expect(try factory.makeFormatter().format(amount) == expected)
  }

  @Test(arguments: [
    ("de_DE", "EUR", Int64(123_456), "1.234,56 €"),
    ("de-DE", "EUR", -123_456, "-1.234,56 €"),
    ("en_US", "USD", 123_456, "$1,234.56"),
    ("en_US", "USD", -500, "-$5.00"),
    ("en_GB", "GBP", 24_636_243, "£246,362.43"),
    ("fr_FR", "EUR", 123_456_789, "1 234 567,89 €"),
    ("ja_JP", "JPY", 1235, "¥1,235"),
  ])
  func explicitLocales(locale: String, code: String, minorUnits: Int64, expected: String) throws {
    let factory = try CurrencyPairRegistry().factoryOrRegister(code)
    let formatter = try factory.makeFormatter(locale: locale)
    #expect(formatter.localeIdentifier == locale)
    let text = try formatter.format(Money(minorUnits: minorUnits, currency: factory.currency))
    #expect(text == expected)
  }

  @Test func unknownLocaleIsAnError() throws {
    #expect(throws: CurrencyError.unknownLocale("xx_YY")) {
      try CurrencyPairRegistry.shared.factory(for: "USD").makeFormatter(locale: "xx_YY")
    }
  }

  @Test func nilLocaleMeansHomeConvention() throws {
    let formatter = try CurrencyPairRegistry.shared.factory(for: "GBP").makeFormatter(
      locale: nil as String?)
    #expect(formatter.localeIdentifier == nil)
    #expect(try formatter.format(Money(minorUnits: 100, currency: .gbp)) == "£1.00")
  }

  @Test func formatterRefusesAnotherCurrency() throws {
    let formatter = try CurrencyPairRegistry.shared.factory(for: "GBP").makeFormatter()
    #expect(throws: MoneyError.currencyMismatch(expected: "GBP", actual: "USD")) {
      try formatter.format(.zero(.usd))
    }
  }

  @Test func probeParsingHandlesIndianGroupingAndOtherDigits() throws {
    let indian = try #require(
      LocalePatternProbe.parse(
        positive: "₹12,34,567.89", negative: "-₹12,34,567.89", fractionDigits: 2))
    #expect(indian.format(minorUnits: 123_456_789_012) == "₹1,23,45,67,890.12")
    let arabic = try #require(
      LocalePatternProbe.parse(
        positive: "١٬٢٣٤٬٥٦٧٫٨٩ €", negative: "-١٬٢٣٤٬٥٦٧٫٨٩ €", fractionDigits: 2))
    #expect(arabic.format(minorUnits: 123_456) == "١٬٢٣٤٫٥٦ €")
  }
}

extension CurrencyPairRegistry {
  /// The registered factory for `code`, registering it first if needed (tests only).
  fileprivate func factoryOrRegister(_ code: String) throws -> any CurrencyPairFactory {
    try factoryRegisteringIfMissing(code)
  }
}
