import Testing

@testable import StockValuation

/// The stops of the one-pass run (``StopMap``, 64-byte blocks read ahead by
/// ``Support/ByteScan``) and its category cache (``CategoryCache``) against the general path:
/// separators and spoilers at every offset of a block, records straddling blocks and chunk
/// ends, chunks of every size around the block, more categories than the cache holds.
@Suite struct InventoryValuerStopTests {
  /// Feeds `bytes` to both paths in chunks of sizes around 64 and 128 bytes (followed by
  /// filler bytes that would change the outcome if read) and in one chunk.
  static func expectSameOutcome(
    _ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let expected = InventoryValuerTests.general(bytes, chunkSize: 1 << 20)
    for size in [63, 64, 65, 100, 127, 128, 129, 200, 1000, 1 << 20] {
      for filler in [UInt8(ascii: ","), UInt8(ascii: "\n"), 0x80] {
        let outcome = InventoryValuerTests.fast(bytes, chunkSize: size, filler: filler)
        #expect(
          outcome == expected, "chunk size \(size), filler \(filler)",
          sourceLocation: sourceLocation)
      }
    }
  }

  /// The lines one-pass runs value when `bytes` come in one chunk (without an error).
  static func linesInRuns(_ bytes: [UInt8]) -> Int {
    var valuer = InventoryValuer(file: "stock.csv")
    bytes.withUnsafeBufferPointer { chunk in
      #expect(throws: Never.self) { try valuer.consume(chunk) }
    }
    return valuer.linesInRuns
  }

  /// Common rows whose lengths vary, so that every record boundary falls at many offsets
  /// of a 64-byte block.
  static func rows(_ count: Int, from first: Int = 0) -> [String] {
    (first..<first + count).map { row in
      let name = "Item " + String(repeating: "x", count: row % 17)
      return "\(name),c\(row % 5),\(row % 900).\(row % 10)5,\(row % 7),"
        + (row % 2 == 0 ? "" : "\(row % 20)") + "\n"
    }
  }

  @Test func recordsStraddlingBlocksAndChunksMatchTheGeneralPath() {
    let bytes = Array((InventoryValuerTests.header + Self.rows(300).joined()).utf8)
    Self.expectSameOutcome(bytes)
    InventoryValuationTests.expectSameOutcome(bytes)
  }

  /// A spoiler or an unusual separator at each offset of a 64-byte block (after a prefix of
  /// every length), in the name, the category or a number.
  @Test(arguments: ["\"", "\r", "é", "\u{80}", ",", "\n", "\t", "ab"])
  func spoilersAtEveryOffsetMatchTheGeneralPath(spoiler: String) {
    for offset in 0..<70 {
      let prefix = InventoryValuerTests.header + String(repeating: "P,c,1,1,\n", count: 8)
      let padding = String(repeating: "y", count: offset)
      let rows = [
        "N\(padding)\(spoiler)z,cat,1.25,2,10\n", "N\(padding),ca\(spoiler)t,1.25,2,\n",
        "N\(padding),cat,1\(spoiler)2,2,\n", "N\(padding),cat,12,2\(spoiler),5\n",
      ]
      for row in rows {
        let bytes = Array((prefix + row + Self.rows(6).joined()).utf8)
        let expected = InventoryValuerTests.general(bytes, chunkSize: 1 << 20)
        for size in [64, 65, 128, 1 << 20] {
          #expect(
            InventoryValuerTests.fast(bytes, chunkSize: size, filler: 0x80) == expected,
            "offset \(offset), chunk size \(size): \(row)")
        }
      }
    }
  }

  /// The last record of the file ends exactly at the end of the bytes, with or without a
  /// line feed, at every offset of the last block.
  @Test func theEndOfTheBytesMatchesTheGeneralPath() {
    for extra in 0..<70 {
      let last = "Last\(String(repeating: "z", count: extra)),c1,2.5,3,"
      for ending in ["", "\n", "7", "7\n"] {
        let text = InventoryValuerTests.header + Self.rows(5).joined() + last + ending
        Self.expectSameOutcome(Array(text.utf8))
      }
    }
  }

  /// More categories of up to 16 bytes than the cache holds (the rest found in the table),
  /// and keys of 17 bytes or more (never cached), in alternation.
  @Test func moreCategoriesThanTheCacheHoldsMatchTheGeneralPath() {
    let count = CategoryCache.capacity + 200
    let rows = (0..<3 * count).map { row in
      let category =
        row % 3 == 0 ? "long-category-\(row % count)-name" : "k\(row * 7 % count)"
      return "Item \(row),\(category),1.\(row % 100),\(row % 9),\(row % 3 == 0 ? "" : "5")\n"
    }
    let bytes = Array((InventoryValuerTests.header + rows.joined()).utf8)
    let expected = InventoryValuerTests.general(bytes, chunkSize: 1 << 20)
    for size in [100, 4096, 1 << 20] {
      #expect(InventoryValuerTests.fast(bytes, chunkSize: size) == expected, "size \(size)")
    }
    InventoryValuationTests.expectSameOutcome(bytes)
  }

  /// Records longer than a window (64 bytes) and than the map's read-ahead (1 KiB), with
  /// quoted and non-ASCII names and categories, among common rows: each record's stops then
  /// come one by one, across words and after a refill.
  @Test func longRecordsMatchTheGeneralPath() {
    let categories = ["c0", "c1", "c2", "c3", "c4", "ç" + String(repeating: "k", count: 70), "é"]
    // Each category's first record goes the careful way (the run knows no new category).
    var rows = categories.map { "First,\($0),1,1,\n" }
    let lengths = [40, 60, 63, 64, 65, 100, 300, 440, 700, 800, 800, 800]
    for (index, length) in lengths.enumerated() {
      let long = String(repeating: "n", count: length)
      let category = categories[index % categories.count]
      rows += Self.rows(3, from: index)
      rows.append("\(long),\(category),2.50,\(index),\(index % 2 == 0 ? "" : "7")\n")
      rows.append("\"\(long), \"\"q\"\"\",\(category),1.25,2,\n")
      rows.append("Né\(long),\(category),1,1,19\n")
    }
    let valued = rows.count
    // Longer than the read-ahead: left to the careful path, which values them the same.
    for length in [1000, 1100, 3000] {
      rows.append("\(String(repeating: "m", count: length)),c1,3.5,1,\n")
    }
    // A new category each (never in a run), so that where the chunk's end stops the run
    // does not matter.
    rows += (0..<20).map { "Tail,t\($0),1,1,\n" }
    let bytes = Array((InventoryValuerTests.header + rows.joined()).utf8)
    Self.expectSameOutcome(bytes)
    InventoryValuationTests.expectSameOutcome(bytes)
    #expect(InventoryValuerTests.general(bytes, chunkSize: 1 << 20).error == nil)
    // In one chunk, the run values every record before the long ones but the first of each
    // category.
    #expect(Self.linesInRuns(bytes) == valued - categories.count)
  }

  /// Lines ending in CRLF (as files from Windows end them) among lines ending in LF, with
  /// and without a tax and with quoted names: valued in the run, as the general path values
  /// them; a carriage return without a line feed is the general path's error.
  @Test func crlfLinesStayInTheRunAndMatchTheGeneralPath() {
    let categories = ["c0", "c1", "c2", "c3", "c4"]
    var rows = categories.map { "First,\($0),1,1,\r\n" }
    rows += Self.rows(200, from: 3).enumerated().map { index, row in
      index % 3 == 2 ? row : String(row.dropLast()) + "\r\n"
    }
    rows += (0..<20).map { "\"Quoted, \($0)\",c\($0 % 5),2.5,\($0),\($0 % 2 == 0 ? "" : "7")\r\n" }
    let valued = rows.count
    // A new category each (never in a run), so that where the chunk's end stops the run
    // does not matter.
    rows += (0..<20).map { "Tail,t\($0),1,1,\r\n" }
    let bytes = Array((InventoryValuerTests.header + rows.joined()).utf8)
    Self.expectSameOutcome(bytes)
    InventoryValuationTests.expectSameOutcome(bytes)
    #expect(InventoryValuerTests.general(bytes, chunkSize: 1 << 20).error == nil)
    #expect(Self.linesInRuns(bytes) == valued - categories.count)
    // A carriage return that no line feed follows, at the end of a line or before a field.
    for broken in ["N,c1,1,1,5\rN,c1,1,1,5\n", "N,c1,1,1,\r5\n", "N,c1,1\r,1,5\n"] {
      let text =
        InventoryValuerTests.header + rows.prefix(30).joined() + broken
        + rows.suffix(60).joined()
      Self.expectSameOutcome(Array(text.utf8))
    }
  }
}
