internal import Dealership
import Support

extension TextTable {
  /// Rows of cells as shown: each cell's bytes (control characters escaped) one after
  /// another in one buffer, with where it ends and its display width. A table of thousands
  /// of rows then holds three arrays rather than an array and a string a cell.
  struct Cells {
    /// How many cells a row holds: one a column.
    let columnCount: Int
    private var bytes: [UInt8] = []
    /// Where each cell ends in `bytes`, row after row.
    private var ends: [Int] = []
    /// Each cell's display width, in the same order.
    private(set) var widths: [Int] = []
    private(set) var rowCount = 0

    init(columnCount: Int) {
      self.columnCount = columnCount
    }

    /// Adds a row: missing cells are empty, cells past the last column are dropped.
    ///
    /// - Parameters:
    ///   - row: The cells as given.
    ///   - escaping: Whether control characters are escaped (not for the titles, as before).
    mutating func append(_ row: [String], escaping: Bool = true) {
      for index in 0..<columnCount {
        if index < row.count { append(row[index], escaping: escaping) } else { append("") }
      }
      rowCount += 1
    }

    mutating func removeAll() {
      bytes.removeAll(keepingCapacity: true)
      ends.removeAll(keepingCapacity: true)
      widths.removeAll(keepingCapacity: true)
      rowCount = 0
    }

    /// One cell: printable ASCII (almost every cell) is copied as it is, one column a byte,
    /// in one pass over its bytes; any other text is escaped and measured by the exact rule.
    private mutating func append(_ cell: String, escaping: Bool = true) {
      let copied =
        cell.utf8.withContiguousStorageIfAvailable { cellBytes -> Bool in
          guard DisplayWidth.isPrintableASCII(cellBytes) else { return false }
          bytes.append(contentsOf: cellBytes)
          widths.append(cellBytes.count)
          return true
        } ?? false
      if !copied {
        let shown = escaping ? cell.escapingControlCharacters : cell
        bytes.append(contentsOf: shown.utf8)
        widths.append(DisplayWidth.of(shown))
      }
      ends.append(bytes.count)
    }

    /// A cell's text as shown (control characters escaped) and its display width.
    ///
    /// - Parameters:
    ///   - row: The row, from 0 (the titles, in a table).
    ///   - column: The column.
    /// - Returns: The text and its width.
    func cell(_ row: Int, _ column: Int) -> (text: String, width: Int) {
      let index = row * columnCount + column
      let start = index == 0 ? 0 : ends[index - 1]
      return (String(decoding: bytes[start..<ends[index]], as: UTF8.self), widths[index])
    }

    /// Counts the rows from `firstRow` on into each column's measure.
    ///
    /// - Parameters:
    ///   - measures: One measure a column.
    ///   - firstRow: The first row counted (1 past a table's titles).
    func measure(into measures: inout [TextTable.ColumnMeasure], from firstRow: Int) {
      guard firstRow < rowCount else { return }
      for row in firstRow..<rowCount {
        for column in 0..<columnCount {
          let index = row * columnCount + column
          let start = index == 0 ? 0 : ends[index - 1]
          let cell = bytes[start..<ends[index]]
          var hasher = Hasher()
          hasher.combine(cell.count)
          for byte in cell { hasher.combine(byte) }
          measures[column].add(
            width: widths[index], hasSpace: cell.contains(UInt8(ascii: " ")),
            hash: hasher.finalize())
        }
      }
    }

    /// Adds a row's line to `line`: each cell padded to its column's width, two spaces
    /// between columns, and no trailing blanks.
    ///
    /// - Parameters:
    ///   - row: The row, from 0.
    ///   - columns: The table's columns, `columnCount` of them.
    ///   - columnWidths: The width of each column, at least that of each of its cells.
    ///   - line: Where the bytes go; what it holds already is kept.
    func appendLine(
      _ row: Int, columns: [Column], columnWidths: [Int], to line: inout [UInt8]
    ) {
      let space = UInt8(ascii: " ")
      let first = row * columnCount
      let start = line.count
      var cellStart = first == 0 ? 0 : ends[first - 1]
      for (index, column) in columns.enumerated() {
        let cell = first + index
        let padding = max(0, columnWidths[index] - widths[cell])
        if index > 0 { line.append(contentsOf: Self.twoSpaces) }
        if column.alignment == .right { Self.appendSpaces(padding, to: &line) }
        line.append(contentsOf: bytes[cellStart..<ends[cell]])
        cellStart = ends[cell]
        // A left-aligned last column needs no padding: trailing blanks are trimmed anyway.
        if column.alignment == .left, index < columns.count - 1 {
          Self.appendSpaces(padding, to: &line)
        }
      }
      while line.count > start, line.last == space { line.removeLast() }
    }

    private static let twoSpaces: [UInt8] = [UInt8(ascii: " "), UInt8(ascii: " ")]

    private static func appendSpaces(_ count: Int, to line: inout [UInt8]) {
      for _ in 0..<count { line.append(UInt8(ascii: " ")) }
    }
  }
}
