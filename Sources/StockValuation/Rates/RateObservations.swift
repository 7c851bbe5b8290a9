/// Rates read from a file, kept as they are read: per currency only the rate the as-of
/// selection will take (its latest on or before the day asked for) and the date of its first
/// rate after that day, so memory stays a small multiple of the currencies and dates however
/// long the file's history (issue 49: every rate of every day was kept, 18× the file).
struct RateObservations {
  /// The day asked for; `nil` for the latest date present.
  private let asOf: CalendarDate?
  /// The dates seen, to refuse one given twice.
  private var dates: Set<CalendarDate> = []
  private var latest: CalendarDate?
  private var earliest: CalendarDate?
  /// Per currency, its latest rate on or before `asOf` (every date, without one).
  private var chosen: [Currency: (CalendarDate, ExactDecimal)] = [:]
  /// Per currency, the date of its first rate after `asOf`.
  private var later: [Currency: CalendarDate] = [:]

  /// Observations for the selection of the rates of `asOf` (`nil`: the latest date present).
  init(asOf: CalendarDate?) {
    self.asOf = asOf
  }

  /// Records the rates of one date; a date may only appear once.
  /// - Returns: `false` if the date was already recorded.
  mutating func add(date: CalendarDate, rates: [Currency: ExactDecimal]) -> Bool {
    guard dates.insert(date).inserted else { return false }
    if latest.map({ date > $0 }) ?? true { latest = date }
    if earliest.map({ date < $0 }) ?? true { earliest = date }
    for (currency, value) in rates {
      if let asOf, date > asOf {
        if let first = later[currency], first <= date { continue }
        later[currency] = date
      } else {
        if let existing = chosen[currency], existing.0 >= date { continue }
        chosen[currency] = (date, value)
      }
    }
    return true
  }

  /// Per currency, the latest rate on or before the day asked for (default: the latest date
  /// present).
  ///
  /// A currency whose rates all come after that day is left out of the table, which remembers
  /// the date of its first rate so that asking for it can say why it is missing.
  /// - Throws: ``RateFileError`` when the file has no dates, or no rate (only `N/A`) on or
  ///   before the date.
  func select(file: String, source: String) throws(RateFileError) -> RateTable {
    guard let latest, let earliest else {
      throw RateFileError(file: file, line: nil, reason: "no rates found")
    }
    let cutoff = asOf ?? latest
    guard earliest <= cutoff else {
      throw RateFileError(
        file: file, line: nil,
        reason: "no rates on or before \(cutoff) (earliest is \(earliest))")
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
    var later = later
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
