internal import Dealership

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
  /// The titles, then the rows, as shown.
  private var cells: Cells

  init(_ columns: [(String, Alignment)]) {
    self.columns = columns.map { Column(title: $0.0, alignment: $0.1) }
    cells = Cells(columnCount: columns.count)
    cells.append(self.columns.map(\.title), escaping: false)
  }

  mutating func append(_ row: [String]) {
    cells.append(row)
  }

  /// The table as lines, without trailing blanks; cells are measured in display columns.
  func render() -> [String] {
    let widths = columnWidths()
    var lines: [String] = []
    lines.reserveCapacity(cells.rowCount)
    var bytes: [UInt8] = []
    for row in 0..<cells.rowCount {
      bytes.removeAll(keepingCapacity: true)
      cells.appendLine(row, columns: columns, columnWidths: widths, to: &bytes)
      lines.append(String(decoding: bytes, as: UTF8.self))
    }
    return lines
  }

  /// Writes the table, a line at a time, each made in one buffer kept from line to line.
  ///
  /// - Parameter out: Where the lines go.
  func write(to out: OutputStream) {
    let widths = columnWidths()
    var bytes: [UInt8] = []
    for row in 0..<cells.rowCount {
      bytes.removeAll(keepingCapacity: true)
      cells.appendLine(row, columns: columns, columnWidths: widths, to: &bytes)
      bytes.append(10)
      out.write(bytes: bytes)
    }
  }

  /// Each column's width: that of its widest cell, the title included.
  private func columnWidths() -> [Int] {
    var widths = [Int](repeating: 0, count: columns.count)
    guard !widths.isEmpty else { return widths }
    for (index, width) in cells.widths.enumerated() {
      let column = index % widths.count
      widths[column] = max(widths[column], width)
    }
    return widths
  }

  /// Writes a table too large to keep: `rows` is called twice, to measure the columns and
  /// then to write each row as it is made, so memory does not grow with the rows.
  ///
  /// - Parameters:
  ///   - out: Where the lines go.
  ///   - rows: Calls its argument with each row, in order, the same rows both times.
  func stream(to out: OutputStream, rows: (_ row: ([String]) -> Void) -> Void) {
    // The titles' widths: rows appended to the table are not part of a streamed one.
    var widths = Array(cells.widths.prefix(columns.count))
    // One row at a time: measured, then forgotten.
    var row = Cells(columnCount: columns.count)
    rows { given in
      row.removeAll()
      row.append(given)
      for (index, width) in row.widths.enumerated() { widths[index] = max(widths[index], width) }
    }
    var bytes: [UInt8] = []
    cells.appendLine(0, columns: columns, columnWidths: widths, to: &bytes)
    bytes.append(10)
    out.write(bytes: bytes)
    rows { given in
      row.removeAll()
      row.append(given)
      bytes.removeAll(keepingCapacity: true)
      row.appendLine(0, columns: columns, columnWidths: widths, to: &bytes)
      bytes.append(10)
      out.write(bytes: bytes)
    }
  }
}
