/// The abstract factory of a currency pair: a formatter and a converter that belong together.
///
/// Get one with ``CurrencyPairRegistry/factory(for:)``. Every formatter and converter a factory makes
/// is for the factory's ``currency``, so a report cannot format pounds with a dollar formatter.
/// Concrete factories are internal singletons: one instance per currency per process.
public protocol CurrencyPairFactory: AnyObject, Sendable {
  /// The currency this factory's formatters and converters are for.
  var currency: Currency { get }

  /// Makes a formatter with the currency's home convention (`$1,234.56`, `£1,234.56`,
  /// `€1,234.56`, `¥1,235`, `CHF 1,234.56`).
  /// - Returns: A formatter for ``currency``.
  func makeFormatter() -> any MoneyFormatting

  /// Makes a formatter with a locale's convention (`de_DE` gives `1.234,56 €`).
  ///
  /// The text is exactly Foundation's currency `FormatStyle` text for the locale and
  /// currency. The locale's pattern is learned once from Foundation and cached; formatting is
  /// exact.
  /// - Parameter identifier: A locale identifier such as `"de_DE"` (or `"de-DE"`).
  /// - Returns: A formatter for ``currency``.
  /// - Throws: ``CurrencyError/unknownLocale(_:)`` for an identifier Foundation does not know.
  func makeFormatter(locale identifier: String) throws(CurrencyError) -> any MoneyFormatting

  /// Makes a converter from `source` into ``currency``.
  /// - Parameters:
  ///   - source: The currency converted from.
  ///   - rates: The rates, with any overrides.
  ///   - rounding: The tie rule of the single final rounding.
  /// - Returns: A converter whose ``CurrencyConverting/effectiveRate`` states the rate used.
  /// - Throws: ``RateError/missingRate(_:source:)`` if the rates cannot connect the pair, or
  ///   ``RateError/noRateAsOf(_:asOf:next:source:)`` if only a rate after the table's as-of
  ///   date could.
  func makeConverter(from source: Currency, rates: RateTable, rounding: Rounding)
    throws(RateError) -> any CurrencyConverting
}

extension CurrencyPairFactory {
  /// Makes a formatter for a locale, or with the home convention when `identifier` is `nil`.
  /// - Parameter identifier: A locale identifier, or `nil`.
  /// - Returns: A formatter for ``currency``.
  /// - Throws: ``CurrencyError/unknownLocale(_:)``.
  public func makeFormatter(locale identifier: String?) throws(CurrencyError)
    -> any MoneyFormatting
  {
    guard let identifier else { return makeFormatter() }
    return try makeFormatter(locale: identifier)
  }

  /// Makes a converter from US dollars (the stock's currency) into ``currency``.
  /// - Parameters:
  ///   - rates: The rates, with any overrides.
  ///   - rounding: The tie rule, half-even by default.
  /// - Returns: A converter from USD.
  /// - Throws: ``RateError/missingRate(_:source:)`` or
  ///   ``RateError/noRateAsOf(_:asOf:next:source:)``.
  public func makeConverter(rates: RateTable, rounding: Rounding = .halfEven)
    throws(RateError) -> any CurrencyConverting
  {
    try makeConverter(from: .usd, rates: rates, rounding: rounding)
  }
}
