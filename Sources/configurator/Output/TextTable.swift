/// A plain-text table: a header row and aligned columns separated by two spaces.
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
    rows.append(row)
  }

  /// The table as lines, without trailing blanks; cells are measured in characters.
  func render() -> [String] {
    var widths = columns.map(\.title.count)
    for row in rows {
      for (index, cell) in row.enumerated() where index < widths.count {
        widths[index] = max(widths[index], cell.count)
      }
    }
    func line(_ cells: [String]) -> String {
      var text = ""
      for (index, column) in columns.enumerated() {
        let cell = index < cells.count ? cells[index] : ""
        let padding = String(repeating: " ", count: widths[index] - cell.count)
        if index > 0 { text += "  " }
        text += column.alignment == .left ? cell + padding : padding + cell
      }
      while text.last == " " { text.removeLast() }
      return text
    }
    return [line(columns.map(\.title))] + rows.map(line)
  }
}
