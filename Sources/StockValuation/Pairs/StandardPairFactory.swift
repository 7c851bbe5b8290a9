/// The shared behaviour of the concrete factories: home pattern, locale patterns, converter.
protocol StandardPairFactory: CurrencyPairFactory {
  /// The home convention's symbol (`"$"`, or `"CHF "`).
  var homeSymbol: String { get }
}

extension StandardPairFactory {
  func makeFormatter() -> any MoneyFormatting {
    AmountFormatter(
      currency: currency, localeIdentifier: nil,
      path: .pattern(.home(symbol: homeSymbol, fractionDigits: currency.minorUnits)))
  }

  func makeFormatter(locale identifier: String) throws(CurrencyError) -> any MoneyFormatting {
    AmountFormatter(
      currency: currency, localeIdentifier: identifier,
      path: try LocalePatternProbe.path(locale: identifier, currency: currency))
  }

  func makeConverter(from source: Currency, rates: RateTable, rounding: Rounding)
    throws(RateError) -> any CurrencyConverting
  {
    try RateConverter(from: source, to: currency, rates: rates, rounding: rounding)
  }
}
