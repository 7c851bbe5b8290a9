/// Formats amounts of one currency for people, exactly (never through floating point).
///
/// A formatter is made by a ``CurrencyPairFactory`` and belongs to that factory's currency.
public protocol MoneyFormatting: Sendable {
  /// The currency this formatter formats.
  var currency: Currency { get }
  /// The locale identifier (`"de_DE"`), or `nil` for the currency's home convention.
  var localeIdentifier: String? { get }

  /// Formats an amount: `$1,234.56`, `-$5.00`, `1.234,56 €`.
  /// - Parameter amount: An amount in ``currency``.
  /// - Returns: The formatted text.
  /// - Throws: ``MoneyError/currencyMismatch(expected:actual:)`` for another currency.
  func format(_ amount: Money) throws(MoneyError) -> String

  /// Formats a count with the same digit grouping: `1,234`, `1.234` (de_DE), `12,34,567`.
  /// - Parameter count: A whole number of items.
  /// - Returns: The grouped digits.
  func formatCount(_ count: Int64) -> String
}

extension MoneyFormatting {
  /// The home convention's grouping: `,` between groups of three.
  public func formatCount(_ count: Int64) -> String {
    homeCountPattern.format(minorUnits: count)
  }
}

/// The home convention's pattern for counts, made once (a stock sentence formats two counts).
private let homeCountPattern = NumberPattern.home(symbol: "", fractionDigits: 0)
