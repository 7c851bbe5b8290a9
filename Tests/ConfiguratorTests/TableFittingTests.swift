import CatalogFixtures
import Testing

@testable import configurator

/// Tables fitted to a width (``TextTable/blocks(measures:alignments:width:)``): random tables
/// of words, numbers and identifiers at random widths are laid out, then read back column by
/// column from the lines: every line within the width, every cell's text whole (wrapped) or
/// its start and `…` (cut), amounts never cut, every column in one block, the naming columns
/// in each; and without a width, or wide enough, the lines are the unfitted ones.
@Suite struct TableFittingTests {
  private static let words = [
    "tow", "hitch", "air", "suspension", "Roof", "rails", "by", "the", "model",
  ]

  /// A cell of a column of `kind`: text (words and single spaces), an identifier (no
  /// space), or an amount (right-aligned).
  private static func cell(_ kind: Int, _ random: inout SeededGenerator) -> String {
    switch kind {
    case 0:
      let count = Int.random(in: 0...9, using: &random)
      return (0..<count).map { _ in words.randomElement(using: &random) ?? "" }
        .joined(separator: " ")
    case 1:
      let length = Int.random(in: 0...24, using: &random)
      return String((0..<length).map { _ in "abcdefghij_=".randomElement(using: &random) ?? "a" })
    default:
      return "$" + String(Int.random(in: 0...99_999, using: &random)) + ".00"
    }
  }

  private struct Case {
    var titles: [String]
    var alignments: [TextTable.Alignment]
    var rows: [[String]]

    var table: TextTable {
      var table = TextTable(Array(zip(titles, alignments)))
      for row in rows { table.append(row) }
      return table
    }
  }

  private static func randomCase(_ random: inout SeededGenerator) -> Case {
    let columns = Int.random(in: 1...9, using: &random)
    let kinds = (0..<columns).map { _ in Int.random(in: 0...2, using: &random) }
    let titles = (0..<columns).map { "C\($0)" + String(repeating: "X", count: $0 % 4) }
    let rows = (0..<Int.random(in: 0...12, using: &random)).map { _ in
      kinds.map { cell($0, &random) }
    }
    return Case(
      titles: titles, alignments: kinds.map { $0 == 2 ? .right : .left }, rows: rows)
  }

  /// A block's slice of a line for one of its columns, trimmed.
  private static func slice(_ line: String, start: Int, width: Int) -> String {
    let characters = Array(line)
    guard start < characters.count else { return "" }
    let end = min(characters.count, start + width)
    return String(characters[start..<end]).trimmingSpaces
  }

  @Test func fittedTablesKeepEveryCellWithinTheWidth() {
    var random = SeededGenerator(state: 0x51_7E)
    for round in 0..<400 {
      let given = Self.randomCase(&random)
      let width = Int.random(in: 40...130, using: &random)
      let table = given.table
      var measures = table.measures()
      table.cells.measure(into: &measures, from: 1)
      let blocks = TextTable.blocks(
        measures: measures, alignments: given.alignments, width: width)
      // Every column in one block but the naming ones, in every block, and in order.
      let shown = blocks.flatMap(\.columns)
      let keys = Set(
        given.titles.indices.filter { column in blocks.allSatisfy { $0.columns.contains(column) } })
      #expect(Set(shown) == Set(given.titles.indices), "round \(round)")
      #expect(shown.count == given.titles.count + keys.count * (blocks.count - 1), "round \(round)")
      #expect(keys.contains(0), "round \(round)")
      for block in blocks { #expect(block.columns == block.columns.sorted(), "round \(round)") }
      for block in blocks {
        var starts: [Int] = []
        var start = 0
        for width in block.widths {
          starts.append(start)
          start += width + 2
        }
        for row in given.rows {
          let shownCells = row.map { ($0, DisplayWidth.of($0)) }
          let lines = table.lines(of: shownCells, in: block)
          for line in lines {
            #expect(line.count <= width, "round \(round): \(line.count) > \(width)")
          }
          for (position, column) in block.columns.enumerated() {
            let pieces = lines.map {
              Self.slice($0, start: starts[position], width: block.widths[position])
            }
            let cell = row[column]
            if given.alignments[column] == .right {
              #expect(pieces.first == cell, "round \(round): an amount was cut")
            } else if block.wraps[position] {
              #expect(
                pieces.joined().filter { $0 != " " } == cell.filter { $0 != " " },
                "round \(round): wrapped text lost")
            } else if let piece = pieces.first, piece != cell {
              #expect(piece.hasSuffix("…"), "round \(round): \(piece) is cut without …")
              #expect(cell.hasPrefix(piece.dropLast()), "round \(round)")
              #expect(pieces.dropFirst().allSatisfy { $0.isEmpty }, "round \(round)")
            }
          }
        }
      }
    }
  }

