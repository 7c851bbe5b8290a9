internal import Dealership

/// Where a failure happened, which its report names before the message: the program itself
/// (`configurator: …`), the prompt (`Error: …`), or a script's line (`configurator: line 4: …`
/// on standard input, `FILE:4: …` for a file), and in JSON the object's `line` and `file`.
enum FailurePlace: Equatable {
  /// A bad option, a file the session could not be set up with, a one-shot command.
  case program
  /// A command typed at the prompt.
  case prompt
  /// A script's line, numbered from 1; `file` is the script file (`-f FILE`, `read FILE`),
  /// `nil` for standard input.
  case line(Int, file: String?)
}
