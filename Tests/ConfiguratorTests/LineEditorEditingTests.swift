import Testing

@testable import Dealership
@testable import configurator

/// Types keys at a ``LineEditor`` with no terminal and checks the line and cursor.
@Suite struct LineEditorEditingTests {
  /// An editor after typing `text` and then `keys`.
  private static func editor(typing text: String, then keys: [Key] = []) -> LineEditor {
    var editor = LineEditor()
    editor.startLine(history: [])
    for scalar in text.unicodeScalars { _ = editor.handle(.insert(scalar)) }
    for key in keys { _ = editor.handle(key) }
    return editor
  }

  @Test func typingInsertsAtTheCursorAndEnterSubmitsTheLine() {
    var editor = Self.editor(typing: "build spots", then: [.left, .left, .insert("r")])
    #expect(editor.buffer.text == "build sports")
    #expect(editor.buffer.cursor == 10)
    #expect(editor.handle(.enter) == .submit("build sports"))
  }

  @Test func homeAndEndMoveToTheEnds() {
    var editor = Self.editor(typing: "models", then: [.home])
    #expect(editor.buffer.cursor == 0)
    _ = editor.handle(.end)
    #expect(editor.buffer.cursor == 6)
  }

  @Test func backspaceAndDeleteRemoveAroundTheCursor() {
    let editor = Self.editor(typing: "modxels", then: [.left, .left, .left, .backspace, .delete])
    #expect(editor.buffer.text == "modls")
    #expect(editor.buffer.cursor == 3)
  }

  @Test func backspaceAtTheStartChangesNothing() {
    var editor = Self.editor(typing: "a", then: [.home])
    #expect(editor.handle(.backspace) == LineEditor.Action.none)
    #expect(editor.buffer.text == "a")
  }

  @Test func ctrlKDeletesToTheEndAndCtrlYPutsItBack() {
    var editor = Self.editor(typing: "build sports drive=4wd", then: [.wordLeft, .wordLeft])
    #expect(editor.buffer.cursor == 13)
    _ = editor.handle(.killToEnd)
    #expect(editor.buffer.text == "build sports ")
    _ = editor.handle(.yank)
    #expect(editor.buffer.text == "build sports drive=4wd")
  }

  @Test func ctrlUDeletesToTheStart() {
    let editor = Self.editor(typing: "xx models", then: [.left, .left, .left, .left, .left, .left])
    var edited = editor
    _ = edited.handle(.killToStart)
    #expect(edited.buffer.text == "models")
    #expect(edited.buffer.cursor == 0)
  }

  @Test func ctrlWDeletesTheBlankSeparatedWordBeforeTheCursor() {
    let editor = Self.editor(typing: "build sports drive=4wd  ", then: [.killWordBackward])
    #expect(editor.buffer.text == "build sports ")
    #expect(editor.killed == "drive=4wd  ")
  }

  @Test func altDDeletesTheWordAfterTheCursor() {
    let editor = Self.editor(typing: "build sports", then: [.home, .killWordForward])
    #expect(editor.buffer.text == " sports")
  }

  @Test func ctrlTSwapsTheTwoCharactersBeforeTheEnd() {
    let editor = Self.editor(typing: "bulid", then: [.left, .left, .transpose])
    #expect(editor.buffer.text == "build")
  }

  @Test func cursorMovesOverWholeCharactersWhateverTheirUTF8Length() {
    // ö is two UTF-8 bytes, 🚗 four; each is one step.
    let editor = Self.editor(typing: "spörts 🚗", then: [.left, .left, .left, .left])
    #expect(editor.buffer.cursor == 4)
    var edited = editor
    _ = edited.handle(.left)
    _ = edited.handle(.left)
    _ = edited.handle(.delete)
    _ = edited.handle(.insert("o"))
    #expect(edited.buffer.text == "sports 🚗")
  }

  @Test func aCombiningMarkJoinsTheCharacterBeforeIt() {
    let editor = Self.editor(typing: "e\u{301}x", then: [.left, .backspace])
    #expect(editor.buffer.text == "x")
  }

  @Test func ctrlCCancelsAndCtrlDEndsOnlyAnEmptyLine() {
    var editor = Self.editor(typing: "models")
    #expect(editor.handle(.interrupt) == .cancel)
    #expect(editor.handle(.endOfInput) == LineEditor.Action.none)
    _ = editor.handle(.home)
    #expect(editor.handle(.endOfInput) == .redraw)
    #expect(editor.buffer.text == "odels")
    editor.startLine(history: [])
    #expect(editor.handle(.endOfInput) == .endOfInput)
  }

  @Test func aLineStopsGrowingAtTheScriptLimit() {
    var buffer = EditBuffer(String(repeating: "x", count: EditBuffer.maximumLength))
    let inserted = buffer.insert("y")
    #expect(!inserted)
    #expect(buffer.text.utf8.count == EditBuffer.maximumLength)
  }
}
