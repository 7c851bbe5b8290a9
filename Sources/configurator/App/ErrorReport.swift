internal import CarFactory
internal import Dealership
import Support

/// The one map from every failure of the program to what users see and the exit status:
/// usage errors (bad options, exit 64) and failures (a command, a file, exit 1).
///
/// Commands throw ``CommandError`` (its message names the bad value, its code the kind of
/// failure); options throw
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
    case Configurator.SetupError.usage(let usage): "\(usage.message) (see 'configurator --help')"
    case Configurator.SetupError.file(let error): message(for: error)
    case Configurator.SetupError.busy(let held): held.description
    case Configurator.SetupError.storeCurrency(let path, let error):
      "\(path): currency: \(error.message)".escapingControlCharacters
    case let command as CommandError: command.message
    case let run as RunFailure: Self.message(for: run)
    default: "\(error)".escapingControlCharacters
    }
  }

  /// A run's failure in words.
  private static func message(for failure: RunFailure) -> String {
    switch failure {
    case .lineTooLong(let count, let gaveUp):
      gaveUp
        ? "line is too long (no line break within \(count) bytes; the limit is "
          + "\(LineReader.maximumLength)); the script stopped here"
        : "line is too long (\(count) bytes; the limit is \(LineReader.maximumLength))"
    case .inputUnreadable:
      "cannot read input"
    case .output(let code, let atEnd, let inScript):
      "cannot write to standard output: \(code.message)"
        + (!inScript
          ? ""
          : atEnd
            ? " (writing the output of the script, which had run to its end)"
            : "; the script stopped here")
    }
  }

  /// The machine-readable kind of a failure, for JSON error objects: a command's own
  /// (``CommandError/code``), `usage` for bad options, `file` for a file setting up the
  /// session could not use.
  ///
  /// - Parameter error: Any failure of the program.
  /// - Returns: The code.
  static func code(for error: any Error) -> String {
    switch error {
    case is Arguments.UsageError, Configurator.SetupError.usage: "usage"
    case Configurator.SetupError.file, Configurator.SetupError.busy,
      Configurator.SetupError.storeCurrency:
      "file"
    case let command as CommandError: command.code
    case RunFailure.lineTooLong: "limit"
    case RunFailure.inputUnreadable: "input"
    case RunFailure.output: "output"
    default: "failed"
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

  /// The one-line message a renderer writes for a failure: escaped, and a runaway value
  /// quoted in it cut short (a 50 MB value gives a short line); empty for a failure reported
  /// already.
  ///
  /// - Parameter error: Any failure of the program.
  /// - Returns: The line.
  static func line(for error: any Error) -> String {
    message(for: error).escapingControlCharacters.cappingQuotedValues
  }

  /// Writes a failure in words (text and CSV): `configurator: …`, `Error: …` on the output
  /// at the prompt, `configurator: line 4: …` or `FILE:4: …` for a script's line.
  ///
  /// - Parameters:
  ///   - error: The failure.
  ///   - place: Where it happened.
  ///   - out: The output stream, flushed first (and written to at the prompt).
  ///   - err: The error stream.
  static func writeWords(
    _ error: any Error, at place: FailurePlace, out: OutputStream, err: OutputStream
  ) {
    let message = line(for: error)
    guard !message.isEmpty else { return }
    out.flush()
    switch place {
    case .program: err.line("configurator: " + message)
    case .prompt:
      out.line("Error: " + message)
      return
    case .line(let number, let file?): err.line("\(file):\(number): " + message)
    case .line(let number, nil): err.line("configurator: line \(number): " + message)
    }
    err.flush()
  }

  /// Writes a failure as a JSON Lines object on the error stream (``json(_:code:line:file:details:)``).
  ///
  /// - Parameters:
  ///   - error: The failure.
  ///   - place: Where it happened: a script's line names its number and file.
  ///   - out: The output stream, flushed first.
  ///   - err: The error stream.
  static func writeJSON(
    _ error: any Error, at place: FailurePlace, out: OutputStream, err: OutputStream
  ) {
    let message = line(for: error)
    guard !message.isEmpty else { return }
    out.flush()
    var line: Int?
    var file: String?
    if case .line(let number, let name) = place { (line, file) = (number, name) }
    err.line(
      json(message, code: code(for: error), line: line, file: file, details: error as? CommandError)
    )
    err.flush()
  }

  /// A failure as a JSON Lines object for `--format json` (SPEC §9):
  /// `{"type":"error","file":…,"line":N,"code":…,"message":…}`, the place only when there is
  /// one; a conflict adds its data (`"conflict":{"model":…,"choices":[…],"rules":[{"id":…,
  /// "expression":…,"message":…}],"corrections":[{"drop":[…],"price":{…}}]}`).
  ///
  /// - Parameters:
  ///   - message: The one-line message.
  ///   - code: The failure's kind (``code(for:)``).
  ///   - line: The script line, if the failure has one.
  ///   - file: The script file, for `-f FILE` and `read FILE`.
  ///   - details: The command's failure, whose data the object carries beside its message.
  /// - Returns: The object's text, without a line break.
  static func json(
    _ message: String, code: String, line: Int? = nil, file: String? = nil,
    details: CommandError? = nil
  ) -> String {
    var object = JSONObject()
    object.add("type", "error")
    if let file { object.add("file", file) }
    if let line { object.add("line", line) }
    object.add("code", code)
    object.add("message", message)
    if let conflict = details?.ruleConflict { object.add("conflict", json(conflict)) }
    return object.rendered
  }

  /// A conflict as data: the model, the conflicting choices, the rules between them and each
  /// way out with the choices it drops and the price of the build it gives (`null` when the
  /// model has no prices or the price could not be found).
  private static func json(_ conflict: RuleConflict) -> JSONObject {
    let line = conflict.line
    var object = JSONObject()
    object.add("model", line.model.rawValue)
    object.add("choices", strings: conflict.conflict.reason.choices.map { line.atom(of: $0) })
    object.add(
      "rules", conflict.conflict.reason.rules.map { JSONLinesRenderer.rule($0, line: line) })
    object.add(
      "corrections",
      conflict.conflict.corrections.map { correction in
        var way = JSONObject()
        way.add("drop", strings: correction.drop.map { line.atom(of: $0) })
        if let price = correction.price, line.pricesBuilds {
          way.add("price", JSONLinesRenderer.usd(price))
        } else {
          way.add("price", nil as String?)
        }
        return way
      })
    return object
  }

  /// The output format asked for on a command line that could not be parsed, so that its
  /// usage error is JSON too under `--format json`.
  static func format(in arguments: [String]) -> OutputFormat {
    var format = OutputFormat.text
    for (index, word) in arguments.enumerated() {
      if word == "--format", index + 1 < arguments.count,
        let parsed = OutputFormat(rawValue: arguments[index + 1])
      {
        format = parsed
      } else if word.hasPrefix("--format="),
        let parsed = OutputFormat(rawValue: String(word.dropFirst(9)))
      {
        format = parsed
      }
    }
    return format
  }
}
