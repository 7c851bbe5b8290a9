extension TextTable {
  /// Each column's measure over the titles and the rows held (``Cells``).
  func measures() -> [ColumnMeasure] {
    var measures = [ColumnMeasure](repeating: ColumnMeasure(), count: columns.count)
    for column in columns.indices {
      measures[column].addTitle(width: cells.cell(0, column).width)
    }
    return measures
  }

  /// The blocks of a table at `width` columns, or `nil` when it shows as it would at any
  /// width: no width (or 0, unlimited), or every column at its natural width already fits.
  ///
  /// - Parameters:
  ///   - measures: Each column's measure, the rows counted.
  ///   - alignments: Each column's alignment.
  ///   - width: The columns the table may take.
  /// - Returns: The blocks, or `nil` for the table as it is.
  static func fittedBlocks(
    _ measures: [ColumnMeasure], alignments: [Alignment], width: Int?
  ) -> [Block]? {
    guard let width, width > 0 else { return nil }
    let blocks = TextTable.blocks(measures: measures, alignments: alignments, width: width)
    if blocks.count == 1, let block = blocks.first,
      block.widths == measures.map(\.natural)
    {
      return nil
    }
    return blocks
  }

  /// The lines one row takes in a block: each cell of the block's columns cut or wrapped to
  /// its width and padded as its column aligns, two spaces between columns, no trailing
  /// blanks; a wrapped cell goes on under its column on the next lines.
  ///
  /// - Parameters:
  ///   - cells: The row's cells as shown, with their widths, one a column of the table.
  ///   - block: The block.
  ///   - wrapping: Whether text columns wrap (not the titles, which are cut).
  /// - Returns: At least one line.
  func lines(
    of cells: [(text: String, width: Int)], in block: Block, wrapping: Bool = true
  ) -> [String] {
    var pieces: [[String]] = []
    for (position, column) in block.columns.enumerated() {
      let cell = cells[column]
      let width = block.widths[position]
      if cell.width <= width {
        pieces.append([cell.text])
      } else if wrapping, block.wraps[position] {
        pieces.append(TextWrap.wrap(cell.text, width: width))
      } else {
        pieces.append([TextWrap.elide(cell.text, to: width)])
      }
    }
    let height = pieces.map(\.count).max() ?? 1
    var lines: [String] = []
    for index in 0..<height {
      var line = ""
      for (position, column) in block.columns.enumerated() {
        let text = index < pieces[position].count ? pieces[position][index] : ""
        let padding = String(
          repeating: " ", count: max(0, block.widths[position] - DisplayWidth.of(text)))
        if position > 0 { line += "  " }
        line += columns[column].alignment == .right ? padding + text : text + padding
      }
      while line.last == " " { line.removeLast() }
      lines.append(line)
    }
    return lines
  }

  /// The titles' lines in a block (cut, never wrapped).
  func titleLines(in block: Block) -> [String] {
    lines(of: columns.indices.map { cells.cell(0, $0) }, in: block, wrapping: false)
  }
}
