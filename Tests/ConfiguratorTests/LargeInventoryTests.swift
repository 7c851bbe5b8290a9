import Foundation
import StockValuation
import TestSupport
import Testing

@testable import Dealership
@testable import configurator

/// Inventories past `Interpreter.summaryThreshold` lines are kept as category totals, so the
/// session's memory does not grow with the file; their values must stay exact.
@Suite struct LargeInventoryTests {
  /// A file of `rows` lines over three categories, and its exact totals computed here in
  /// hundredths of a cent: cents × quantity × (100 + tax%).
  static func inventory(rows: Int, in scratch: ScratchDirectory) throws -> (
    path: String, items: Int64, hundredths: [String: Int64]
  ) {
    var text = "name,category,unit_price,quantity,tax_percent\n"
    var items: Int64 = 0
    var hundredths: [String: Int64] = [:]
    let categories = ["alpha", "beta", "gamma"]
    for row in 0..<rows {
      let cents = Int64(row % 9_973 + 1)
      let quantity = Int64(row % 7)
      let tax = Int64(row % 4) * 5
      let category = categories[row % 3]
      text += "Item \(row),\(category),\(cents / 100).\(String(format: "%02d", cents % 100)),"
      text += "\(quantity),\(tax == 0 ? "" : String(tax))\n"
      items += quantity
      hundredths[category, default: 0] += cents * quantity * (100 + tax)
    }
    try scratch.write(text, to: "large.csv")
    return (scratch.path("large.csv"), items, hundredths)
  }

  /// Half-even rounding of hundredths of a cent to cents, then `$1,234.56` notation.
  static func dollars(hundredths: Int64) -> String {
    let (quotient, remainder) = hundredths.quotientAndRemainder(dividingBy: 100)
    let cents =
      remainder > 50 || (remainder == 50 && quotient % 2 == 1) ? quotient + 1 : quotient
    let whole = String(cents / 100)
    var grouped = ""
    for (index, digit) in whole.enumerated() {
      if index > 0, (whole.count - index) % 3 == 0 { grouped.append(",") }
      grouped.append(digit)
    }
    return "$\(grouped).\(String(format: "%02d", cents % 100))"
  }

  /// A count with `,` between groups of three (SPEC §9), written out digit by digit.
  static func grouped(_ count: some BinaryInteger) -> String {
    let digits = Array(String(count))
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return text
  }

  @Test func aLargeInventoryIsValuedExactlyAndShownAsTotalsPerCategory() throws {
    let scratch = try ScratchDirectory()
    let rows = Interpreter.summaryThreshold + 1
    let file = try Self.inventory(rows: rows, in: scratch)
    let result = try BinaryRunner.run(["--inventory", file.path, "stock"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    let total = file.hundredths.values.reduce(0, +)
    #expect(
      result.stdout.hasSuffix(
        "\(Self.grouped(file.items)) Products in Stock. Total Value: "
          + "\(Self.dollars(hundredths: total))\n"))
    for (category, value) in file.hundredths {
      #expect(result.stdout.contains("(lines of \(file.path))"))
      #expect(
        result.stdout.split(separator: "\n").contains {
          $0.drop { $0 == " " }.hasPrefix(category) && $0.contains("Subtotal")
            && $0.hasSuffix(Self.dollars(hundredths: value))
        })
    }
  }

  @Test func aSmallInventoryKeepsItsLines() throws {
    let scratch = try ScratchDirectory()
    let file = try Self.inventory(rows: 10, in: scratch)
    let harness = SessionHarness()
    #expect(
      try harness.run("stock load \(file.path)")
        == "Loaded 10 lines (\(file.items) items) from \(file.path).\n")
    #expect(harness.session.state.stock.summaries.isEmpty)
    #expect(harness.session.state.stock.lines.count == 5 + 10)
  }

  @Test func summariesSurviveTheStoreAndClearRemovesThem() throws {
    let scratch = try ScratchDirectory()
    let file = try Self.inventory(rows: Interpreter.summaryThreshold + 1, in: scratch)
    let store = scratch.path("dealer.json")
    let load = try BinaryRunner.run(["--store", store, "stock", "load", file.path])
    #expect(load.status == 0)
    #expect(load.stdout.hasSuffix("kept as category totals.\n"))
    let total = Self.dollars(hundredths: file.hundredths.values.reduce(0, +))
    let report = try BinaryRunner.run(["--store", store, "stock"])
    #expect(
      report.stdout.hasSuffix(
        "\(Self.grouped(file.items)) Products in Stock. Total Value: \(total)\n"))
    let saved = try String(decoding: scratch.bytes("dealer.json"), as: UTF8.self)
    #expect(saved.contains(#""stockSummaries":{"at":0,"remove":0,"insert":[{"source":"#))
    let cleared = try BinaryRunner.run(["--store", store, "stock", "clear"])
    #expect(
      cleared.stdout
        == "Stock cleared (\(Self.grouped(Interpreter.summaryThreshold + 1)) lines removed).\n")
    let empty = try BinaryRunner.run(["--store", store, "stock"])
    #expect(empty.stdout.hasSuffix("0 Products in Stock. Total Value: $0.00\n"))
  }

  @Test func aSummaryWithABadValueIsRefusedNamingItsPath() throws {
    let scratch = try ScratchDirectory()
    let store = scratch.path("dealer.json")
    _ = try BinaryRunner.run(["--store", store, "builds"])
    var text = try String(decoding: scratch.bytes("dealer.json"), as: UTF8.self)
    text = text.replacingOccurrences(
      of: "\"stock\": [],",
      with:
        #""stock": [], "stockSummaries": [{"source":"x.csv","lines":1,"categories":[{"category":"a","itemCount":1,"value":"12abc"}]}],"#
    )
    try scratch.write(text, to: "dealer.json")
    let before = try scratch.bytes("dealer.json")
    let result = try BinaryRunner.run(["--store", store, "stock"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("stockSummaries[0].categories[0].value"))
    #expect(result.stderr.contains("'12abc'"))
    #expect(try scratch.bytes("dealer.json") == before)
  }
}

/// An inventory is read once, so a pipe works as well as a file.
@Suite struct InventoryPipeTests {
  @Test func anInventoryFromStandardInputIsValuedLikeTheFile() throws {
    let csv = try String(contentsOfFile: "Examples/sportsstore.csv", encoding: .utf8)
    let fromPipe = try BinaryRunner.run(
      ["--inventory", "/dev/stdin", "--rate", "GBP=0.60338", "stock", "gbp"], stdin: csv)
    let fromFile = try BinaryRunner.run(
      ["--inventory", "Examples/sportsstore.csv", "--rate", "GBP=0.60338", "stock", "gbp"])
    #expect(fromPipe.status == 0, "\(fromPipe.stderr)")
    #expect(fromPipe == fromFile)
    #expect(fromPipe.stdout.hasSuffix("78 Products in Stock. Total Value: £246,362.43\n"))
  }

  @Test func aSmallFileKeepsItsLinesAndALargeOneItsTotals() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let small = try LargeInventoryTests.inventory(rows: 10, in: scratch)
    guard
      case .lines(let lines) = try Interpreter.readInventory(small.path, in: ProcessEnvironment()).0
    else {
      Issue.record("a 10-line file was summarized")
      return
    }
    #expect(lines.count == 10)
    #expect(lines.reduce(Int64(0)) { $0 + $1.quantity } == small.items)
  }
}
