import Support

/// The pager long output at a terminal goes through, as git's: `$CONFIGURATOR_PAGER`, else
/// `$PAGER`, else `less -FRX` (`-F` quits at once when the output fits a screen, `-R` keeps
/// colours, `-X` leaves the text on the screen). `LESS=FRX` is set for it when `LESS` is not
/// set, so a bare `less` behaves the same; an empty pager or `cat` means no pager.
struct Pager: Equatable {
  /// The program, a path or a name looked up in `PATH`.
  let program: String
  /// Its arguments.
  let arguments: [String]

  /// The default, when neither variable is set.
  static let standard = "less -FRX"

  /// The pager a command names: run directly (split at blanks) when it has no shell syntax,
  /// so that one that cannot start is known at once and the output written directly; else
  /// through `/bin/sh -c`.
  ///
  /// - Parameter command: The command, as in `$PAGER`; empty, or `cat`, makes no pager.
  init?(command: String) {
    let words = command.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    guard let first = words.first, !(words.count == 1 && first == "cat") else { return nil }
    if command.contains(where: Self.shellSyntax.contains) {
      program = "/bin/sh"
      arguments = ["-c", command]
    } else {
      program = first
      arguments = Array(words.dropFirst())
    }
  }

  /// Characters a shell would read as more than words.
  private static let shellSyntax = Set("|&;<>()$`\\\"'*?[]#~=%{}\n")

  /// The pager the environment names.
  ///
  /// - Parameter variable: Reads an environment variable.
  /// - Returns: The pager, or `nil` for none.
  static func fromEnvironment(_ variable: (String) -> String?) -> Pager? {
    Pager(command: variable("CONFIGURATOR_PAGER") ?? variable("PAGER") ?? standard)
  }

  /// Starts the pager reading a pipe.
  ///
  /// - Returns: The running pager, or `nil` when it cannot start.
  func start() -> PipedProcess? {
    let less: [(String, String)] = POSIX.environment("LESS") == nil ? [("LESS", "FRX")] : []
    return PipedProcess.start(program, arguments: arguments, extraEnvironment: less)
  }
}
