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
  ///
  /// A currency whose rates all come after `asOf` is left out of the table, which remembers
  /// the date of its first rate so that asking for it can say why it is missing.
  /// - Throws: ``RateFileError`` when the file has no dates, or no rate (only `N/A`) on or
  ///   before the date.
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
    var later: [Currency: CalendarDate] = [:]
    for (date, rates) in byDate {
      for (currency, value) in rates {
        if date > cutoff {
          if let first = later[currency], first <= date { continue }
          later[currency] = date
        } else {
          if let existing = chosen[currency], existing.0 >= date { continue }
          chosen[currency] = (date, value)
        }
      }
    }
    guard !chosen.isEmpty else {
      guard asOf != nil, let first = later.values.min() else {
        throw RateFileError(file: file, line: nil, reason: "no rates found: every rate is N/A")
      }
      throw RateFileError(
        file: file, line: nil,
        reason: "no rates on or before \(cutoff): every rate up to then is N/A "
          + "(the first is of \(first))")
    }
    for currency in chosen.keys { later[currency] = nil }
    do {
      let rates = try chosen.map { entry throws(RateError) in
        try ExchangeRate(
          base: .eur, quote: entry.key, value: entry.value.1, date: entry.value.0,
          source: source)
      }
      var table = try RateTable(base: .eur, source: source, rates: rates)
      if let asOf { table.recordSelection(asOf: asOf, laterRates: later) }
      return table
    } catch {
      throw RateFileError(file: file, line: nil, reason: error.description)
    }
  }
}
