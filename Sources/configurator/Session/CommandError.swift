internal import CarFactory

/// A command that failed, as a typed case carrying what the message names: the bad value,
/// the command, the builds there are. ``message`` (in `CommandError+Message.swift`) makes the
/// one-line text users see from it, and ``code`` the stable, machine-readable kind that JSON
/// error objects carry; ``ErrorReport`` maps it to the exit status.
///
/// The mode decides how it is shown: `configurator: line 4: …` in a script, `FILE:4: …`
/// with `-f`, `Error: …` at the prompt, `configurator: …` for a one-shot command.
indirect enum CommandError: Error, CustomStringConvertible {
  /// A first word that is no command; `hint` is the suggestion (`; did you mean 'build'?`)
  /// or empty.
  case unknownCommand(String, hint: String)
  /// A quote opened and not closed on the line.
  case unterminatedQuote(Character, line: String)
  /// An argument the command needs is missing: `build: missing MODEL (models: …)`; `hint`
  /// is what goes in the parentheses (`usage: …`, `models: …`).
  case missingArgument(command: String, what: String, hint: String)
  /// A word after the arguments the command takes: `rate: unexpected argument 'x' (usage: …)`.
  case unexpectedArgument(command: String, word: String, hint: String)
  /// Arguments not in the command's shape: `compare: expected two build numbers (usage: …)`.
  case usage(command: String, expected: String)
  /// A value that does not read as what it must be: `show: bad build number 'x' (expected
  /// 1, 2, ...)`.
  case badValue(command: String, what: String, value: String, expected: String)
  /// A value not allowed where it is given, in a sentence of its own (`bad option 'x';
  /// expected SLOT=VALUE, …`, a rate of USD).
  case invalid(command: String?, reason: String)
  /// A build number no build has; `known` are the first numbers there are, of `total`.
  case noSuchBuild(command: String, number: Int, known: [Int], total: Int)
  /// Something named that is not there: a category, a product in stock, a rate to reset.
  case notFound(command: String?, reason: String)
  /// A build that cannot be used so: its model is gone, or it is not a car.
  case unavailable(command: String, reason: String)
  /// A figure or count that would go beyond its limit; nothing was changed.
  case limit(command: String?, reason: String)
  /// A file that could not be opened, read or written.
  case file(command: String?, reason: String)
  /// Choices that conflict under a model's rules: a minimal set of them, the rules between
  /// them and the ways out, as data (JSON error objects carry them as fields).
  case conflict(RuleConflict)
  /// Models with no valid build at all (`lint`).
  case noValidBuild([ModelID])
  /// A question the engine could not answer within its time or memory (`count`, the price
  /// range), or prices that add up past what money can hold.
  case unanswered(ConfigurationError)
  /// A refusal by one of the libraries (a catalog, a rate, money, the stock, a session
  /// file), with the command it happened in when the message names it.
  case failed(command: String?, any Error)
  /// A failure of a command's part that the command names first (`quote: …`).
  case within(command: String, CommandError)
  /// A failure of a line whose `#` started a comment before a number (`show #1`).
  case commentedNumber(CommandError)
  /// A command about the working car when none is open.
  case noWorkingCar(command: String)
  /// The failures of a `read` script's lines, each reported already.
  case alreadyReported

  var description: String { message }
}
