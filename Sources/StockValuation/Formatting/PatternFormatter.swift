/// The one formatter implementation: a learned ``NumberPattern`` applied to minor units.
struct PatternFormatter: MoneyFormatting {
  let currency: Currency
  let localeIdentifier: String?
  let pattern: NumberPattern

  func format(_ amount: Money) throws(MoneyError) -> String {
    guard amount.currency == currency else {
      throw .currencyMismatch(expected: currency.code, actual: amount.currency.code)
    }
    return pattern.format(minorUnits: amount.minorUnits)
  }
}