  @Test func withoutAWidthOrWideEnoughTheLinesAreTheUnfittedOnes() {
    var random = SeededGenerator(state: 0xA11)
    for round in 0..<200 {
      let table = Self.randomCase(&random).table
      let plain = table.render(width: nil)
      let widest = plain.map(\.count).max() ?? 0
      #expect(table.render(width: 0) == plain, "round \(round)")
      #expect(table.render(width: widest) == plain, "round \(round)")
      #expect(table.render(width: widest + 40) == plain, "round \(round)")
    }
  }

  @Test func aStreamedTableFitsAsAHeldOneDoes() {
    var random = SeededGenerator(state: 0x5EA)
    for round in 0..<150 {
      let given = Self.randomCase(&random)
      let width = Int.random(in: 40...100, using: &random)
      let held = OutputStream()
      given.table.write(to: held, width: width)
      let streamed = OutputStream()
      TextTable(Array(zip(given.titles, given.alignments))).stream(to: streamed, width: width) {
        row in
        for given in given.rows { row(given) }
      }
      #expect(streamed.text == held.text, "round \(round)")
    }
  }

  /// Rows of the lineup's estate options: one reason wider than what is left goes on under
  /// its column, nothing else moves; with room for it, the lines are as they were.
  @Test func aReasonWrapsUnderItsColumnAndTheRestStays() {
    var table = TextTable([
      ("GROUP", .left), ("VALUE", .left), ("NAME", .left), ("STATE", .left),
      ("SURCHARGE", .right), ("FROM", .right), ("REASON", .left),
    ])
    table.append(["floorplan", "estate", "Estate", "forced", "", "$39,040.00", "by the model"])
    table.append(["paint", "grey", "Moonstone Grey", "available", "+$720.00", "$39,760.00", ""])
    table.append(["", "shades", "Rear sun shades", "available", "+$260.00", "$39,300.00", ""])
    let natural = [
      "GROUP      VALUE   NAME             STATE      SURCHARGE        FROM  REASON",
      "floorplan  estate  Estate           forced                $39,040.00  by the model",
      "paint      grey    Moonstone Grey   available   +$720.00  $39,760.00",
      "           shades  Rear sun shades  available   +$260.00  $39,300.00",
    ]
    #expect(table.render(width: 82) == natural)
    let wrapped = [
      natural[0],
      "floorplan  estate  Estate           forced                $39,040.00  by the",
      String(repeating: " ", count: 70) + "model",
      natural[2], natural[3],
    ]
    #expect(table.render(width: 80) == wrapped)
    #expect(table.render(width: 78) == wrapped)
  }

  /// More amounts than fit side by side: the columns go on in a second block, which repeats
  /// the first column and, as the first leaves the total's row empty, the product.
  @Test func amountsThatDoNotFitGoOnInABlockNamingTheRows() {
    var table = TextTable([
      ("SALE", .right), ("DATE", .left), ("PRODUCT", .left), ("LIST USD", .right),
      ("PRICE USD", .right), ("LIST GBP", .right), ("PRICE GBP", .right), ("LIST EUR", .right),
    ])
    table.append([
      "1", "2026-12-02", "VW Golf", "$28,500.00", "$28,500.00", "£22,613.84", "£22,613.84",
      "€27,374.91",
    ])
    table.append([
      "", "", "Total", "$28,500.00", "$28,500.00", "£22,613.84", "£22,613.84", "€27,374.91",
    ])
    #expect(
      table.render(width: 60) == [
        "SALE  DATE        PRODUCT    LIST USD   PRICE USD",
        "   1  2026-12-02  VW Golf  $28,500.00  $28,500.00",
        "                  Total    $28,500.00  $28,500.00",
        "",
        "SALE  PRODUCT    LIST GBP   PRICE GBP    LIST EUR",
        "   1  VW Golf  £22,613.84  £22,613.84  €27,374.91",
        "      Total    £22,613.84  £22,613.84  €27,374.91",
      ])
  }

  /// An identifier too long for what is left is cut, with `…` in its last column.
  @Test func anIdentifierIsCutWithAnEllipsis() {
    var table = TextTable([("ID", .left), ("RULE", .left)])
    table.append(["a_very_long_rule_identifier_that_goes_on", "x => y"])
    #expect(
      table.render(width: 30) == [
        "ID" + String(repeating: " ", count: 22) + "RULE", "a_very_long_rule_iden…  x => y",
      ])
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    var text = Substring(self)
    while text.first == " " { text = text.dropFirst() }
    while text.last == " " { text = text.dropLast() }
    return String(text)
  }
}
