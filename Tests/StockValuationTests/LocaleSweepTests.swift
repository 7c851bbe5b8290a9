import Foundation
import Testing

@testable import StockValuation

/// SPEC §3: with a locale, the text is exactly what Foundation's currency `FormatStyle`
/// produces. The reference here is Foundation itself, given an exact `Decimal` parsed from the
/// amount's text (the product builds its `Decimal`s, and mostly its text, another way).
///
/// Every locale Foundation knows is swept with currencies chosen for their properties (0, 2
/// and 3 decimals; symbols before and after; Indian grouping), and every currency of the ISO
/// table with locales chosen for theirs (native digits, bidi marks, minimum grouping digits,
/// apostrophe and no-break-space grouping). `LOCALE_SWEEP=all` sweeps every pair instead.
@Suite struct LocaleSweepTests {
  /// Every locale Foundation knows, in eight slices so the cases run in parallel.
  static let localeSlices: [[String]] = {
    let all = Locale.availableIdentifiers.sorted()
    return (0..<8).map { slice in all.enumerated().filter { $0.offset % 8 == slice }.map(\.element)
    }
  }()

  /// Currencies with tricky properties: 0, 2 and 3 decimals, symbols that go before or after,
  /// lakh grouping in Indian locales.
  static let trickyCurrencies = ["USD", "EUR", "JPY", "BHD", "INR", "CHF"]

  /// Locales with tricky properties.
  static let trickyLocales = [
    "en_US", "de_DE", "fr_FR", "de_CH", "hi_IN", "en_IN", "bn", "ar_EG", "ar_SA", "fa_IR",
    "he_IL", "pl_PL", "es_ES", "pt_PT", "hu_HU", "my", "ja_JP", "sv_SE", "nl_NL", "ps",
  ]

  @Test(arguments: 0..<8)
  func everyLocaleMatchesFoundation(slice: Int) throws {
    let sweepAll = ProcessInfo.processInfo.environment["LOCALE_SWEEP"] == "all"
    let codes = sweepAll ? ISO4217.codes : Self.trickyCurrencies
    var result = SweepResult()
    for locale in Self.localeSlices[slice] {
      for code in codes { try result.sweep(locale: locale, code: code) }
    }
    #expect(result.differences.isEmpty, "\(result.differences.prefix(20))")
    #expect(result.foundationPaths.isEmpty, "\(result.foundationPaths.prefix(20))")
    #expect(result.pairs > 0)
  }

  @Test func everyCurrencyMatchesFoundation() throws {
    var result = SweepResult()
    for code in ISO4217.codes {
      for locale in Self.trickyLocales { try result.sweep(locale: locale, code: code) }
    }
    #expect(result.differences.isEmpty, "\(result.differences.prefix(20))")
    #expect(result.foundationPaths.isEmpty, "\(result.foundationPaths.prefix(20))")
    #expect(result.pairs == ISO4217.codes.count * Self.trickyLocales.count)
  }

  @Test(arguments: [
    ("hi_IN", "INR", "1234567", "₹12,34,567.00"),
    ("en_IN", "INR", "123456789.5", "₹12,34,56,789.50"),
    ("pl_PL", "EUR", "1234.5", "1234,50\u{A0}€"),
    ("pl_PL", "EUR", "12345.5", "12\u{A0}345,50\u{A0}€"),
    ("es_ES", "EUR", "1234.5", "1234,50\u{A0}€"),
    ("fr_FR", "EUR", "1234567.89", "1\u{202F}234\u{202F}567,89\u{A0}€"),
    ("de_CH", "CHF", "-1234.5", "CHF-1’234.50"),
  ])
  func spotChecksFromTheIssue(locale: String, code: String, amount: String, expected: String)
    throws
  {
    let currency = try Currency(code: code)
    let factory = try CurrencyPairRegistry().register(code, replacingExisting: true)
    let formatter = try factory.makeFormatter(locale: locale)
    let money = try Money(
      parsing: amount.paddedFraction(currency.minorUnits), currency: currency,
      allowingNegative: true)
    #expect(try formatter.format(money) == expected)
  }
}

/// The sweep's tally: pairs compared, texts that differ, pairs left on the general path.
private struct SweepResult {
  var pairs = 0
  var differences: [String] = []
  var foundationPaths: [String] = []

  /// Compares the product with Foundation for one pair on every amount of ``amounts(for:)``.
  mutating func sweep(locale: String, code: String) throws {
    let currency = try Currency(code: code)
    let path = try LocalePatternProbe.path(locale: locale, currency: currency)
    if path.pattern == nil { foundationPaths.append("\(locale) \(code)") }
    let formatter = AmountFormatter(currency: currency, localeIdentifier: locale, path: path)
    let style = Decimal.FormatStyle.Currency(code: code, locale: Locale(identifier: locale))
      .precision(.fractionLength(currency.minorUnits))
    for (text, minorUnits) in Self.amounts(for: currency.minorUnits) {
      guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
        differences.append("unparsable reference amount \(text)")
        continue
      }
      let expected = style.format(decimal)
      let actual = try formatter.format(Money(minorUnits: minorUnits, currency: currency))
      if actual != expected {
        differences.append(
          "\(locale) \(code) \(text): \(actual.debugDescription) ≠ \(expected.debugDescription)")
      }
    }
    pairs += 1
  }

  /// Amounts as decimal text and as minor units, built separately from the same pieces:
  /// zero, one to nineteen integer digits (every grouping boundary), negatives, and the
  /// largest and smallest amounts of the money type (past `Double`'s exact integers).
  static func amounts(for fractionDigits: Int) -> [(String, Int64)] {
    amountCache[fractionDigits] ?? []
  }

  private static let amountCache: [Int: [(String, Int64)]] = {
    var table: [Int: [(String, Int64)]] = [:]
    for digits in 0...3 {
      let fraction = String("0517".prefix(digits))
      let integers = [
        "0", "7", "12", "123", "1234", "12345", "123456", "1234567", "12345678", "123456789",
        "1234567890123",
      ]
      var amounts: [(String, Int64)] = []
      func add(_ sign: String, _ integer: String, _ fraction: String) {
        let text = sign + integer + (fraction.isEmpty ? "" : "." + fraction)
        if let minor = Int64(sign + integer + fraction) { amounts.append((text, minor)) }
      }
      for integer in integers { add("", integer, fraction) }
      for integer in ["7", "1234", "12345678"] { add("-", integer, fraction) }
      let largest = "9223372036854775807"
      let smallest = "9223372036854775808"
      add("", String(largest.dropLast(digits)), String(largest.suffix(digits)))
      add("-", String(smallest.dropLast(digits)), String(smallest.suffix(digits)))
      table[digits] = amounts
    }
    return table
  }()
}

extension String {
  /// The amount with exactly `digits` decimals (`"1234.5"` → `"1234.50"`).
  fileprivate func paddedFraction(_ digits: Int) -> String {
    guard digits > 0 else { return self }
    let parts = split(separator: ".", omittingEmptySubsequences: false)
    let fraction = parts.count > 1 ? String(parts[1]) : ""
    return String(parts[0]) + "." + fraction
      + String(repeating: "0", count: digits - fraction.count)
  }
}
