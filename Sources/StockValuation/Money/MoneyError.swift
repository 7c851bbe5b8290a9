import Support

/// An error from parsing, computing or converting amounts of money.
public enum MoneyError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The text is not a number in the accepted syntax (see `Docs/Money.md`).
  case badNumber(String)
  /// The number has more decimals than allowed (`allowed` is the limit).
  case tooManyDecimals(String, allowed: Int)
  /// The number is syntactically fine but too large to represent.
  case outOfRange(String)
  /// A computation overflowed; the associated text names it.
  case overflow(String)
  /// Two amounts of different currencies were combined (expected, actual).
  case currencyMismatch(expected: String, actual: String)

  /// The message shown to users.
  ///
  /// Control characters in quoted values are escaped (`\n`), so it stays one line.
  public var description: String { unescapedDescription.escapingControlCharacters }

  private var unescapedDescription: String {
    switch self {
    case .badNumber(let text):
      return "bad number '\(text)'"
    case .tooManyDecimals(let text, let allowed):
      return "too many decimal places in '\(text)' (at most \(allowed))"
    case .outOfRange(let text):
      return "number out of range '\(text)'"
    case .overflow(let what):
      return "overflow: \(what)"
    case .currencyMismatch(let expected, let actual):
      return "currency mismatch: expected \(expected), got \(actual)"
    }
  }
}
