internal import CarFactory
import Support

/// A command that failed: the one-line message users see, naming the bad value.
///
/// The mode decides how it is shown: `configurator: line 4: …` in a script, `FILE:4: …`
/// with `-f`, `Error: …` at the prompt, `configurator: …` for a one-shot command.
struct CommandError: Error, Equatable, CustomStringConvertible {
  let message: String

  /// Control characters in echoed input are escaped (`\n`, `\u{1B}`), so the message stays
  /// one line and cannot drive the terminal; a runaway quoted value is shortened with `…`.
  init(_ message: String) {
    self.message = message.escapingControlCharacters.cappingQuotedValues
  }

  var description: String { message }
}
