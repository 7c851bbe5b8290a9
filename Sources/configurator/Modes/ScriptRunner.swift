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

  private enum Step {
    case proceed
    case failed
    case quit
  }

  /// Runs every line; returns whether all commands succeeded, and whether `quit` was given.
  func run(_ reader: LineReader) -> (succeeded: Bool, quit: Bool) {
    var succeeded = true
    var number = 0
    while let step = reader.withNextLine({ line in
      number += 1
      return run(line, number: number, reader: reader)
    }) {
      switch step {
      case .proceed: break
      case .failed:
        succeeded = false
        if session.options.bail { return (false, false) }
      case .quit: return (succeeded, true)
      }
      if session.out.isBroken {
        // The reader went away (quietly), or stdout failed: say so once, with the line the
        // script stopped at (the store holds the commands that ran).
        guard let message = session.out.failureMessage(), !session.out.failureReported else {
          return (succeeded, true)
        }
        session.out.failureReported = true
        report("\(message); the script stopped here", code: "output", line: number)
        return (false, true)
      }
    }
    if reader.readFailed {
      report("cannot read input", code: "input", line: number + 1)
      succeeded = false
    }
    // Output under the buffer's size is written only now: a failure here names the last line
    // run (every line of the script ran; the store holds them all).
    session.out.flush()
    if let message = session.out.failureMessage(), !session.out.failureReported {
      session.out.failureReported = true
      report(
        "\(message) (writing the output of the script, which had run to its end)", code: "output",
        line: number)
      return (false, false)
    }
    return (succeeded, false)
  }

  private func run(_ line: LineReader.RawLine, number: Int, reader: LineReader) -> Step {
    let bytes: UnsafeBufferPointer<UInt8>
    switch line {
    case .bytes(let value):
      bytes = value
    case .tooLong(let count):
      report(Self.tooLong(count, reader: reader), code: "limit", line: number)
      return .failed
    }
    if session.options.echo, Self.isCommand(bytes) {
      var file: String?
      if case .file(let name) = label { file = name }
      session.renderer.echo(bytes, number: number, file: file)
    }
    do {
      return try session.runScriptLine(bytes) == .quit ? .quit : .proceed
    } catch {
      report(error.message, code: error.code, line: number, details: error)
      return .failed
    }
  }

  /// The message for an overlong line; one with no end in sight also stopped the script.
  static func tooLong(_ count: Int, reader: LineReader) -> String {
    reader.gaveUp
      ? "line is too long (no line break within \(count) bytes; the limit is "
        + "\(LineReader.maximumLength)); the script stopped here"
      : "line is too long (\(count) bytes; the limit is \(LineReader.maximumLength))"
  }

  private func report(_ message: String, code: String, line: Int, details: CommandError? = nil) {
    guard !message.isEmpty else { return }
    // Results written so far go out first, so stdout and stderr stay in order on a terminal.
    session.out.flush()
    if session.format == .json {
      var file: String?
      if case .file(let name) = label { file = name }
      session.err.line(
        ErrorReport.json(message, code: code, line: line, file: file, details: details))
    } else {
      session.err.line(label.prefix(line: line) + message)
    }
    session.err.flush()
  }

  /// Whether a line holds a command: not blank, not a `#` comment.
  static func isCommand(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    !Tokenizer.isBlankOrComment(line)
  }
}
