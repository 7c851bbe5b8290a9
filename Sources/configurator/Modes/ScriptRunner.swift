internal import Dealership

/// Runs a script: one command per line, errors reported with their line numbers.
struct ScriptRunner {
  /// What the script is: standard input, or a file (`-f FILE`, `read FILE`), which its
  /// failures name with their line (``FailurePlace/line(_:file:)``).
  enum Label {
    case standardInput
    case file(String)

    /// The script's file, `nil` for standard input.
    var file: String? {
      switch self {
      case .standardInput: nil
      case .file(let name): name
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
        guard let code = session.out.reportableFailure, !session.out.failureReported else {
          return (succeeded, true)
        }
        session.out.failureReported = true
        report(RunFailure.output(code: code, atEnd: false, inScript: true), line: number)
        return (false, true)
      }
    }
    if reader.readFailed {
      report(RunFailure.inputUnreadable, line: number + 1)
      succeeded = false
    }
    // Output under the buffer's size is written only now: a failure here names the last line
    // run (every line of the script ran; the store holds them all).
    session.out.flush()
    if let code = session.out.reportableFailure, !session.out.failureReported {
      session.out.failureReported = true
      report(RunFailure.output(code: code, atEnd: true, inScript: true), line: number)
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
      report(RunFailure.lineTooLong(bytes: count, gaveUp: reader.gaveUp), line: number)
      return .failed
    }
    if session.options.echo, Self.isCommand(bytes) {
      session.renderer.echo(bytes, number: number, file: label.file)
    }
    do {
      return try session.runScriptLine(bytes) == .quit ? .quit : .proceed
    } catch {
      report(error, line: number)
      return .failed
    }
  }

  private func report(_ error: any Error, line: Int) {
    session.renderer.failure(error, at: .line(line, file: label.file))
  }

  /// Whether a line holds a command: not blank, not a `#` comment.
  static func isCommand(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    !Tokenizer.isBlankOrComment(line)
  }
}
