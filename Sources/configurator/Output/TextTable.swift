import Support

/// A plain-text table: a header row and aligned columns separated by two spaces.
///
/// Columns are aligned by terminal display width (``DisplayWidth``: a wide CJK character
/// takes two columns, a combining mark none). Cells are shown with control characters escaped (`\n`, `\u{1B}`), so a product name from a
/// file can neither break a row nor drive the terminal (SPEC §10).
struct TextTable {
  enum Alignment {
    case left
    case right
  }

  struct Column {
    let title: String
    let alignment: Alignment
  }

  let columns: [Column]
  private(set) var rows: [[String]] = []

  init(_ columns: [(String, Alignment)]) {
    self.columns = columns.map { Column(title: $0.0, alignment: $0.1) }
  }

  mutating func append(_ row: [String]) {
    rows.append(row.map(\.escapingControlCharacters))
  }

  /// The table as lines, without trailing blanks; cells are measured in display columns.
  func render() -> [String] {
    var widths = columns.map { DisplayWidth.of($0.title) }
    for row in rows { Self.widen(&widths, for: row) }
    return [line(columns.map(\.title), widths: widths)] + rows.map { line($0, widths: widths) }
  }

  /// Writes a table too large to keep: `rows` is called twice, to measure the columns and
  /// then to write each row as it is made, so memory does not grow with the rows.
  ///
  /// - Parameters:
  ///   - out: Where the lines go.
  ///   - rows: Calls its argument with each row, in order, the same rows both times.
  func stream(to out: OutputStream, rows: (_ row: ([String]) -> Void) -> Void) {
    var widths = columns.map { DisplayWidth.of($0.title) }
    rows { row in Self.widen(&widths, for: row.map(\.escapingControlCharacters)) }
    out.line(line(columns.map(\.title), widths: widths))
    rows { row in out.line(line(row.map(\.escapingControlCharacters), widths: widths)) }
  }

  private static func widen(_ widths: inout [Int], for row: [String]) {
    for (index, cell) in row.enumerated() where index < widths.count {
      widths[index] = max(widths[index], DisplayWidth.of(cell))
    }
  }

  private func line(_ cells: [String], widths: [Int]) -> String {
    var text = ""
    for (index, column) in columns.enumerated() {
      let cell = index < cells.count ? cells[index] : ""
      let padding = max(0, widths[index] - DisplayWidth.of(cell))
      if index > 0 { text += "  " }
      if column.alignment == .right { text += String(repeating: " ", count: padding) }
      text += cell
      // A left-aligned last column needs no padding: trailing blanks are trimmed anyway.
      if column.alignment == .left, index < columns.count - 1 {
        text += String(repeating: " ", count: padding)
      }
    }
    // Trailing blanks trimmed in one cut (a wide last column padded every row before).
    let kept = text.utf8.reversed().drop { $0 == UInt8(ascii: " ") }.count
    return kept == text.utf8.count ? text : String(decoding: text.utf8.prefix(kept), as: UTF8.self)
  }
}
