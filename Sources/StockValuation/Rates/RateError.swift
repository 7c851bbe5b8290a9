import Support

/// An error about an exchange rate: its value, its currencies, or a missing rate.
public enum RateError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The rate text is not a number (`bad rate 'abc' for USD`).
  case badRate(String, quote: String)
  /// The rate is zero or negative.
  case notPositive(String, quote: String)
  /// Base and quote are the same currency.
  case sameCurrency(String)
  /// The table has no rate for the currency; `source` names the table.
  case missingRate(String, source: String)
  /// The table, chosen for an as-of date, has no rate for the currency on or before it; the
  /// file's first rate for it is of `next`.
  case noRateAsOf(String, asOf: CalendarDate, next: CalendarDate, source: String)
  /// A rate's base is not the table's base (expected, actual).
  case wrongBase(expected: String, actual: String)
  /// The table already has a rate for this quote currency.
  case duplicateRate(String)

  /// The message shown to users.
  ///
  /// Control characters in quoted values are escaped (`\n`), so it stays one line.
  public var description: String { unescapedDescription.escapingControlCharacters }

  private var unescapedDescription: String {
    switch self {
    case .badRate(let text, let quote):
      return "bad rate '\(text)' for \(quote)"
    case .notPositive(let text, let quote):
      return "rate for \(quote) must be positive, got '\(text)'"
    case .sameCurrency(let code):
      return "a rate needs two different currencies, got \(code) twice"
    case .missingRate(let code, let source):
      return "no rate for \(code) in \(source)"
    case .noRateAsOf(let code, let asOf, let next, let source):
      return "no rate for \(code) on or before the as-of date \(asOf) in \(source); "
        + "its first rate is of \(next)"
    case .wrongBase(let expected, let actual):
      return "rate has base \(actual), but the table's base is \(expected)"
    case .duplicateRate(let code):
      return "duplicate rate for \(code)"
    }
  }
}
