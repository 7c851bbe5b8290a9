/// Converts amounts from one currency into the currency of its factory, exactly.
///
/// A converter is made by a ``CurrencyPairFactory`` and belongs to that factory's currency (its
/// ``target``). The rate is resolved when the converter is made: a direct override for the pair
/// if there is one, else the table's rates through its base, `amount × target/base ÷
/// source/base`, computed with wide intermediates and rounded once.
public protocol CurrencyConverting: Sendable {
  /// The currency converted from.
  var source: Currency { get }
  /// The currency converted to: the factory's currency.
  var target: Currency { get }
  /// The tie rule of the single final rounding.
  var rounding: Rounding { get }
  /// The rate used, for reports to state (value, dates, sources).
  var effectiveRate: AppliedRate { get }

  /// Converts a rounded amount.
  /// - Parameter amount: An amount in ``source``.
  /// - Returns: The amount in ``target``, rounded once.
  /// - Throws: ``MoneyError/currencyMismatch(expected:actual:)`` or ``MoneyError/overflow(_:)``.
  func convert(_ amount: Money) throws(MoneyError) -> Money

  /// Converts an exact, not yet rounded amount (a line value with tax, a total).
  /// - Parameter amount: An exact amount in ``source``.
  /// - Returns: The amount in ``target``, rounded once.
  /// - Throws: ``MoneyError/currencyMismatch(expected:actual:)`` or ``MoneyError/overflow(_:)``.
  func convert(_ amount: ExactMoney) throws(MoneyError) -> Money
}
