import Testing

@testable import Dealership
@testable import configurator

/// Ctrl-R at the prompt: readline's incremental reverse search, fed key by key.
@Suite struct LineEditorSearchTests {
  private static let history = [
    "models", "build sports drive=4wd", "stock gbp", "build suv", "show 2",
  ]

  /// An editor on a new line with ``history``, after typing `typed`.
  private static func editor(typed: String = "", history: [String] = history) -> LineEditor {
    var editor = LineEditor()
    editor.startLine(history: history)
    for scalar in typed.unicodeScalars { _ = editor.handle(.insert(scalar)) }
    return editor
  }

  /// Types `text` one scalar at a time; the last action.
  @discardableResult
  private static func type(_ text: String, into editor: inout LineEditor) -> LineEditor.Action {
    var action = LineEditor.Action.none
    for scalar in text.unicodeScalars { action = editor.handle(.insert(scalar)) }
    return action
  }

  @Test func ctrlRShowsTheSearchPromptOverTheLineAsItIs() {
    var editor = Self.editor(typed: "st")
    #expect(editor.searchPrompt == nil)
    #expect(editor.handle(.reverseSearch) == .redraw)
    #expect(editor.searchPrompt == "(reverse-i-search)'': ")
    #expect(editor.buffer == EditBuffer("st"))
  }

  @Test func typingFindsTheNewestEntryContainingTheQuery() {
    var editor = Self.editor()
    _ = editor.handle(.reverseSearch)
    #expect(Self.type("bu", into: &editor) == .redraw)
    #expect(editor.searchPrompt == "(reverse-i-search)'bu': ")
    #expect(editor.buffer.text == "build suv")
    #expect(editor.buffer.cursor == 0)
    // A longer query that the entry shown still contains stays on it.
    Self.type("ild s", into: &editor)
    #expect(editor.buffer.text == "build suv")
    Self.type("p", into: &editor)
    #expect(editor.buffer.text == "build sports drive=4wd")
  }

  @Test func theCursorIsOnTheStartOfTheMatch() {
    var editor = Self.editor()
    _ = editor.handle(.reverseSearch)
    Self.type("gbp", into: &editor)
    #expect(editor.buffer.text == "stock gbp")
    #expect(editor.buffer.cursor == 6)
  }

  @Test func ctrlRAgainFindsTheNextOlderMatchThenFails() {
    var editor = Self.editor()
    _ = editor.handle(.reverseSearch)
    Self.type("s", into: &editor)
    // Entries containing "s", newest first: show 2, build suv, stock gbp, build sports…, models.
    var seen = [editor.buffer.text]
    for _ in 0..<4 {
      #expect(editor.handle(.reverseSearch) == .redraw)
      seen.append(editor.buffer.text)
    }
    #expect(seen == ["show 2", "build suv", "stock gbp", "build sports drive=4wd", "models"])
    #expect(editor.handle(.reverseSearch) == .redraw)
    #expect(editor.searchPrompt == "(failed reverse-i-search)'s': ")
    #expect(editor.buffer.text == "models")
    #expect(editor.handle(.reverseSearch) == .bell)
  }

  @Test func aQueryThatMatchesNothingSaysFailedAndKeepsTheLastMatch() {
    var editor = Self.editor()
    _ = editor.handle(.reverseSearch)
    Self.type("suv", into: &editor)
    #expect(editor.buffer.text == "build suv")
    Self.type("x", into: &editor)
    #expect(editor.searchPrompt == "(failed reverse-i-search)'suvx': ")
    #expect(editor.buffer.text == "build suv")
    // Backspace shortens the query: it matches again.
    #expect(editor.handle(.backspace) == .redraw)
    #expect(editor.searchPrompt == "(reverse-i-search)'suv': ")
    #expect(editor.buffer.text == "build suv")
  }

  @Test func backspaceSearchesTheShorterQueryFromTheNewestEntry() {
    var editor = Self.editor()
    _ = editor.handle(.reverseSearch)
    Self.type("mo", into: &editor)
    #expect(editor.buffer.text == "models")
    _ = editor.handle(.backspace)
    #expect(editor.searchPrompt == "(reverse-i-search)'m': ")
    #expect(editor.buffer.text == "models")
    _ = editor.handle(.backspace)
    #expect(editor.searchPrompt == "(reverse-i-search)'': ")
    #expect(editor.buffer == EditBuffer(""))
    #expect(editor.handle(.backspace) == .bell)
  }

  @Test func enterRunsTheEntryShown() {
    var editor = Self.editor(typed: "x")
    _ = editor.handle(.reverseSearch)
    Self.type("sports", into: &editor)
    #expect(editor.handle(.enter) == .submit("build sports drive=4wd"))
    #expect(editor.searchPrompt == nil)
  }

  @Test func enterWithNothingFoundRunsTheLineAsItWas() {
    var editor = Self.editor(typed: "models")
    _ = editor.handle(.reverseSearch)
    #expect(editor.handle(.enter) == .submit("models"))
  }

  @Test(arguments: [Key.abort, .interrupt])
  func ctrlGAndCtrlCPutTheLineBackAsItWas(_ key: Key) {
    var editor = Self.editor(typed: "stock e")
    _ = editor.handle(.left)
    _ = editor.handle(.reverseSearch)
    Self.type("build", into: &editor)
    #expect(editor.buffer.text == "build suv")
    #expect(editor.handle(key) == .redraw)
    #expect(editor.searchPrompt == nil)
    #expect(editor.buffer.text == "stock e")
    #expect(editor.buffer.cursor == 6)
    // The line goes on being edited as usual, at the cursor it had.
    Self.type("ur", into: &editor)
    #expect(editor.buffer.text == "stock ure")
  }

