import Foundation
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
    ("de_DE", "EUR", Int64(123_456), "1.234,56\u{A0}€"),
    ("de-DE", "EUR", -123_456, "-1.234,56\u{A0}€"),
    ("en_US", "USD", 123_456, "$1,234.56"),
    ("en_US", "USD", -500, "-$5.00"),
    ("en_GB", "GBP", 24_636_243, "£246,362.43"),
    ("fr_FR", "EUR", 123_456_789, "1\u{202F}234\u{202F}567,89\u{A0}€"),
    ("pl_PL", "PLN", 123_450, "1234,50\u{A0}zł"),
    ("hi_IN", "INR", 123_456_700, "₹12,34,567.00"),
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

  @Test func probeParsingLearnsIndianGroupingAndOtherDigits() throws {
    let indian = try #require(
      LocalePatternProbe.parse(
        long: "₹12,34,56,78,90,12,345.89", negativeFour: "-₹1,234.89", five: "₹12,345.89",
        fractionDigits: 2))
    #expect(indian.primaryGroupSize == 3)
    #expect(indian.secondaryGroupSize == 2)
    #expect(indian.format(minorUnits: 123_456_789_012) == "₹1,23,45,67,890.12")
    #expect(indian.format(minorUnits: 99_900) == "₹999.00")
    let arabic = try #require(
      LocalePatternProbe.parse(
        long: "١٢٣٬٤٥٦٬٧٨٩٬٠١٢٬٣٤٥٫٨٩ €", negativeFour: "-١٬٢٣٤٫٨٩ €", five: "١٢٬٣٤٥٫٨٩ €",
        fractionDigits: 2))
    #expect(arabic.digits == ["٠", "١", "٢", "٣", "٤", "٥", "٦", "٧", "٨", "٩"])
    #expect(arabic.format(minorUnits: 123_456) == "١٬٢٣٤٫٥٦ €")
  }

  @Test func probeParsingLearnsMinimumGroupingDigits() throws {
    let polish = try #require(
      LocalePatternProbe.parse(
        long: "123\u{A0}456\u{A0}789\u{A0}012\u{A0}345,89\u{A0}zł",
        negativeFour: "-1234,89\u{A0}zł", five: "12\u{A0}345,89\u{A0}zł", fractionDigits: 2))
    #expect(polish.minimumGroupingDigits == 2)
    #expect(polish.format(minorUnits: 123_450) == "1234,50\u{A0}zł")
    #expect(polish.format(minorUnits: 1_234_550) == "12\u{A0}345,50\u{A0}zł")
    #expect(polish.format(minorUnits: -99_999_900) == "-999\u{A0}999,00\u{A0}zł")
  }

  @Test func probeParsingRefusesAnUnexpectedShape() {
    // Two different grouping separators, and a wrong number of digits.
    #expect(
      LocalePatternProbe.parse(
        long: "123,456.789,012,345.89", negativeFour: "-1,234.89", five: "12,345.89",
        fractionDigits: 2) == nil)
    #expect(
      LocalePatternProbe.parse(
        long: "$1.00", negativeFour: "-$1,234.89", five: "$12,345.89", fractionDigits: 2) == nil)
  }

  @Test(arguments: [0, 2, 3])
  func learnedPatternsReproduceTheirProbes(fractionDigits: Int) throws {
    let code = ["JPY", "", "USD", "BHD"][fractionDigits]
    let style = LocaleCurrencyStyle(
      locale: Locale(identifier: "hi_IN"), currency: try Currency(code: code))
    let pattern = try #require(LocalePatternProbe.learn(from: style))
    for amount in LocalePatternProbe.probes(fractionDigits: fractionDigits) {
      #expect(pattern.format(minorUnits: amount) == style.format(minorUnits: amount))
    }
  }
}

extension CurrencyPairRegistry {
  /// The registered factory for `code`, registering it first if needed (tests only).
  fileprivate func factoryOrRegister(_ code: String) throws -> any CurrencyPairFactory {
    try factoryRegisteringIfMissing(code)
  }
}
