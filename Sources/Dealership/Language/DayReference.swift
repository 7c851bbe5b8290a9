package import StockValuation

/// A day as a command line names it: a date (`2025-03-04`), or `today` or `yesterday`, which
/// the interpreter reads from the session's clock (``Today``) when the command runs.
package enum DayReference: Equatable, Sendable {
  case date(CalendarDate)
  case today
  case yesterday

  /// A day's word: `YYYY-MM-DD`, `today` or `yesterday` (any case); `nil` for anything else.
  ///
  /// - Parameter text: The word.
  package init?(_ text: String) {
    switch text.lowercased() {
    case "today": self = .today
    case "yesterday": self = .yesterday
    default:
      guard let date = CalendarDate(text) else { return nil }
      self = .date(date)
    }
  }

  /// The date it names, today's read through the environment.
  ///
  /// - Parameters:
  ///   - command: The command asking, for the error message.
  ///   - environment: Where the clock is read.
  /// - Returns: The date.
  /// - Throws: ``CommandError`` when `CONFIGURATOR_TODAY` is not a day.
  func date(for command: String, in environment: any SessionEnvironment) throws(CommandError)
    -> CalendarDate
  {
    switch self {
    case .date(let date): return date
    case .today: return try Today.date(for: command, in: environment)
    case .yesterday:
      let today = try Today.date(for: command, in: environment)
      return today.adding(days: -1) ?? today
    }
  }
}
