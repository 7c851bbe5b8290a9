import Testing

@testable import Dealership
@testable import configurator

/// The second Tab's list of matches: shown at once when it fits on the screen, else after
/// readline's question `Display all N possibilities? (y or n)`.
@Suite struct LineEditorListingTests {
  /// A vocabulary of `count` models, `m000`, `m001`, …
  private static func vocabulary(models count: Int) -> CompletionVocabulary {
    let names = (0..<count).map { "m" + String(1000 + $0).dropFirst() }
    return CompletionVocabulary(
      commands: Command.allCases.map(\.rawValue), models: { names }, slots: { _ in [] },
      values: { _, _, _ in [] }, currencies: [], files: { _ in [] })
  }

  /// An editor holding `text`, on a screen of that size.
  private static func editor(
    _ text: String, models: Int, screen: LineEditor.Screen = .init(columns: 80, rows: 24)
  ) -> LineEditor {
    var editor = LineEditor(completer: Completer(vocabulary: vocabulary(models: models)))
    editor.screen = screen
    editor.startLine(history: [])
    for scalar in text.unicodeScalars { _ = editor.handle(.insert(scalar)) }
    return editor
  }

  @Test func aListPastAScreenfulAsksFirstAndYListsIt() {
    // 300 names of four letters: 13 columns of 24 rows at 80 columns, one row too many
    // with the line below them on a screen of 24.
    var editor = Self.editor("build m", models: 300)
    let names = (0..<300).map { "m" + String(1000 + $0).dropFirst() }
    #expect(LineRenderer.columns(names, width: 80).count == 24)
    #expect(editor.handle(.tab) == .bell)
    #expect(editor.handle(.tab) == .askToList(300))
    #expect(TerminalLineReader.question(listing: 300) == "Display all 300 possibilities? (y or n)")
    guard case .list(let matches) = editor.handle(.insert("y")) else {
      Issue.record("y did not list the matches")
      return
    }
    #expect(matches == names)
    #expect(editor.buffer.text == "build m")
  }

  @Test(arguments: ["n", "N", "q", "\u{7F}"])
  func anyOtherAnswerDeclinesAndKeepsTheLine(answer: String) {
    var editor = Self.editor("build m", models: 300)
    _ = editor.handle(.tab)
    #expect(editor.handle(.tab) == .askToList(300))
    let key: Key = answer == "\u{7F}" ? .backspace : .insert(answer.unicodeScalars.first ?? "n")
    #expect(editor.handle(key) == .declined)
    // The answer typed nothing, and the next keys edit as before.
    #expect(editor.buffer.text == "build m")
    #expect(editor.handle(.insert("0")) == .redraw)
    #expect(editor.buffer.text == "build m0")
  }

  @Test func spaceAndCapitalYListToo() {
    for answer: Unicode.Scalar in [" ", "Y"] {
      var editor = Self.editor("build m", models: 300)
      _ = editor.handle(.tab)
      _ = editor.handle(.tab)
      guard case .list = editor.handle(.insert(answer)) else {
        Issue.record("'\(answer)' did not list")
        return
      }
      #expect(editor.buffer.text == "build m")
    }
  }

  @Test func aListThatFitsIsShownWithoutAsking() {
    var small = Self.editor("build m", models: 40)
    _ = small.handle(.tab)
    #expect(small.handle(.tab) == .list((0..<40).map { "m" + String(1000 + $0).dropFirst() }))
    // The same 300 names fit on a taller screen, and the question depends on its rows.
    var tall = Self.editor("build m", models: 300, screen: .init(columns: 80, rows: 25))
    _ = tall.handle(.tab)
    guard case .list(let matches) = tall.handle(.tab) else {
      Issue.record("a list that fits asked first")
      return
    }
    #expect(matches.count == 300)
    // A narrower screen takes more rows.
    var narrow = Self.editor("build m", models: 100, screen: .init(columns: 20, rows: 24))
    _ = narrow.handle(.tab)
    #expect(narrow.handle(.tab) == .askToList(100))
  }

  @Test func aNewLineForgetsTheQuestion() {
    var editor = Self.editor("build m", models: 300)
    _ = editor.handle(.tab)
    #expect(editor.handle(.tab) == .askToList(300))
    editor.startLine(history: [])
    #expect(editor.handle(.insert("y")) == .redraw)
    #expect(editor.buffer.text == "y")
  }
}
