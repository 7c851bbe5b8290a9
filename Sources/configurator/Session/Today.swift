internal import StockValuation
internal import Support

/// The day that sales, quotes and their validity are dated by: the system's date in UTC, or
/// the `CONFIGURATOR_TODAY` environment variable (`YYYY-MM-DD`), so that tests, examples and a
/// dealer entering yesterday's sales get the day they mean.
enum Today {
  /// The environment variable that fixes the day.
  static let variable = "CONFIGURATOR_TODAY"

  /// Today's date.
  ///
  /// - Parameter command: The command asking, for the error message.
  /// - Returns: The day.
  /// - Throws: ``CommandError/badValue(command:what:value:expected:)`` when
  ///   `CONFIGURATOR_TODAY` is set to something that is not a day.
  static func date(for command: String) throws(CommandError) -> CalendarDate {
    if let setting = POSIX.environment(variable) {
      guard let date = CalendarDate(setting) else {
        throw .badValue(
          command: command, what: variable, value: setting, expected: "a date as YYYY-MM-DD")
      }
      return date
    }
    return systemDate()
  }

  /// The system's date in UTC.
  static func systemDate() -> CalendarDate {
    guard let now = UTCTime.now,
      let date = CalendarDate(year: now.year, month: now.month, day: now.day)
    else { return .unixEpoch }
    return date
  }
}
