/// Runs a script: one command per line, errors reported with their line numbers.
struct ScriptRunner {
  /// How errors name their place: `configurator: line 4:` for stdin, `FILE:4:` for files.
  enum Label {
    case standardInput
    case file(String)

    func prefix(line: Int) -> String {
      switch self {
      case .standardInput: "configurator: line \(line): "
      case .file(let name): "\(name):\(line): "
      }
    }
  }

  let session: Session
  let label: Label

  /// Runs every line; returns whether all commands succeeded, and whether `quit` was given.
  func run(_ reader: LineReader) -> (succeeded: Bool, quit: Bool) {
    var succeeded = true
    var number = 0
    while let line = reader.next() {
      number += 1
      let text: String
      switch line {
      case .text(let value):
        text = value
      case .tooLong(let count):
        report(
          "line is too long (\(count) bytes; the limit is \(LineReader.maximumLength))",
          line: number)
        succeeded = false
        if session.bail { return (false, false) }
        continue
      }
      if session.echo, Self.isCommand(text) {
        session.out.line("> " + text)
      }
      do {
        if try session.execute(text[...]) == .quit { return (succeeded, true) }
      } catch {
        report(error.message, line: number)
        succeeded = false
        if session.bail { return (false, false) }
      }
      if session.out.isBroken { return (succeeded, true) }
    }
    if reader.readFailed {
      report("cannot read input", line: number + 1)
      succeeded = false
    }
    return (succeeded, false)
  }

  private func report(_ message: String, line: Int) {
    guard !message.isEmpty else { return }
    // Results written so far go out first, so stdout and stderr stay in order on a terminal.
    session.out.flush()
    session.err.line(label.prefix(line: line) + message)
    session.err.flush()
  }

  static func isCommand(_ line: String) -> Bool {
    guard let first = line.first(where: { $0 != " " && $0 != "\t" }) else { return false }
    return first != "#"
  }
}
