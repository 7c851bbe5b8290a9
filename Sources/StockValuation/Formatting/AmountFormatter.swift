/// The one formatter implementation: a ``FormatPath`` applied to an amount's minor units.
struct AmountFormatter: MoneyFormatting {
  let currency: Currency
  let localeIdentifier: String?
  let path: FormatPath

  func format(_ amount: Money) throws(MoneyError) -> String {
    guard amount.currency == currency else {
      throw .currencyMismatch(expected: currency.code, actual: amount.currency.code)
    }
    return path.format(minorUnits: amount.minorUnits)
  }
}
