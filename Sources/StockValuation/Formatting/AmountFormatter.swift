/// The one formatter implementation: a ``FormatPath`` applied to an amount's minor units.
struct AmountFormatter: MoneyFormatting {
  /// The currency formatted.
  let currency: Currency
  /// The locale identifier as given, or `nil` for the home convention.
  let localeIdentifier: String?
  /// How minor units become text.
  let path: FormatPath
  /// How counts become text: the locale's grouping when its pattern is known, else the home
  /// convention's. Made once, since stock sentences format a count per line.
  let countPattern: NumberPattern

  /// A formatter of one currency.
  /// - Parameters:
  ///   - currency: The currency formatted.
  ///   - localeIdentifier: The locale identifier as given, or `nil` for the home convention.
  ///   - path: How minor units become text.
  init(currency: Currency, localeIdentifier: String?, path: FormatPath) {
    self.currency = currency
    self.localeIdentifier = localeIdentifier
    self.path = path
    self.countPattern =
      path.pattern?.countPattern ?? NumberPattern.home(symbol: "", fractionDigits: 0)
  }

  func format(_ amount: Money) throws(MoneyError) -> String {
    guard amount.currency == currency else {
      throw .currencyMismatch(expected: currency.code, actual: amount.currency.code)
    }
    return path.format(minorUnits: amount.minorUnits)
  }

  func formatCount(_ count: Int64) -> String {
    countPattern.format(minorUnits: count)
  }
}
