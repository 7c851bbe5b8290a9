import Foundation
import Synchronization

/// Learns a locale's currency pattern once from Foundation, by formatting probe numbers.
///
/// `NumberFormatter` formats `1234567.89` and `-1234567.89` in the locale; the text around the
/// digits gives prefix and suffix, the separators and group sizes are read off the digits.
/// Results are cached per locale and currency, so formatting itself never calls Foundation.
enum LocalePatternProbe {
  private static let cache = Mutex<[String: NumberPattern]>([:])
  private static let knownIdentifiers = Set(Locale.availableIdentifiers)

  /// The pattern for `currency` in the locale `identifier` (`de_DE`; `de-DE` also works).
  static func pattern(locale identifier: String, currency: Currency) throws(CurrencyError)
    -> NumberPattern
  {
    let canonical = identifier.replacingOccurrences(of: "-", with: "_")
    let key = "\(canonical)|\(currency.code)"
    if let cached = cache.withLock({ $0[key] }) { return cached }
    guard knownIdentifiers.contains(canonical) else { throw .unknownLocale(identifier) }
    let formatter = NumberFormatter()
    formatter.locale = Locale(identifier: canonical)
    formatter.numberStyle = .currency
    formatter.currencyCode = currency.code
    formatter.minimumFractionDigits = currency.minorUnits
    formatter.maximumFractionDigits = currency.minorUnits
    let fraction = String("8912".prefix(currency.minorUnits))
    let probe = fraction.isEmpty ? "1234567" : "1234567.\(fraction)"
    guard let positive = formatter.string(from: NSDecimalNumber(string: probe)),
      let negative = formatter.string(from: NSDecimalNumber(string: "-" + probe)),
      let pattern = parse(
        positive: positive, negative: negative, fractionDigits: currency.minorUnits)
    else { throw .unknownLocale(identifier) }
    cache.withLock { $0[key] = pattern }
    return pattern
  }

  /// Reads a pattern off the formatted probes, or `nil` if they have an unexpected shape.
  static func parse(positive: String, negative: String, fractionDigits: Int) -> NumberPattern? {
    guard let shape = Shape(positive, fractionDigits: fractionDigits),
      let negativeShape = Shape(negative, fractionDigits: fractionDigits)
    else { return nil }
    // Foundation separates with no-break spaces (U+00A0, U+202F); a command-line tool's
    // output is read by people and by scripts (grep, cut), so they become plain spaces.
    func plain(_ text: String) -> String {
      String(text.map { $0 == "\u{A0}" || $0 == "\u{202F}" ? " " : $0 })
    }
    return NumberPattern(
      positivePrefix: plain(shape.prefix), positiveSuffix: plain(shape.suffix),
      negativePrefix: plain(negativeShape.prefix), negativeSuffix: plain(negativeShape.suffix),
      groupingSeparator: plain(shape.grouping), decimalSeparator: shape.decimal,
      primaryGroupSize: shape.primary, secondaryGroupSize: shape.secondary,
      fractionDigits: fractionDigits, zeroDigit: shape.zero)
  }

  /// The parts of one formatted probe.
  private struct Shape {
    var prefix = ""
    var suffix = ""
    var grouping = ""
    var decimal = "."
    var primary = 0
    var secondary = 0
    var zero: UInt32 = 0x30

    init?(_ text: String, fractionDigits: Int) {
      let scalars = Array(text.unicodeScalars)
      guard let first = scalars.firstIndex(where: { $0.properties.numericType == .decimal }),
        let last = scalars.lastIndex(where: { $0.properties.numericType == .decimal })
      else { return nil }
      zero = scalars[first].value &- 1  // the probe starts with the digit 1
      prefix = String(String.UnicodeScalarView(scalars[..<first]))
      suffix = String(String.UnicodeScalarView(scalars[(last + 1)...]))
      // Split the middle into digit runs and separator runs.
      var digitRuns: [String] = []
      var separators: [String] = []
      var current = ""
      var inDigits = true
      for scalar in scalars[first...last] {
        let digitValue = scalar.value &- zero
        let isDigit = scalar.properties.numericType == .decimal && digitValue < 10
        if isDigit != inDigits {
          if inDigits { digitRuns.append(current) } else { separators.append(current) }
          current = ""
          inDigits = isDigit
        }
        current.unicodeScalars.append(
          isDigit ? Unicode.Scalar(UInt8(48 + digitValue)) : scalar)
      }
      digitRuns.append(current)
      if fractionDigits > 0 {
        guard let fraction = digitRuns.popLast(), fraction.count == fractionDigits,
          let decimalSeparator = separators.popLast()
        else { return nil }
        decimal = decimalSeparator
      }
      guard digitRuns.joined() == "1234567", Set(separators).count <= 1 else { return nil }
      if let separator = separators.first {
        grouping = separator
        primary = digitRuns[digitRuns.count - 1].count
        secondary = digitRuns.count > 2 ? digitRuns[digitRuns.count - 2].count : primary
      }
    }
  }
}
