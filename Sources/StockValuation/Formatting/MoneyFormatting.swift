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
}
