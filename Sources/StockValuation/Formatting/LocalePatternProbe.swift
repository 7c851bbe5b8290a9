import FoundationEssentials
import FoundationInternationalization
import Synchronization

/// Learns a locale's currency pattern once from Foundation, by formatting probe amounts.
///
/// Foundation's currency `FormatStyle` formats four probes: a fifteen-digit amount (every
/// digit, many groups: affixes, separators, group sizes, the digits themselves), a negative
/// four-digit and a positive five-digit amount (negative affixes; whether four or five digits
/// are grouped gives the minimum grouping digits) and zero. The pattern read off them is kept
/// only if it reproduces all four texts byte for byte; otherwise that locale and currency use
/// Foundation for every amount. Either way the choice is made once and cached, and the text
/// is Foundation's.
enum LocalePatternProbe {
  private static let cache = Mutex<[String: FormatPath]>([:])
  private static let knownIdentifiers = Set(Locale.availableIdentifiers)

  /// How `currency` is formatted in the locale `identifier` (`de_DE`; `de-DE` also works).
  /// - Parameters:
  ///   - identifier: A locale identifier Foundation knows.
  ///   - currency: The currency.
  /// - Returns: A learned pattern, or Foundation's style where no pattern fits.
  /// - Throws: ``CurrencyError/unknownLocale(_:)`` for an identifier Foundation does not know.
  static func path(locale identifier: String, currency: Currency) throws(CurrencyError)
    -> FormatPath
  {
    let canonical = String(identifier.map { $0 == "-" ? "_" : $0 })
    let key = "\(canonical)|\(currency.code)"
    if let cached = cache.withLock({ $0[key] }) { return cached }
    guard knownIdentifiers.contains(canonical) else { throw .unknownLocale(identifier) }
    let style = LocaleCurrencyStyle(locale: Locale(identifier: canonical), currency: currency)
    let path = learn(from: style).map(FormatPath.pattern) ?? .foundation(style)
    cache.withLock { $0[key] = path }
    return path
  }

  /// The probe amounts in minor units: 123456789012345.89…, −1234.89…, 12345.89…, 0.
  static func probes(fractionDigits: Int) -> [Int64] {
    let scale = Pow10.int64[fractionDigits]
    let fraction = Int64(String("8912".prefix(fractionDigits))) ?? 0
    return [
      123_456_789_012_345 * scale + fraction, -(1234 * scale + fraction),
      12345 * scale + fraction, 0,
    ]
  }

  /// The pattern that reproduces Foundation's text for every probe, or `nil`.
  /// - Parameter style: Foundation's style for one locale and currency.
  /// - Returns: The learned pattern, or `nil` if none reproduces the probes.
  static func learn(from style: LocaleCurrencyStyle) -> NumberPattern? {
    let amounts = probes(fractionDigits: style.fractionDigits)
    let texts = amounts.map(style.format(minorUnits:))
    guard
      let pattern = parse(
        long: texts[0], negativeFour: texts[1], five: texts[2],
        fractionDigits: style.fractionDigits)
    else { return nil }
    for (amount, text) in zip(amounts, texts) where pattern.format(minorUnits: amount) != text {
      return nil
    }
    return pattern
  }

  /// Reads a pattern off the texts of the first three probes, or `nil` for an unexpected shape.
  /// - Parameters:
  ///   - long: The text of 123456789012345 with the fraction digits `8912…`.
  ///   - negativeFour: The text of −1234 with the same fraction digits.
  ///   - five: The text of 12345 with the same fraction digits.
  ///   - fractionDigits: The number of fraction digits shown.
  /// - Returns: The pattern (not yet checked against the texts).
  static func parse(long: String, negativeFour: String, five: String, fractionDigits: Int)
    -> NumberPattern?
  {
    let fraction = String("8912".prefix(fractionDigits))
    guard let shape = Shape(long, integer: "123456789012345", fraction: fraction),
      let negative = Shape(negativeFour, integer: "1234", fraction: fraction),
      let fiveShape = Shape(five, integer: "12345", fraction: fraction),
      Set(shape.separators).count <= 1
    else { return nil }
    var digits = [String](repeating: "", count: 10)
    for (value, scalar) in shape.digits {
      let digit = String(scalar)
      guard digits[value].isEmpty || digits[value] == digit else { return nil }
      digits[value] = digit
    }
    let runs = shape.integerRuns
    let primary = runs.count > 1 ? runs[runs.count - 1] : 0
    let secondary = runs.count > 2 ? runs[runs.count - 2] : max(primary, 1)
    let minimumGrouping =
      negative.integerRuns.count > 1
      ? 1 : fiveShape.integerRuns.count > 1 ? 5 - primary : 6 - primary
    return NumberPattern(
      positivePrefix: shape.prefix, positiveSuffix: shape.suffix,
      negativePrefix: negative.prefix, negativeSuffix: negative.suffix,
      groupingSeparator: shape.separators.first ?? "", decimalSeparator: shape.decimal,
      primaryGroupSize: primary, secondaryGroupSize: secondary,
      minimumGroupingDigits: max(minimumGrouping, 1), fractionDigits: fractionDigits,
      digits: digits)
  }

  /// The parts of one formatted probe.
  private struct Shape {
    var prefix = ""
    var suffix = ""
    /// The separators between integer digit groups, left to right.
    var separators: [String] = []
    /// The lengths of the integer digit groups, left to right.
    var integerRuns: [Int] = []
    var decimal = ""
    /// Each digit's value and the scalar that shows it, left to right.
    var digits: [(Int, Unicode.Scalar)] = []

    /// Splits `text`, which shows `integer` and `fraction` in some digits.
    init?(_ text: String, integer: String, fraction: String) {
      let scalars = Array(text.unicodeScalars)
      let isDigit = { (scalar: Unicode.Scalar) in scalar.properties.numericType == .decimal }
      guard let first = scalars.firstIndex(where: isDigit),
        let last = scalars.lastIndex(where: isDigit)
      else { return nil }
      prefix = String(String.UnicodeScalarView(scalars[..<first]))
      suffix = String(String.UnicodeScalarView(scalars[(last + 1)...]))
      var runs: [Int] = [0]
      var between: [String] = []
      var current = ""
      for scalar in scalars[first...last] {
        if isDigit(scalar) {
          if !current.isEmpty {
            between.append(current)
            runs.append(0)
            current = ""
          }
          runs[runs.count - 1] += 1
          digits.append((0, scalar))
        } else {
          current.unicodeScalars.append(scalar)
        }
      }
      let expected = Array((integer + fraction).utf8)
      guard digits.count == expected.count else { return nil }
      for index in digits.indices { digits[index].0 = Int(expected[index] &- 48) }
      if !fraction.isEmpty {
        guard runs.last == fraction.utf8.count, let separator = between.popLast() else {
          return nil
        }
        runs.removeLast()
        decimal = separator
      }
      integerRuns = runs
      separators = between
    }
  }
}
