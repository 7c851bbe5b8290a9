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
    // Each cell measured once (a table of thousands of rows measured every cell twice).
    let measured = rows.map { $0.map(DisplayWidth.of) }
    for row in measured {
      for (index, width) in row.enumerated() where index < widths.count {
        widths[index] = max(widths[index], width)
      }
    }
    var lines: [String] = []
    lines.reserveCapacity(rows.count + 1)
    var bytes: [UInt8] = []
    lines.append(line(columns.map(\.title), widths: widths, into: &bytes))
    for (row, cellWidths) in zip(rows, measured) {
      lines.append(line(row, widths: widths, cellWidths: cellWidths, into: &bytes))
    }
    return lines
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
    var bytes: [UInt8] = []
    return line(cells, widths: widths, into: &bytes)
  }

  /// One row's text, made in `bytes` (kept from row to row), without trailing blanks.
  private func line(
    _ cells: [String], widths: [Int], cellWidths: [Int]? = nil, into bytes: inout [UInt8]
  ) -> String {
    bytes.removeAll(keepingCapacity: true)
    let space = UInt8(ascii: " ")
    for (index, column) in columns.enumerated() {
      let cell = index < cells.count ? cells[index] : ""
      let width =
        if let cellWidths, index < cellWidths.count { cellWidths[index] } else {
          DisplayWidth.of(cell)
        }
      let padding = max(0, widths[index] - width)
      if index > 0 { bytes.append(contentsOf: [space, space]) }
      if column.alignment == .right {
        bytes.append(contentsOf: repeatElement(space, count: padding))
      }
      bytes.append(contentsOf: cell.utf8)
      // A left-aligned last column needs no padding: trailing blanks are trimmed anyway.
      if column.alignment == .left, index < columns.count - 1 {
        bytes.append(contentsOf: repeatElement(space, count: padding))
      }
    }
    var kept = bytes.count
    while kept > 0, bytes[kept - 1] == space { kept -= 1 }
    return String(decoding: bytes[..<kept], as: UTF8.self)
  }
}
