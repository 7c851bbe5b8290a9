extension RateTable {
  /// Why the table has no rate for `currency`, as the error a conversion throws.
  ///
  /// When the table was chosen for an as-of date and the file has a later rate for the
  /// currency, the error says so (``RateError/noRateAsOf(_:asOf:next:source:)``); otherwise it
  /// is ``RateError/missingRate(_:source:)``.
  /// - Parameter currency: A currency without a table rate.
  /// - Returns: The error to throw.
  func missingRate(_ currency: Currency) -> RateError {
    if let asOf, let next = laterRates[currency] {
      return .noRateAsOf(currency.code, asOf: asOf, next: next, source: source)
    }
    return .missingRate(currency.code, source: source)
  }
}
