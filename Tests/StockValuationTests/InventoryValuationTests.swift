import Support
import Testing

@testable import StockValuation

/// A file valued in parts (``InventoryValuation``) against the general path reading it from
/// start to end: same totals, category order and first error (with its line), wherever the
/// splits fall — also inside quoted fields that hold line breaks.
@Suite struct InventoryValuationTests {
  typealias Outcome = InventoryValuerTests.Outcome

  /// The bytes valued in up to `parts` parts of at least one byte, read in `window`s.
  static func inParts(_ bytes: [UInt8], parts: Int, window: Int) -> Outcome {
    let outcome = Result { () throws(InventoryError) in
      try InventoryValuation.value(
        .memory(bytes), file: "stock.csv", parts: parts, minimumPartSize: 1, chunkSize: window
      ).totals
    }
    switch outcome {
    case .success(let totals): return Outcome(totals)
    case .failure(let error): return Outcome(error)
    }
  }

  @discardableResult
  static func expectSameOutcome(
    _ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
  ) -> Outcome {
    let expected = InventoryValuerTests.general(bytes, chunkSize: 1 << 16)
    for parts in [1, 2, 3, 5, 16] {
      for window in [1, 7, 64, 1 << 20] {
        #expect(
          inParts(bytes, parts: parts, window: window) == expected,
          "\(parts) parts, window \(window)", sourceLocation: sourceLocation)
      }
    }
    return expected
  }

  /// Rows with a name of `row` in the usual column order.
  static func document(_ rows: [String]) -> [UInt8] {
    Array((InventoryValuerTests.header + rows.joined()).utf8)
  }

  @Test func plainRowsInPartsMatchTheGeneralPath() {
    let rows = (0..<200).map {
      "Item \($0),cat\($0 % 7),\($0).25,\($0 % 5),\($0 % 3 == 0 ? "" : "10")\n"
    }
    let outcome = Self.expectSameOutcome(Self.document(rows))
    #expect(outcome.lineCount == 200)
    #expect(outcome.categories.map(\.name) == (0..<7).map { "cat\($0)" })
  }

  @Test func quotedLineBreaksAcrossSplitsMatchTheGeneralPath() {
    // Names spanning lines without quotes of their own: a split between two of them lies
    // inside a quoted field although both neighbouring lines are quote-free.
    let rows = (0..<60).map { row in
      row % 3 == 0
        ? "\"Long\nname\nwith\nlines \(row)\",c\(row % 4),1.50,\(row),\n"
        : "Item \(row),c\(row % 4),2,1,5\n"
    }
    Self.expectSameOutcome(Self.document(rows))
  }

  @Test func anErrorInALaterPartNamesItsLineInTheFile() {
    var rows = (0..<100).map { "Item \($0),c,1.00,1,\n" }
    rows[80] = "Bad,c,12abc,1,\n"
    rows[90] = "Worse,c,1,-1,\n"
    let outcome = Self.expectSameOutcome(Self.document(rows))
    #expect(outcome.error?.line == 82)
    #expect(outcome.error?.field == "unit_price")
  }

  @Test func aLineBreakInsideAQuoteBeforeAnErrorCountsAsALine() {
    var rows = (0..<50).map { "\"Item\n\($0)\",c,1.00,1,\n" }
    rows.append("Bad,c,1.001,1,\n")
    let outcome = Self.expectSameOutcome(Self.document(rows))
    #expect(outcome.error?.line == 102)
  }

  @Test func totalsThatOverflowOnlyWhenMergedGiveTheSequentialError() {
    // Each part's item count fits an Int64; the first and last rows together do not.
    let big = "Big,c,0.01,5000000000000000000,\n"
    let rows = [big] + (0..<8).map { "Item \($0),d,1,1,\n" } + [big]
    let outcome = Self.expectSameOutcome(Self.document(rows))
    #expect(outcome.error?.line == 11)
  }

  @Test func anOverflowWithTheTotalsBeforeAPartWinsOverALaterErrorInIt() {
    // The item count overflows at line 11 only with the first row's quantity; the part
    // that holds line 11 also holds a bad number further on, which must not win.
    let big = "Big,c,0.01,5000000000000000000,\n"
    var rows = [big] + (0..<8).map { "Item \($0),d,1,1,\n" } + [big]
    rows += (0..<8).map { "Item \($0),d,1,1,\n" } + ["Bad,d,12abc,1,\n"]
    let outcome = Self.expectSameOutcome(Self.document(rows))
    #expect(outcome.error?.line == 11)
    #expect(outcome.error?.field == nil)
  }

  @Test func aCategoryFirstSeenInALaterPartKeepsItsPlaceAndSpelling() {
    // "Cafe\u{301}" (decomposed) first, then the precomposed spelling: one category,
    // named as first spelled, in order of first appearance across the parts.
    let rows =
      (0..<20).map { "A\($0),Cafe\u{301},1,1,\n" } + (0..<20).map { "B\($0),Caf\u{E9},2,1,\n" }
      + (0..<20).map { "C\($0),Z,3,1,\n" } + ["D,Caf\u{E9},4,1,\n"]
    let outcome = Self.expectSameOutcome(Self.document(rows))
    #expect(outcome.categories.map(\.name) == ["Cafe\u{301}", "Z"])
  }

  @Test func aFileReadInPartsGivesTheSameTotals() throws {
    // Each part reads its own bytes with `pread`, chunk by chunk, while the others read.
    let rows = (0..<3_000).map { "Item \($0),cat\($0 % 11),\($0 % 97).05,\($0 % 4),8.5\n" }
    let bytes = Self.document(rows)
    let path = try Fixtures.temporaryFile(named: "parts.csv", contents: bytes)
    defer { Fixtures.remove(path) }
    let expected = InventoryValuerTests.general(bytes, chunkSize: 1 << 16)
    let file = try FileInput(path: path)
    for parts in [1, 2, 3, 7] {
      for chunkSize in [4096, 3 * 4096 + 5, 1 << 20] {
        let outcome: Result<StockAccumulator, InventoryError> = Result {
          () throws(InventoryError) in
          try InventoryValuation.value(
            .file(descriptor: file.descriptor, size: bytes.count), file: "stock.csv",
            parts: parts, minimumPartSize: 1, chunkSize: chunkSize
          ).totals
        }
        let got = outcome.map(InventoryValuerTests.Outcome.init)
        #expect((try? got.get()) == expected, "\(parts) parts, chunks of \(chunkSize)")
      }
    }
    #expect(expected.lineCount == 3_000)
  }

  @Test func aFileThatBecomesShorterWhileReadIsAnErrorNotACrash() throws {
    // The file is 100 bytes shorter than when it was opened, as if another program had
    // truncated it meanwhile: every way of reading it reports that, in parts or not.
    let rows = (0..<2_000).map { "Item \($0),cat\($0 % 5),\($0).50,1,\n" }
    let bytes = Self.document(rows)
    let path = try Fixtures.temporaryFile(named: "short.csv", contents: bytes)
    defer { Fixtures.remove(path) }
    let file = try FileInput(path: path)
    for parts in [1, 2, 5] {
      let outcome: Result<StockAccumulator, InventoryError> = Result {
        () throws(InventoryError) in
        try InventoryValuation.value(
          .file(descriptor: file.descriptor, size: bytes.count + 100), file: "stock.csv",
          parts: parts, minimumPartSize: 1, chunkSize: 4096
        ).totals
      }
      guard case .failure(let error) = outcome else {
        Issue.record("\(parts) parts: valued a file that had become shorter")
        continue
      }
      #expect(
        error.description
          == "stock.csv: cannot read: the file became shorter while it was read",
        "\(parts) parts")
    }
  }

  @Test func aFileThatSaysItIsEmptyIsReadToItsEnd() {
    // Files of /proc give their size as 0 and have bytes: read as a stream, not as 0 bytes.
    for keepsLines in [false, true] {
      let outcome: Result<StockAccumulator, InventoryError> = Result {
        () throws(InventoryError) in
        keepsLines
          ? try InventoryCSV.read(
            fromFile: "/proc/self/status", keepingLinesUpTo: 10, byteLimit: 1 << 20
          ).totals
          : try InventoryCSV.accumulate(fromFile: "/proc/self/status")
      }
      guard case .failure(let error) = outcome else {
        Issue.record("/proc/self/status valued as an inventory")
        continue
      }
      #expect(error.description.contains("looks tab-separated"), "\(error)")
    }
  }

  @Test func headersThatAreNotAPlainFirstLineAreValuedInOnePart() {
    let texts = [
      "\n\n" + InventoryValuerTests.header + "A,c,1,1,\nB,c,2,2,\n",
      "\u{FEFF}" + InventoryValuerTests.header + "A,c,1,1,\nB,c,2,2,\n",
      "\"name\",category,\"unit_\nprice\",quantity\nA,c,1,1\n",
      "name,category,unit_price\nA,c,1\n",
      "",
    ]
    for text in texts { Self.expectSameOutcome(Array(text.utf8)) }
  }

  @Test func randomDocumentsInPartsMatchTheGeneralPath() {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let names = ["N", "\"N,\"\"q\"\"\"", "\"multi\nline\"", "\"a\n\nb\"", "Café", "\"x"]
    let prices = ["0", "1.5", "12.34", "007.10", "1234567.89", "1.234", "x"]
    for _ in 0..<150 {
      var text = InventoryValuerTests.header
      for row in 0..<(1 + next(30)) {
        let name = names[next(names.count)] + (next(2) == 0 ? "\(row)" : "")
        let category = ["A", "Bee", "Getränke", "\"A\""][next(4)]
        let price = prices[next(next(4) == 0 ? prices.count : 5)]
        let ending = next(6) == 0 ? "\r\n" : "\n"
        text += "\(name),\(category),\(price),\(next(50)),\(["", "10", "8.875"][next(3)])\(ending)"
        if next(25) == 0 { text += "\n" }
      }
      let bytes = Array(text.utf8)
      let expected = InventoryValuerTests.general(bytes, chunkSize: 1 << 16)
      for parts in [2, 3, 7] {
        for window in [5, 1 << 16] {
          #expect(
            Self.inParts(bytes, parts: parts, window: window) == expected,
            "\(parts) parts, window \(window): \(text)")
        }
      }
    }
  }
}