  @Test func escapeKeepsTheMatchInTheLineForEditing() {
    var editor = Self.editor()
    _ = editor.handle(.reverseSearch)
    Self.type("suv", into: &editor)
    #expect(editor.handle(.escape) == .redraw)
    #expect(editor.searchPrompt == nil)
    #expect(editor.buffer.text == "build suv")
    #expect(editor.buffer.cursor == 6)
    Self.type("compact ", into: &editor)
    #expect(editor.handle(.enter) == .submit("build compact suv"))
  }

  @Test(arguments: [
    (Key.left, 5), (.right, 7), (.home, 0), (.end, 9),
  ])
  func anEditingKeyKeepsTheMatchAndThenMoves(_ key: Key, _ cursor: Int) {
    var editor = Self.editor()
    _ = editor.handle(.reverseSearch)
    Self.type("suv", into: &editor)
    #expect(editor.buffer.cursor == 6)
    #expect(editor.handle(key) == .redraw)
    #expect(editor.searchPrompt == nil)
    #expect(editor.buffer.text == "build suv")
    #expect(editor.buffer.cursor == cursor)
  }

  @Test func upAndDownGoOnFromTheEntryFound() {
    var editor = Self.editor(typed: "draft")
    _ = editor.handle(.reverseSearch)
    Self.type("gbp", into: &editor)
    _ = editor.handle(.escape)
    _ = editor.handle(.up)
    #expect(editor.buffer.text == "build sports drive=4wd")
    _ = editor.handle(.down)
    _ = editor.handle(.down)
    #expect(editor.buffer.text == "build suv")
    _ = editor.handle(.down)
    _ = editor.handle(.down)
    // The line typed before the search is still below the newest entry.
    #expect(editor.buffer.text == "draft")
  }

  @Test func ctrlRTwiceOnANewLineRepeatsTheLastSearch() {
    var editor = Self.editor()
    #expect(editor.handle(.reverseSearch) == .redraw)
    #expect(editor.handle(.reverseSearch) == .bell)
    Self.type("stock", into: &editor)
    _ = editor.handle(.enter)
    editor.startLine(history: Self.history)
    _ = editor.handle(.reverseSearch)
    #expect(editor.handle(.reverseSearch) == .redraw)
    #expect(editor.searchPrompt == "(reverse-i-search)'stock': ")
    #expect(editor.buffer.text == "stock gbp")
  }

  @Test func anEmptyHistoryFailsAtTheFirstCharacter() {
    var editor = Self.editor(history: [])
    _ = editor.handle(.reverseSearch)
    Self.type("m", into: &editor)
    #expect(editor.searchPrompt == "(failed reverse-i-search)'m': ")
    #expect(editor.buffer.text == "")
  }

  @Test func searchingFromARecalledEntryStartsThere() {
    var editor = Self.editor()
    _ = editor.handle(.up)
    _ = editor.handle(.up)
    #expect(editor.buffer.text == "build suv")
    _ = editor.handle(.reverseSearch)
    Self.type("s", into: &editor)
    #expect(editor.buffer.text == "build suv")
  }

  @Test func nonASCIIQueriesMatchWholeCharactersAndTheCursorColumnCountsTheirWidth() {
    var editor = Self.editor(history: ["build 寿司 café", "load 車.json", "show 1"])
    _ = editor.handle(.reverseSearch)
    Self.type("寿", into: &editor)
    #expect(editor.buffer.text == "build 寿司 café")
    #expect(editor.buffer.cursor == 6)
    // "(reverse-i-search)'" is 19 columns, 寿 2, "': " 3; then "build " 6.
    var renderer = LineRenderer(prompt: "configurator> ")
    let drawing = renderer.render(editor.buffer, width: 80, prompt: editor.searchPrompt)
    #expect(drawing.hasSuffix("\u{1B}[30C"))
    #expect(drawing.hasPrefix("\r(reverse-i-search)'寿': build 寿司 café\u{1B}[K"))
    // A combining accent typed after e joins it: é matches the precomposed é of the entry.
    _ = editor.handle(.abort)
    _ = editor.handle(.reverseSearch)
    Self.type("cafe\u{301}", into: &editor)
    #expect(editor.searchPrompt == "(reverse-i-search)'café': ")
    #expect(editor.buffer.cursor == 9)
  }

  @Test func aLongQueryIsShownFromItsEndSoTheRowNeverWraps() {
    var editor = Self.editor()
    _ = editor.handle(.reverseSearch)
    Self.type(String(repeating: "車", count: 40), into: &editor)
    var renderer = LineRenderer(prompt: "configurator> ")
    let drawing = renderer.render(editor.buffer, width: 40, prompt: editor.searchPrompt)
    let visible = drawing.dropFirst().prefix { $0 != "\u{1B}" }
    #expect(visible.hasPrefix("…"))
    #expect(visible.hasSuffix("車': "))
    #expect(DisplayWidth.of(visible) <= 39)
  }

  @Test func controlCharactersInTheQueryAreEscapedInThePrompt() {
    var editor = Self.editor()
    _ = editor.handle(.reverseSearch)
    _ = editor.handle(.insert("\u{9B}"))
    #expect(editor.searchPrompt == "(failed reverse-i-search)'\\u{9B}': ")
  }
}
