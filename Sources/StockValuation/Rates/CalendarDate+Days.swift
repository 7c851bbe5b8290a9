extension CalendarDate {
  /// The day `days` days after this one (a quote's last valid day).
  ///
  /// - Parameter days: How many days on, 0 or more (a few hundred: it steps a day at a time).
  /// - Returns: The day, or `nil` past the last year a date can have.
  public func adding(days: Int) -> CalendarDate? {
    var date = self
    for _ in 0..<max(0, days) {
      guard
        let next = CalendarDate(year: date.year, month: date.month, day: date.day + 1)
          ?? CalendarDate(year: date.year, month: date.month + 1, day: 1)
          ?? CalendarDate(year: date.year + 1, month: 1, day: 1)
      else { return nil }
      date = next
    }
    return date
  }
}
