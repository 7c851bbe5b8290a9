extension RateTable {
  /// The source name of the built-in rates.
  public static let ecbSourceName = "ECB euro reference rates"

  /// The built-in default: ECB euro reference rates of 28 February 2025 (EUR base).
  public static let ecbReference: RateTable = {
    let date = CalendarDate(year: 2025, month: 2, day: 28)
    let values: [(String, Int64, Int)] = [
      ("USD", 10411, 4), ("JPY", 15696, 2), ("BGN", 19558, 4), ("CZK", 25029, 3),
      ("DKK", 74583, 4), ("GBP", 82608, 5), ("HUF", 39950, 2), ("PLN", 41503, 4),
      ("RON", 49768, 4), ("SEK", 111880, 4), ("CHF", 9394, 4), ("ISK", 14570, 2),
      ("NOK", 117245, 4), ("TRY", 380186, 4), ("AUD", 16741, 4), ("BRL", 60712, 4),
      ("CAD", 15019, 4), ("CNY", 75782, 4), ("HKD", 80980, 4), ("IDR", 1_722_817, 2),
      ("ILS", 37457, 4), ("INR", 909710, 4), ("KRW", 151992, 2), ("MXN", 212191, 4),
      ("MYR", 46459, 4), ("NZD", 18579, 4), ("PHP", 60355, 3), ("SGD", 14037, 4),
      ("THB", 35567, 3), ("ZAR", 191917, 4),
    ]
    do {
      let rates = try values.map { entry throws(RateError) in
        try ExchangeRate(
          base: .eur, quote: ISO4217.known(entry.0),
          value: ExactDecimal(significand: entry.1, scale: entry.2), date: date,
          source: ecbSourceName)
      }
      return try RateTable(base: .eur, source: ecbSourceName, rates: rates)
    } catch {
      preconditionFailure("built-in ECB table is invalid: \(error)")
    }
  }()
}
