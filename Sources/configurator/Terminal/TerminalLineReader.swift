internal import Dealership
import Support

/// Reads lines at a terminal with the ``LineEditor``: raw mode, keys decoded as they come,
/// the line redrawn after each, history kept in a ``HistoryFile``.
///
/// Output goes through the session's buffered stream, flushed before every wait for a key.
final class TerminalLineReader {
  private let input: Int32
  private let output: Int32
  private let out: OutputStream
  private var editor: LineEditor
  private var renderer: LineRenderer
  private var decoder = KeyDecoder()
  /// Keys read but not used yet (typed ahead or pasted after an Enter).
  private var pending: [Key] = []
  private(set) var history: History
  private let historyFile: HistoryFile?

  /// How long to wait for the rest of an escape sequence before taking a lone Escape.
  static let escapeTimeoutMilliseconds: Int32 = 50

  /// A reader for a terminal, or `nil` when `input` and `output` are not both terminals that
  /// can be put in raw mode (or `TERM` names one too dumb for cursor movement).
  init?(
    input: Int32, output: Int32, out: OutputStream, prompt: String, completer: Completer?,
    historyFile: HistoryFile?
  ) {
    guard POSIX.isTerminal(input), POSIX.isTerminal(output), Self.termSupportsEditing(),
      RawMode.prepare(input)
    else { return nil }
    self.input = input
    self.output = output
    self.out = out
    self.editor = LineEditor(completer: completer)
    self.renderer = LineRenderer(prompt: prompt)
    self.historyFile = historyFile
    self.history = historyFile?.load() ?? History()
  }

  enum Result: Equatable {
    case line(String)
    case endOfInput
  }

  /// Reads one line after `prompt` (the usual prompt when `nil`). The terminal is raw only
  /// during the call.
  func readLine(prompt: String? = nil) -> Result {
    if let prompt { renderer.prompt = prompt }
    editor.startLine(history: history.entries)
    renderer.reset()
    guard RawMode.enter() else { return .endOfInput }
    defer { RawMode.leave() }
    draw()
    while true {
      guard let key = nextKey() else {
        out.write("\n")
        out.flush()
        return .endOfInput
      }
      editor.screen = screen
      switch editor.handle(key) {
      case .none:
        break
      case .redraw:
        draw()
      case .bell:
        out.write("\u{07}")
      case .submit(let line):
        finishLine(with: "\n")
        remember(line)
        return .line(line)
      case .cancel:
        finishLine(with: "^C\n")
        editor.startLine(history: history.entries)
        renderer.reset()
        draw()
      case .endOfInput:
        out.write("\n")
        out.flush()
        return .endOfInput
      case .list(let matches):
        out.write("\n")
        for row in LineRenderer.columns(matches, width: width) { out.write(row + "\n") }
        draw()
      case .askToList(let count):
        // readline's question, below the line; the next key answers it.
        out.write("\n" + Self.question(listing: count))
      case .declined:
        out.write("\n")
        draw()
      case .clearScreen:
        out.write("\u{1B}[H\u{1B}[2J")
        draw()
      case .suspend:
        out.write("\n")
        out.flush()
        RawMode.suspend()
        draw()
      }
    }
  }

  /// Rewrites the history file without repeats and within its bound (end of session).
  func saveHistory() {
    historyFile?.compact()
  }

  private var width: Int { RawMode.width(of: output) }

  private var screen: LineEditor.Screen {
    LineEditor.Screen(columns: width, rows: RawMode.height(of: output))
  }

  /// What readline asks before listing more matches than fit on the screen.
  static func question(listing count: Int) -> String {
    "Display all \(count) possibilities? (y or n)"
  }

  private func draw() {
    out.write(renderer.render(editor.buffer, width: width, prompt: editor.searchPrompt))
  }

  /// Shows the whole end of the line, then `text` (a newline, or `^C` and a newline).
  private func finishLine(with text: String) {
    var end = editor.buffer
    end.moveToEnd()
    out.write(renderer.render(end, width: width))
    out.write(text)
    out.flush()
  }

  private func remember(_ line: String) {
    if let entry = history.record(line) { historyFile?.append(entry) }
  }

  /// The next key, or `nil` when the terminal has gone (end of file or a read error).
  private func nextKey() -> Key? {
    while pending.isEmpty {
      out.flush()
      let timeout = decoder.isPending ? Self.escapeTimeoutMilliseconds : -1
      let ready = POSIX.waitForInput(input, milliseconds: timeout)
      if ready == .failed { return nil }
      if ready == .interrupted {
        // A resize or a continue after a stop: raw mode again, redraw.
        RawMode.enter()
        draw()
        continue
      }
      if ready == .timedOut {
        if let key = decoder.finishPending() { pending.append(key) }
        continue
      }
      var bytes = [UInt8](repeating: 0, count: 256)
      let count = bytes.withUnsafeMutableBytes { POSIX.read(input, into: $0) }
      if count < 0, Errno.current == .resourceTemporarilyUnavailable { continue }
      if count <= 0 { return nil }
      pending.append(contentsOf: decoder.feed(bytes[..<count]))
    }
    return pending.removeFirst()
  }

  private static func termSupportsEditing() -> Bool {
    guard let term = POSIX.environment("TERM") else { return true }
    return !["dumb", "cons25", "emacs"].contains(term)
  }
}
