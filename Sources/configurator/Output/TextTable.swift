internal import Dealership

/// A plain-text table: a header row and aligned columns separated by two spaces.
///
/// Columns are aligned by terminal display width (``DisplayWidth``: a wide CJK character
/// takes two columns, a combining mark none). Cells are shown with control characters escaped (`\n`, `\u{1B}`), so a product name from a
/// file can neither break a row nor drive the terminal (SPEC §10).
///
/// Given a width (a terminal's, `--width N`), a table wider than it is fitted
/// (``blocks(measures:alignments:width:)``): text wrapped under its column, other cells cut
/// with `…`, or the columns in blocks one after another. Without one (pipes, files) or when
/// the table fits, every line is as wide as its cells make it.
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
  private(set) var cells: Cells

  init(_ columns: [(String, Alignment)]) {
    self.columns = columns.map { Column(title: $0.0, alignment: $0.1) }
    cells = Cells(columnCount: columns.count)
    cells.append(self.columns.map(\.title), escaping: false)
  }

  mutating func append(_ row: [String]) {
    cells.append(row)
  }

  /// The text of a cell: row 0 holds the titles.
  func cell(_ row: Int, _ column: Int) -> String { cells.cell(row, column).text }

  /// How many rows there are, the titles' included.
  var rowCount: Int { cells.rowCount }

  /// The table as lines, without trailing blanks; cells are measured in display columns.
  ///
  /// - Parameter width: The columns the lines may take; `nil` or 0 for no limit.
  /// - Returns: The lines.
  func render(width: Int?) -> [String] {
    if let blocks = fittedBlocks(width: width) {
      var lines: [String] = []
      forEachFittedLine(blocks) { lines.append($0) }
      return lines
    }
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
  /// - Parameters:
  ///   - out: Where the lines go.
  ///   - width: The columns the lines may take; `nil` or 0 for no limit.
  func write(to out: OutputStream, width: Int?) {
    if let page = out.page {
      page.add(self, after: out)
      return
    }
    if let blocks = fittedBlocks(width: width) {
      forEachFittedLine(blocks) { out.line($0) }
      return
    }
    let widths = columnWidths()
    var bytes: [UInt8] = []
    for row in 0..<cells.rowCount {
      bytes.removeAll(keepingCapacity: true)
      cells.appendLine(row, columns: columns, columnWidths: widths, to: &bytes)
      bytes.append(10)
      out.write(bytes: bytes)
    }
  }

  /// The blocks of the rows held at `width`, or `nil` when the table shows as it is.
  private func fittedBlocks(width: Int?) -> [Block]? {
    guard let width, width > 0 else { return nil }
    var measures = measures()
    cells.measure(into: &measures, from: 1)
    return Self.fittedBlocks(measures, alignments: columns.map(\.alignment), width: width)
  }

  /// Each line of the rows held in blocks: titles, rows, a blank line between blocks.
  private func forEachFittedLine(_ blocks: [Block], _ body: (String) -> Void) {
    for (index, block) in blocks.enumerated() {
      if index > 0 { body("") }
      for line in titleLines(in: block) { body(line) }
      guard cells.rowCount > 1 else { continue }
      for row in 1..<cells.rowCount {
        let shown = columns.indices.map { cells.cell(row, $0) }
        for line in lines(of: shown, in: block) { body(line) }
      }
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
  /// then to write each row as it is made, so memory does not grow with the rows (fitted to
  /// a width in blocks, once more for each further block).
  ///
  /// - Parameters:
  ///   - out: Where the lines go.
  ///   - width: The columns the lines may take; `nil` or 0 for no limit.
  ///   - rows: Calls its argument with each row, in order, the same rows every time.
  func stream(
    to out: OutputStream, width: Int?, rows: (_ row: ([String]) -> Void) -> Void
  ) {
    // A page sets the table itself: its rows are held (a page is read by a person).
    if let page = out.page {
      var table = self
      rows { table.append($0) }
      page.add(table, after: out)
      return
    }
    // The titles' widths: rows appended to the table are not part of a streamed one.
    var widths = Array(cells.widths.prefix(columns.count))
    // One row at a time: measured, then forgotten.
    var row = Cells(columnCount: columns.count)
    let measuring = (width ?? 0) > 0
    var measures = measuring ? self.measures() : []
    rows { given in
      row.removeAll()
      row.append(given)
      for (index, width) in row.widths.enumerated() { widths[index] = max(widths[index], width) }
      if measuring { row.measure(into: &measures, from: 0) }
    }
    if measuring,
      let blocks = Self.fittedBlocks(measures, alignments: columns.map(\.alignment), width: width)
    {
      for (index, block) in blocks.enumerated() {
        if index > 0 { out.line("") }
        for line in titleLines(in: block) { out.line(line) }
        rows { given in
          row.removeAll()
          row.append(given)
          let shown = columns.indices.map { row.cell(0, $0) }
          for line in lines(of: shown, in: block) { out.line(line) }
        }
      }
      return
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
