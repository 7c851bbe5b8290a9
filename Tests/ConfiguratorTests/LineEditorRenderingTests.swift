import Testing

@testable import Dealership
@testable import configurator

/// What the editor draws: the prompt and the line on one row, scrolled sideways when long.
@Suite struct LineEditorRenderingTests {
  private static let escape = "\u{1B}"

  /// The visible text of a draw: the prompt and line between the first `\r` and the erase.
  private static func visible(_ drawing: String) -> String {
    guard let start = drawing.firstIndex(of: "\r"), let end = drawing.firstIndex(of: "\u{1B}")
    else { return "" }
    return String(drawing[drawing.index(after: start)..<end])
  }

  @Test func aShortLineIsDrawnWholeWithTheCursorInPlace() {
    var renderer = LineRenderer(prompt: "configurator> ")
    var buffer = EditBuffer("models")
    buffer.moveLeft()
    let drawing = renderer.render(buffer, width: 80)
    #expect(drawing == "\rconfigurator> models\(Self.escape)[K\r\(Self.escape)[19C")
  }

  @Test func aLongLineScrollsSoTheCursorStaysInsideTheWidth() {
    var renderer = LineRenderer(prompt: "> ")
    var buffer = EditBuffer(String(repeating: "a", count: 30) + String(repeating: "b", count: 30))
    let atEnd = Self.visible(renderer.render(buffer, width: 20))
    #expect(atEnd == "> " + String(repeating: "b", count: 17))
    buffer.moveToStart()
    let atStart = Self.visible(renderer.render(buffer, width: 20))
    #expect(atStart == "> " + String(repeating: "a", count: 17))
    #expect(renderer.offset == 0)
  }

  @Test func everyDrawOfALongLineFitsTheTerminal() {
    var renderer = LineRenderer(prompt: "configurator> ")
    var buffer = EditBuffer()
    for scalar in "build sports floorplan=standard suspension=firm drive=4wd 🚗🚗".unicodeScalars {
      buffer.insert(scalar)
      let shown = Self.visible(renderer.render(buffer, width: 40))
      #expect(DisplayWidth.of(shown) <= 39)
    }
  }

  @Test func wideCharactersTakeTwoColumns() {
    #expect(DisplayWidth.of("🚗") == 2)
    #expect(DisplayWidth.of("車") == 2)
    #expect(DisplayWidth.of("é") == 1)
    #expect(DisplayWidth.of("e\u{301}") == 1)
  }

  @Test func matchesAreListedInColumnsDownTheRows() {
    let rows = LineRenderer.columns(["aa", "bb", "cc", "dd", "ee"], width: 13)
    #expect(rows == ["aa  cc  ee", "bb  dd"])
  }
}
