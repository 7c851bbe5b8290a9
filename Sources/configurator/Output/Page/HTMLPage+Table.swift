/// A command's text output set on the page: its tables as HTML tables, its other lines as
/// paragraphs (SPEC §15, "Pages that print").
extension HTMLPage {
  /// The most table columns, or characters in a row, that an A4 page in portrait holds in
  /// the page's type: a wider table turns the page to landscape.
  static let portraitColumns = 8
  static let portraitCharacters = 110

  /// Adds what a renderer wrote into `capture`: tables as tables, sentences as paragraphs,
  /// text aligned by spaces as it is.
  mutating func append(_ capture: PageCapture) {
    for part in capture.parts {
      switch part {
      case .text(let text):
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard !lines.isEmpty else { continue }
        // Text laid out in columns of spaces keeps them; sentences are paragraphs.
        if lines.contains(where: { $0.contains("  ") }) {
          appendPreformatted(text)
        } else {
          append(lines.map { "<p>" + Self.escape(String($0)) + "</p>" }.joined(separator: "\n"))
        }
      case .table(let table):
        if Self.isWide(table) { isLandscape = true }
        append(Self.html(of: table, landscape: isLandscape))
      }
    }
  }

  /// Whether a table needs a landscape page: many columns, or rows of many characters.
  static func isWide(_ table: TextTable) -> Bool {
    table.columns.count > portraitColumns
      || characters(of: table) + 2 * table.columns.count > portraitCharacters
  }

  /// The characters of the table's widest row, had every column its widest cell's width.
  static func characters(of table: TextTable) -> Int {
    var sum = 0
    for column in table.columns.indices {
      sum += (0..<table.rowCount).map { table.cell($0, column).count }.max() ?? 0
    }
    return sum
  }

  /// The type size, in tenths of a point, that fits the table across the page: the body's
  /// 10.5 pt, or smaller for a wide table (an average character is about 0.55 em, 0.194 mm a
  /// point; each cell's padding takes 4 mm), never below 5 pt. Whole numbers throughout.
  static func fontTenths(of table: TextTable, landscape: Bool) -> Int {
    let paper = landscape ? 273 : 178  // A4 less the page's margins, in mm
    let room = max(0, paper - 4 * table.columns.count)
    let characters = max(1, Self.characters(of: table))
    // room / (characters × 0.55 × 0.3528 mm) points, in tenths: × 10 × 100,000 / 19,404.
    let fitting = room * 1_000_000 / (characters * 19_404)
    return min(105, max(50, fitting))
  }

  /// A table: the titles as a header row, amounts (right-aligned columns) right-aligned, a
  /// row holding `Subtotal` or `Total` set as a sum.
  static func html(of table: TextTable, landscape: Bool) -> String {
    let tenths = fontTenths(of: table, landscape: landscape)
    var html =
      tenths < 105
      ? "<table style=\"font-size: \(tenths / 10).\(tenths % 10)pt\">\n<thead><tr>"
      : "<table>\n<thead><tr>"
    for (index, column) in table.columns.enumerated() {
      let cell = escape(table.cell(0, index))
      html += column.alignment == .right ? "<th class=\"amount\">\(cell)</th>" : "<th>\(cell)</th>"
    }
    html += "</tr></thead>\n<tbody>\n"
    for row in 1..<max(1, table.rowCount) {
      let cells = table.columns.indices.map { table.cell(row, $0) }
      let kind =
        cells.contains("Total")
        ? " class=\"total\"" : cells.contains("Subtotal") ? " class=\"sum\"" : ""
      html += "<tr\(kind)>"
      for (index, column) in table.columns.enumerated() {
        let cell = escape(cells[index])
        // A date, a stock number or a VIN is not broken at its hyphens.
        let kind =
          column.alignment == .right
          ? " class=\"amount\""
          : cells[index].isEmpty || cells[index].contains(" ") ? "" : " class=\"word\""
        html += "<td\(kind)>\(cell)</td>"
      }
      html += "</tr>\n"
    }
    return html + "</tbody>\n</table>"
  }
}
