internal import Dealership

/// Draws the prompt and the line on one terminal row, scrolling the line sideways when it is
/// wider than the terminal, so long lines never wrap and editing never corrupts the display.
///
/// Each draw is one string: carriage return, prompt, the visible part of the line, erase to the
/// end of the row, carriage return, and a move right to the cursor's column.
struct LineRenderer {
  var prompt: String
  /// The index of the first character shown.
  private(set) var offset = 0

  init(prompt: String) {
    self.prompt = prompt
  }

  /// Scrolls back to the start for a new line.
  mutating func reset() { offset = 0 }

  /// The escape sequences that show `buffer` on a terminal `width` columns wide, after
  /// `prompt` (a search's prompt) in place of the usual one if given.
  ///
  /// A given prompt wider than half the row is cut at its start (shown from `…`), so the line
  /// keeps room and the row never wraps.
  mutating func render(_ buffer: EditBuffer, width: Int, prompt override: String? = nil)
    -> String
  {
    let characters = buffer.characters
    let cursor = buffer.cursor
    let prompt = override.map { Self.tail(of: $0, within: max(1, width / 2)) } ?? self.prompt
    let promptWidth = DisplayWidth.of(prompt)
    // The last column stays free so the cursor never makes the terminal wrap.
    let room = max(1, width - promptWidth - 1)
    offset = min(offset, cursor)
    while offset < cursor, DisplayWidth.of(characters[offset..<cursor]) > room { offset += 1 }
    // Scroll back when the end of the line fits again after a deletion.
    while offset > 0, DisplayWidth.of(characters[(offset - 1)...]) <= room { offset -= 1 }
    var shown = ""
    var used = 0
    for character in characters[offset...] {
      let columns = DisplayWidth.of(character)
      guard used + columns <= room else { break }
      shown.append(character)
      used += columns
    }
    let column = promptWidth + DisplayWidth.of(characters[offset..<cursor])
    var output = "\r" + prompt + shown + "\u{1B}[K\r"
    if column > 0 { output += "\u{1B}[\(column)C" }
    return output
  }

  /// `text` if it takes at most `columns` columns, else `…` and as much of its end as fits.
  static func tail(of text: String, within columns: Int) -> String {
    guard DisplayWidth.of(text) > columns else { return text }
    var kept: [Character] = []
    var used = 1
    for character in text.reversed() {
      let width = DisplayWidth.of(character)
      guard used + width <= columns else { break }
      kept.append(character)
      used += width
    }
    return "…" + String(kept.reversed())
  }

  /// Matches laid out in columns down the rows, as `ls` does, for a terminal `width` wide.
  static func columns(_ items: [String], width: Int) -> [String] {
    guard !items.isEmpty else { return [] }
    let cell = (items.map { DisplayWidth.of($0) }.max() ?? 0) + 2
    let columnCount = max(1, (max(width, 1) - 1) / cell)
    let rowCount = (items.count + columnCount - 1) / columnCount
    return (0..<rowCount).map { row in
      var line = ""
      for column in 0..<columnCount {
        let index = column * rowCount + row
        guard index < items.count else { break }
        let item = items[index]
        line += item
        let isLast = (column + 1) * rowCount + row >= items.count
        if !isLast { line += String(repeating: " ", count: cell - DisplayWidth.of(item)) }
      }
      return line
    }
  }
}
