import Support

/// The one map from every failure of the program to what users see and the exit status:
/// usage errors (bad options, exit 64) and failures (a command, a file, exit 1).
///
/// Commands throw ``CommandError`` (its message names the bad value); options throw
/// ``Arguments/UsageError``; setting up a session throws ``Configurator/SetupError``. The
/// modes add the place of a command's failure (`configurator: line 4:`, `FILE:4:`, `Error:`),
/// everything else is decided here.
enum ErrorReport {
  /// The exit statuses (SPEC §4).
  enum Status {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 64
  }

  /// The message of a failure, one line, without the program's name.
  ///
  /// - Parameter error: Any failure of the program.
  /// - Returns: The text; empty for a failure already reported (a `read` script's lines).
  static func message(for error: any Error) -> String {
    switch error {
    case let usage as Arguments.UsageError: "\(usage.message) (see 'configurator --help')"
    case Configurator.SetupError.usage(let message): "\(message) (see 'configurator --help')"
    case Configurator.SetupError.file(let message): message
    case let command as CommandError: command.message
    default: "\(error)".escapingControlCharacters
    }
  }

  /// The exit status of a failure: 64 for bad usage, 1 for anything else.
  ///
  /// - Parameter error: Any failure of the program.
  /// - Returns: The status.
  static func status(for error: any Error) -> Int32 {
    switch error {
    case is Arguments.UsageError, Configurator.SetupError.usage: Status.usage
    default: Status.failure
    }
  }

  /// The exit status of a run whose commands all succeeded, or not.
  ///
  /// - Parameter succeeded: Whether every command succeeded.
  /// - Returns: 0 or 1.
  static func status(succeeded: Bool) -> Int32 {
    succeeded ? Status.success : Status.failure
  }

  /// Writes a failure as `configurator: message` and returns its exit status.
  ///
  /// - Parameters:
  ///   - error: The failure.
  ///   - err: Where errors go.
  /// - Returns: The exit status.
  static func report(_ error: any Error, to err: OutputStream) -> Int32 {
    // One line, whatever the failure quotes (a 50 MB value gives a short line).
    let message = message(for: error).escapingControlCharacters.cappingQuotedValues
    if !message.isEmpty { err.line("configurator: \(message)") }
    return status(for: error)
  }
}
