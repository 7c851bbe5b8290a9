internal import Dealership

/// The prompt: banner, `configurator> `, and `Error: …` for failed commands.
///
/// At a terminal (standard input and output both terminals) lines are read with our own line
/// editor, with history and Tab completion (see `Docs/Interactive.md`); elsewhere, as with
/// `--interactive` on a pipe, plain lines are read after the same prompt and no history is
/// kept.
struct InteractiveMode {
  static let prompt = "configurator> "

  let session: Session
  let input: Int32
  /// The width and the pager each command's output goes through.
  var screen: Screen
  /// The descriptor `session.out` writes to; the editor draws there.
  var output: Int32 = 1

  func run() -> Int32 {
    let out = session.out
    out.line("configurator \(Usage.version): configure, price and stock vehicles.")
    out.line("Type 'help' for commands.")
    if let reader = session.reader { out.line(reader.notice) }
    let editor = TerminalLineReader(
      input: input, output: output, out: out, prompt: Self.prompt,
      completer: Completer(vocabulary: CompletionVocabulary(session: session)),
      historyFile: HistoryFile.standard())
    if let editor { return runEditing(editor) }
    return runPlain()
  }

  private func runEditing(_ editor: TerminalLineReader) -> Int32 {
    defer { editor.saveHistory() }
    while case .line(let text) = editor.readLine(prompt: session.prompt(Self.prompt)) {
      if execute(text) == .quit { break }
    }
    session.out.flush()
    return ErrorReport.Status.success
  }

  private func runPlain() -> Int32 {
    let out = session.out
    let reader = LineReader(descriptor: input)
    while true {
      out.write(session.prompt(Self.prompt))
      out.flush()
      guard let line = reader.next() else {
        out.line("")
        out.flush()
        return ErrorReport.Status.success
      }
      switch line {
      case .tooLong(let count):
        session.renderer.failure(
          RunFailure.lineTooLong(bytes: count, gaveUp: reader.gaveUp), at: .prompt)
      case .text(let text):
        if execute(text) == .quit {
          out.flush()
          return ErrorReport.Status.success
        }
      }
    }
  }

  /// Runs one line; a failure is shown at the prompt (`Error: …`) and the prompt goes on.
  /// Its output fits the terminal's width as it is now and, taller than the screen, goes
  /// through the pager, the prompt coming back when the pager ends.
  private func execute(_ text: String) -> Session.Outcome {
    screen.run(out: session.out, err: session.err, layout: session.layout, paging: true) {
      do {
        return try session.execute(text[...])
      } catch {
        session.renderer.failure(error, at: .prompt)
        return .proceed
      }
    }
  }
}
