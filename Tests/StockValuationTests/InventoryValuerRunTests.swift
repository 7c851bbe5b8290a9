import Support
import Testing

@testable import StockValuation

/// The one-pass run of common records
/// (``InventoryValuer/valueStandardRun(_:from:line:hasTax:categories:cache:totals:)``), the word-wise
/// category lookup of ``CategoryTable`` and the lent ``RunningTotals`` against
/// the general path: same totals, category order and errors, for any chunking and any split.
@Suite struct InventoryValuerRunTests {
  /// Category names of every length around the eight- and sixteen-byte words, and names that
  /// agree in their first and last eight bytes (or differ only past them).
  static let categories: [String] = {
    var names: [String] = []
    for length in [1, 2, 6, 7, 8, 9, 15, 16, 17, 23, 24, 25, 33] {
      let base = String(repeating: "c", count: length)
      names.append(base)
      // The same length, one byte different in the middle, at the start and at the end.
      var middle = Array(base.utf8)
      middle[length / 2] = UInt8(ascii: "m")
      names.append(String(decoding: middle, as: UTF8.self))
      names.append("s" + base.dropFirst())
      names.append(base.dropLast() + "e")
    }
    // Equal first and last eight bytes, different middles; a prefix of another; non-ASCII.
    names += [
      "aaaaaaaaXaaaaaaaa", "aaaaaaaaYaaaaaaaa", "aaaaaaaaXYaaaaaaaa", "aaaaaaaaYXaaaaaaaa",
      "abcdefgh", "abcdefghi", "abcdefg", "Getränke", "Getränke ☕ und mehr",
    ]
    return names
  }()

  /// Rows over `categories`, alternating so that the last category found rarely repeats,
  /// then in runs so that it does.
  static func rows(count: Int) -> [String] {
    (0..<count).map { row in
      let category = categories[(row < count / 2 ? row * 7 : row / 5) % categories.count]
      return "Item \(row),\(category),\(row % 1000).\(row % 10)\(row % 7),\(row % 13),"
        + (row % 3 == 0 ? "" : "\(row % 20)") + "\n"
    }
  }

  @Test func categoriesAroundTheWordLengthsMatchTheGeneralPath() {
    let bytes = Array((InventoryValuerTests.header + Self.rows(count: 400).joined()).utf8)
    let outcome = InventoryValuerTests.expectSameOutcome(bytes)
    #expect(outcome.lineCount == 400)
    #expect(Set(outcome.categories.map(\.name)) == Set(Self.categories))
    InventoryValuationTests.expectSameOutcome(bytes)
  }

  @Test func theTableFindsEveryKeyByItsWordsAndBytes() {
    var table = CategoryTable()
    let keys = Self.categories.map { Array($0.utf8) } + [[], [0], [0, 0], [0x61, 0]]
    for (index, key) in keys.enumerated() {
      key.withUnsafeBufferPointer { #expect(table.value(for: $0) == nil) }
      key.withUnsafeBufferPointer { table.insert($0, value: index) }
    }
    for _ in 0..<2 {
      for (index, key) in keys.enumerated() {
        // Read as a key followed by other bytes, and as a key alone.
        let padded = key + Array("xxxxxxxxxxxxxxxx".utf8)
        let found = padded.withUnsafeBufferPointer { buffer in
          UnsafeBytes(buffer).flatMap { table.value(forKeyIn: $0, from: 0, to: key.count) }
        }
        #expect(found == index, "\(key)")
        #expect(key.withUnsafeBufferPointer { table.value(for: $0) } == index, "\(key)")
        #expect(Array(table.key(at: index)) == key)
      }
    }
  }

  /// The item count overflows at a row the run reads (after a large row it does not read):
  /// the error and its line are the general path's.
  @Test func anOverflowInTheRunIsTheGeneralPathsError() {
    var rows = ["Big,x,0,9223372036854775000,\n"]
    // 807 items fit after the first row: the 116th row of 7 does not.
    rows += (0..<200).map { "Item \($0),x,1.25,7,5\n" }
    let bytes = Array((InventoryValuerTests.header + rows.joined()).utf8)
    let outcome = InventoryValuerTests.expectSameOutcome(bytes)
    #expect(outcome.error?.reason == "overflow: stock total")
    #expect(outcome.error?.line == 2 + 116)
    InventoryValuationTests.expectSameOutcome(bytes)
  }

  /// The value total overflows at a row the run would read, after two large rows it does
  /// not read brought the total within 100.5 common rows of `Int128.max`: the error and its
  /// line are the general path's (the run, whose rows are added unchecked, must not start).
  @Test func aValueOverflowInTheRunIsTheGeneralPathsError() {
    // A common row's exact value: 1.25 × 7 × (10^6 + 5 × 10^4).
    let common: Int128 = 125 * 7 * 1_050_000
    // The large rows' cents × units, a row of `high × 10^16` and one of `low × 1` (tax empty:
    // a value of cents × units × 10^6).
    let units = (Int128.max - 100 * common - common / 2) / 1_000_000
    let (high, low) = units.quotientAndRemainder(dividingBy: 10_000_000_000_000_000)
    func price(_ cents: Int128) -> String {
      "\(cents / 100)." + (cents % 100 < 10 ? "0" : "") + "\(cents % 100)"
    }
    let rows =
      ["Big,x,\(price(high)),10000000000000000,\n", "Rest,x,\(price(low)),1,\n"]
      + (0..<200).map { "Item \($0),x,1.25,7,5\n" }
    let bytes = Array((InventoryValuerTests.header + rows.joined()).utf8)
    let outcome = InventoryValuerTests.expectSameOutcome(bytes)
    #expect(outcome.error?.reason == "overflow: stock total")
    #expect(outcome.error?.line == 2 + 2 + 100)
    InventoryValuationTests.expectSameOutcome(bytes)
  }

  /// Fields the run leaves to the careful path next to ones it reads, in a long file.
  @Test func unusualRowsAmongCommonOnesMatchTheGeneralPath() {
    let unusual = [
      "\"Quoted, name\",A,1.50,2,10\n", "N,A,12345.67,1,\n", "N,A,1,12345678,\n",
      "N,A,1.5,1,8.875\n", "N,A,1.5,1,12345.6789\n", "Café,A,1,1,\n", "N,Bé,1,1,\n",
      "N,A,1,1,10\r\n", "\n", "N,A,0.001,1,\n", "N,,1,1,\n", ",A,1,1,\n", "N,A,1,1\n",
      "N,A,1,1,1,1\n", "N\tx,A!#,1,1,\n", "N,A,1,1.0,\n", "N,A,01,001,0001\n",
    ]
    for row in unusual {
      let rows = Self.rows(count: 9) + [row] + Self.rows(count: 9)
      let bytes = Array((InventoryValuerTests.header + rows.joined()).utf8)
      InventoryValuerTests.expectSameOutcome(bytes)
      InventoryValuationTests.expectSameOutcome(bytes)
    }
  }
}
