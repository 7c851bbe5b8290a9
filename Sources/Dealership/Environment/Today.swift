package import StockValuation

/// The day that sales, quotes and their validity are dated by: the system's date in UTC, or
/// the `CONFIGURATOR_TODAY` environment variable (`YYYY-MM-DD`), so that tests, examples and a
/// dealer entering yesterday's sales get the day they mean.
package enum Today {
  /// The environment variable that fixes the day.
  package static let variable = "CONFIGURATOR_TODAY"

  /// Today's date.
  ///
  /// - Parameters:
  ///   - command: The command asking, for the error message.
  ///   - environment: Where the variable and the clock are read.
  /// - Returns: The day.
  /// - Throws: ``CommandError/badValue(command:_:value:)`` when `CONFIGURATOR_TODAY` is set
  ///   to something that is not a day.
  package static func date(for command: String, in environment: any SessionEnvironment)
    throws(CommandError) -> CalendarDate
  {
    if let setting = environment.variable(variable) {
      guard let date = CalendarDate(setting) else {
        throw .badValue(command: command, .today(variable: variable), value: setting)
      }
      return date
    }
    return environment.systemDate()
  }
}
