/// Rates read from a file, per date, before the as-of selection.
struct RateObservations {
  /// Rates per date, each keyed by quote currency (EUR base).
  private(set) var byDate: [CalendarDate: [Currency: ExactDecimal]] = [:]

  /// Records the rates of one date; a date may only appear once.
  /// - Returns: `false` if the date was already recorded.
  mutating func add(date: CalendarDate, rates: [Currency: ExactDecimal]) -> Bool {
    guard byDate[date] == nil else { return false }
    byDate[date] = rates
    return true
  }

  /// Per currency, the latest rate on or before `asOf` (default: the latest date present).
  /// - Throws: `reason` text when nothing is on or before the date.
  func select(asOf: CalendarDate?, file: String, source: String) throws(RateFileError)
    -> RateTable
  {
    guard let latest = byDate.keys.max(), let earliest = byDate.keys.min() else {
      throw RateFileError(file: file, line: nil, reason: "no rates found")
    }
    let cutoff = asOf ?? latest
    guard earliest <= cutoff else {
      throw RateFileError(
        file: file, line: nil,
        reason: "no rates on or before \(cutoff) (earliest is \(earliest))")
    }
    var chosen: [Currency: (CalendarDate, ExactDecimal)] = [:]
    for (date, rates) in byDate where date <= cutoff {
      for (currency, value) in rates {
        if let existing = chosen[currency], existing.0 >= date { continue }
        chosen[currency] = (date, value)
      }
    }
    do {
      let rates = try chosen.map { entry throws(RateError) in
        try ExchangeRate(
          base: .eur, quote: entry.key, value: entry.value.1, date: entry.value.0,
          source: source)
      }
      return try RateTable(base: .eur, source: source, rates: rates)
    } catch {
      throw RateFileError(file: file, line: nil, reason: error.description)
    }
  }
}
