extension CalendarDate {
  /// The day `days` days after this one (a quote's last valid day), or before it for a
  /// negative `days` (`yesterday`).
  ///
  /// - Parameter days: How many days on.
  /// - Returns: The day, or `nil` outside the years 1 to 9999.
  public func adding(days: Int) -> CalendarDate? {
    let (number, overflow) = dayNumber.addingReportingOverflow(days)
    guard !overflow else { return nil }
    return CalendarDate(dayNumber: number)
  }

  /// The days from this day to `other`: positive when `other` is later (a car's days in
  /// stock).
  ///
  /// - Parameter other: The other day.
  /// - Returns: The number of days.
  public func days(until other: CalendarDate) -> Int {
    other.dayNumber - dayNumber
  }

  /// Days since 1970-01-01 (negative before it), by the proleptic Gregorian calendar
  /// (H. Hinnant's `days_from_civil`).
  public var dayNumber: Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The day `number` days after 1970-01-01 (`civil_from_days`), or `nil` outside the years 1
  /// to 9999.
  ///
  /// - Parameter number: Days since 1970-01-01.
  public init?(dayNumber number: Int) {
    // The years 1 to 9999 lie within ±4 million days of 1970: nothing larger is worked on.
    guard number > -1_000_000_000, number < 1_000_000_000 else { return nil }
    let z = number + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthPart = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthPart + 2) / 5 + 1
    let month = monthPart < 10 ? monthPart + 3 : monthPart - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    self.init(year: year, month: month, day: day)
  }
}
