/// The one formatter implementation: a ``FormatPath`` applied to an amount's minor units.
struct AmountFormatter: MoneyFormatting {
  /// The currency formatted.
  let currency: Currency
  /// The locale identifier as given, or `nil` for the home convention.
  let localeIdentifier: String?
  /// How minor units become text.
  let path: FormatPath

  func format(_ amount: Money) throws(MoneyError) -> String {
    guard amount.currency == currency else {
      throw .currencyMismatch(expected: currency.code, actual: amount.currency.code)
    }
    return path.format(minorUnits: amount.minorUnits)
  }

  func formatCount(_ count: Int64) -> String {
    // The locale's grouping when its pattern is known, else the home convention's.
    let pattern = path.pattern?.countPattern ?? NumberPattern.home(symbol: "", fractionDigits: 0)
    return pattern.format(minorUnits: count)
  }
}
