import Testing

@testable import StockValuation

/// The fast valuation path (``InventoryValuer``) against the general one (``InventoryReader``
/// feeding a ``StockAccumulator``): same totals, same category order, same errors, for any
/// chunking.
@Suite struct InventoryValuerTests {
  /// What a valuation produced, comparable across paths.
  struct Outcome: Equatable, CustomStringConvertible {
    var lineCount = 0
    var itemCount: Int64 = 0
    var total: ExactMoney = .zero(.usd)
    var categories: [StockAccumulator.CategoryTotal] = []
    var error: InventoryError?

    init(_ accumulator: StockAccumulator) {
      lineCount = accumulator.lineCount
      itemCount = accumulator.itemCount
      total = accumulator.exactTotal
      categories = accumulator.categories
    }

    init(_ error: InventoryError) {
      self.error = error
    }

    var description: String {
      if let error { return "error \(error)" }
      return "\(lineCount) lines, \(itemCount) items, \(total), \(categories.map(\.name))"
    }
  }

  static let header = "name,category,unit_price,quantity,tax_percent\n"

  /// Feeds `bytes` in chunks of `chunkSize`, each copied into its own buffer followed by
  /// `filler` bytes, so that reading past a chunk would change the outcome.
  static func chunks(
    of bytes: [UInt8], size chunkSize: Int, filler: UInt8,
    _ body: (UnsafeBufferPointer<UInt8>) throws(InventoryError) -> Void
  ) throws(InventoryError) {
    var start = 0
    while start < bytes.count {
      let end = min(start + chunkSize, bytes.count)
      var copy = Array(bytes[start..<end])
      copy += [UInt8](repeating: filler, count: 32)
      let outcome: Result<Void, InventoryError> = copy.withUnsafeBufferPointer { buffer in
        Result { () throws(InventoryError) in
          try body(UnsafeBufferPointer(rebasing: buffer[0..<(end - start)]))
        }
      }
      try outcome.get()
      start = end
    }
  }

  static func fast(_ bytes: [UInt8], chunkSize: Int, filler: UInt8 = UInt8(ascii: "7"))
    -> Outcome
  {
    var valuer = InventoryValuer(file: "stock.csv")
    do {
      try chunks(of: bytes, size: chunkSize, filler: filler) { chunk throws(InventoryError) in
        try valuer.consume(chunk)
      }
      try valuer.finish()
      return Outcome(valuer.accumulator)
    } catch {
      return Outcome(error)
    }
  }

  static func general(_ bytes: [UInt8], chunkSize: Int) -> Outcome {
    var reader = InventoryReader(file: "stock.csv")
    var accumulator = StockAccumulator(currency: .usd)
    let add: (StockLine) throws(MoneyError) -> Void = { try accumulator.add($0) }
    do {
      try chunks(of: bytes, size: chunkSize, filler: 0) { chunk throws(InventoryError) in
        try reader.consume(chunk, add)
      }
      try reader.finish(add)
      return Outcome(accumulator)
    } catch {
      return Outcome(error)
    }
  }

  /// Checks that both paths agree for many chunk sizes and fillers; returns the outcome.
  @discardableResult
  static func expectSameOutcome(
    _ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
  ) -> Outcome {
    let expected = general(bytes, chunkSize: 1 << 16)
    let sizes = [1, 2, 3, 5, 7, 8, 9, 13, 16, 17, 31, 64, 1 << 16]
    for size in sizes {
      #expect(general(bytes, chunkSize: size) == expected, sourceLocation: sourceLocation)
      for filler in [UInt8(ascii: "7"), UInt8(ascii: ","), UInt8(ascii: "\n"), 0x80] {
        let outcome = fast(bytes, chunkSize: size, filler: filler)
        #expect(
          outcome == expected, "chunk size \(size), filler \(filler)",
          sourceLocation: sourceLocation)
      }
    }
    return expected
  }

  @Test func trickyQuotedRowsMatchTheGeneralPath() {
    let text =
      "\u{FEFF}" + Self.header
      + "\"Kayak, red\",\"Water\"\"sports\",\"275.00\",1,10\r\n"
      + "\"Multi\nline\",x,1,2,\n"
      + "\n\r\n"
      + "Plain,Watersports,48.95,14,10\n"
      + "\"\"\"Quoted\"\" start\",Chess,0.5,3,8.875\n"
      + "Café ☕,Getränke,2.50,4,19\n"
      + "Tea,Getränke,007.05,0010,0.0001\n"
      + "Last,x,1.1,1,"
    let outcome = Self.expectSameOutcome(Array(text.utf8))
    #expect(outcome.lineCount == 7)
    #expect(
      outcome.categories.map(\.name) == ["Water\"sports", "x", "Watersports", "Chess", "Getränke"])
  }

  @Test(arguments: [
    "\"Kayak, red\",A,1,1,\n", "\"\"\"\",A,1,1,\n", "\"\",A,1,1,\n", "\"A\"x,A,1,1,\n",
    "\"A\" ,A,1,1,\n", "\"A\r\",A,1,1,\n", "\"A\r\nB\",A,1,1,\n", "\"A\nB\",A,1,1,\n",
    "\"Café, \"\"☕\"\"\",A,1,1,\n", "\"A,A,1,1,\n", "\"A\"\n", "\"A\"",
    "\"Big \"\"one\"\"\",A,92233720368547758.07,9223372036854775807,\n",
  ])
  func quotedNamesMatchTheGeneralPath(row: String) {
    Self.expectSameOutcome(Array((Self.header + "Ok,A,1,1,1\n" + row + "Ok,A,1,1,1\n").utf8))
  }

  @Test func invalidUTF8AroundDoubledQuotesInANameIsAnError() {
    let start = Array((Self.header + "\"Caf").utf8)
    for sequence: [UInt8] in [[0xC3, 0x22, 0x22, 0xA9], [0xC3, 0xA9, 0x22, 0x22, 0xA9], [0xFF]] {
      let bytes = start + sequence + Array("\",A,1,1,\n".utf8)
      #expect(Self.expectSameOutcome(bytes).error?.reason == "invalid UTF-8")
    }
    let valid = start + [0xC3, 0xA9, 0x22, 0x22] + Array("\",A,1,1,\n".utf8)
    #expect(Self.expectSameOutcome(valid).lineCount == 1)
  }

  @Test func columnsInAnotherOrderMatchTheGeneralPath() {
    let text =
      "quantity,tax_percent,unit_price,category,name\n3,,1.50,Chess,Pawn\n2,7.5,10,Go,Stone\n"
      + "1,1,1,\"Go\",\"Board, big\"\n"
    #expect(Self.expectSameOutcome(Array(text.utf8)).lineCount == 3)
    let noTax = "category,name,quantity,unit_price\nChess,Pawn,3,1.50\nGo,Stone,2,10\n"
    #expect(Self.expectSameOutcome(Array(noTax.utf8)).lineCount == 2)
    let standardNoTax = "name,category,unit_price,quantity\nPawn,Chess,1.50,3\nStone,Go,10,2"
    #expect(Self.expectSameOutcome(Array(standardNoTax.utf8)).lineCount == 2)
  }

  @Test func headerOnlyBlankAndEmptyFilesMatchTheGeneralPath() {
    for text in [
      "", "\u{FEFF}", "\n", Self.header, Self.header + "\n\n", "name,category,unit_price,quantity",
      "name,category,unit_price,quantity\r\n\r\n",
    ] {
      Self.expectSameOutcome(Array(text.utf8))
    }
  }

  @Test(arguments: [
    "Kayak,Watersports,12abc,1,10", "Kayak,Watersports,\"1,234.56\",1,10",
    "Kayak,Watersports,-1,1,10", "Kayak,Watersports,NaN,1,10", "Kayak,Watersports,1e3,1,10",
    "Kayak,Watersports, 1,1,10", "Kayak,Watersports,.5,1,10", "Kayak,Watersports,1.,1,10",
    "Kayak,Watersports,+1,1,10", "Kayak,Watersports,,1,10", "Kayak,Watersports,1.234,1,10",
    "Kayak,Watersports,99999999999999999999,1,10", "Kayak,Watersports,1,-1,10",
    "Kayak,Watersports,1,1.5,10", "Kayak,Watersports,1,1e3,10",
    "Kayak,Watersports,1,9223372036854775808,10", "Kayak,Watersports,1,1,ten",
    "Kayak,Watersports,1,1,-5", "Kayak,Watersports,1,1,7.12345", ",Watersports,1,1,10",
    "Kayak,,1,1,10", "Kayak,Watersports,1,1", "Kayak,Watersports,1,1,10,extra",
    "Kay\"ak,Watersports,1,1,10", "\"Kayak\"x,Watersports,1,1,10",
    "\"Kayak,Watersports,1,1,10\nmore", "Kayak,Watersports,1,1,10\rX",
    "Kayak,Watersports,1,1,10 ", "Kayak,Watersports,1 ,1,10", "Kayak,Watersports,1,1.,10",
    "Kayak,Watersports,1,1,10.", "Kayak,Watersports,1,1,.5", "Kayak,Watersports,1.5.5,1,10",
    "Kayak,Watersports,1,1,1,", "Kayak,Watersports,1,,10", "Kayak,Watersports,1,1,1.00000",
    "Kayak,Watersports,12345678.12,1,10", "Kayak,Watersports,1,12345678,1234567.1234",
  ])
  func badRowsGiveTheSameError(row: String) {
    let outcome = Self.expectSameOutcome(Array((Self.header + "Ok,A,1,1,1\n" + row + "\n").utf8))
    #expect(outcome.error?.line == 3 || outcome.lineCount == 2)
  }

  @Test(
    arguments: [
      [0xC3, 0x28], [0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
      [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0x80], [0xC3, 0xA9, 0xA9],
    ] as [[UInt8]])
  func invalidUTF8GivesTheSameError(sequence: [UInt8]) {
    let start = Array((Self.header + "Ok,A,1,1,1\n").utf8)
    let inName = start + Array("Caf".utf8) + sequence + Array(",Drinks,1,1,1\n".utf8)
    #expect(
      Self.expectSameOutcome(inName).error
        == InventoryError(file: "stock.csv", line: 3, field: "name", reason: "invalid UTF-8"))
    let inCategory = start + Array("Tea,Drinks".utf8) + sequence + Array(",1,1,1\n".utf8)
    #expect(
      Self.expectSameOutcome(inCategory).error
        == InventoryError(file: "stock.csv", line: 3, field: "category", reason: "invalid UTF-8"))
    let inNumber = start + Array("Tea,Drinks,1".utf8) + sequence + Array(",1,1\n".utf8)
    #expect(Self.expectSameOutcome(inNumber).error?.field == "unit_price")
  }

  @Test func multiByteCategoriesAreOneCategoryWhateverTheirQuoting() {
    let text =
      Self.header + "A,Getränke ☕,1,1,\nB,\"Getränke ☕\",2,2,\nC,Getränke ☕,3,3,10\n"
      + "D,Getränke ☕ und mehr Zeichen als sechzehn,4,4,\nE,Getränke ☕ und mehr Zeichen als "
      + "sechzehn,1,1,\nF,Getränke ☕ und mehr Zeichen als sechzehm,1,1,\n"
    let outcome = Self.expectSameOutcome(Array(text.utf8))
    #expect(
      outcome.categories.map(\.name) == [
        "Getränke ☕", "Getränke ☕ und mehr Zeichen als sechzehn",
        "Getränke ☕ und mehr Zeichen als sechzehm",
      ])
    #expect(outcome.categories.map(\.itemCount) == [6, 5, 1])
  }

  @Test(arguments: [
    // The largest price, with a large quantity: the line's value overflows.
    "A,x,92233720368547758.07,9223372036854775807,\n",
    // Largest price and quantity alone: fine; twice: the item count overflows.
    "A,x,92233720368547758.07,1,\n",
    "A,x,0,9223372036854775807,\nB,x,0,1,\n",
    "A,x,92233720368547758.07,9000000000000,\nB,y,92233720368547758.07,9000000000000,\n"
      + "C,z,92233720368547758.07,9000000000000,\n",
    "A,x,92233720368547758.08,1,\n", "A,x,1,9223372036854775807,99999999999999.9999\n",
    "A,x,4294967296,4294967296,\n", "A,x,42949672.96,4294967297,\n",
    "A,x,1234567.89,1234567,1234567.1234\n", "A,x,9999999.99,9999999,9999999.9999\n",
    "A,x,99999999.99,99999999,1\n", "A,x,1,1,922337203685477.5807\n",
    "A,x,1,1,922337203685477.5808\n", "A,x,0.01,922337203685477580,100000000000000\n",
  ])
  func numbersAtTheLimitsMatchTheGeneralPath(rows: String) {
    Self.expectSameOutcome(Array((Self.header + rows).utf8))
  }

  @Test func overflowNamesTheLineAsTheGeneralPathDoes() {
    let outcome = Self.expectSameOutcome(
      Array((Self.header + "Ok,x,1,1,\nBig,x,92233720368547758.07,9223372036854775807,\n").utf8))
    #expect(
      outcome.error
        == InventoryError(
          file: "stock.csv", line: 3, field: nil, reason: "overflow: value of 'Big'"))
  }

  /// Random documents from a small alphabet of CSV-significant bytes, valued both ways.
  @Test func randomDocumentsMatchTheGeneralPath() {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let pieces: [[UInt8]] = [
      Array("Kayak".utf8), Array("Cat".utf8), Array("Café".utf8), Array(" ".utf8),
      Array(",".utf8), Array(",".utf8), Array(",".utf8), Array("\"".utf8), Array("\n".utf8),
      Array("\r\n".utf8), Array("\r".utf8), Array("12".utf8), Array("3".utf8),
      Array(".".utf8), Array("05".utf8), Array("-".utf8), Array("1234567".utf8),
      Array("99999999".utf8), [0xC3], [0xA9], [0xFF], Array("☕".utf8),
    ]
    for _ in 0..<300 {
      var bytes = Array(Self.header.utf8)
      for _ in 0..<(1 + next(12)) {
        if next(3) == 0 {
          // A random line from the pieces.
          for _ in 0..<(1 + next(10)) { bytes += pieces[next(pieces.count)] }
          bytes += Array("\n".utf8)
        } else {
          // A valid line, sometimes quoted or with CRLF.
          let name = next(4) == 0 ? "\"N, \"\"\(next(100))\"\"\"" : "N\(next(100))"
          let category = ["A", "Bee", "Getränke", "\"A\"", "Longer category name x"][next(5)]
          let price = ["0", "1.5", "12.34", "100", "007.10", "1234567.89", "12345678"][next(7)]
          let quantity = ["0", "1", "42", "1000000", "0012"][next(5)]
          let tax = ["", "10", "8.875", "0.0001", "20.25"][next(5)]
          let ending = next(5) == 0 ? "\r\n" : "\n"
          bytes += Array("\(name),\(category),\(price),\(quantity),\(tax)\(ending)".utf8)
        }
      }
      let expected = Self.general(bytes, chunkSize: 1 << 16)
      for size in [1, 3, 8, 11, 29, 1 << 16] {
        let outcome = Self.fast(bytes, chunkSize: size)
        #expect(
          outcome == expected, "chunk size \(size): \(String(decoding: bytes, as: UTF8.self))")
      }
    }
  }

  /// Random documents long enough for the one-pass run (40 to 200 lines of common rows, some
  /// quoted, CRLF-ended, with non-ASCII categories, a few bad bytes among them), in chunks of
  /// the sizes the run meets: the same totals or the same first error as the general path.
  @Test(arguments: 0..<4)
  func randomLongDocumentsMatchTheGeneralPath(seed: UInt64) {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15 &* (seed &+ 1)
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    var linesInRuns = 0
    var lines = 0
    for _ in 0..<25 {
      var text = Self.header
      for _ in 0..<(40 + next(160)) {
        let name = next(8) == 0 ? "\"N, \"\"\(next(100))\"\"\"" : "Item \(next(1000))"
        let category = ["A", "Bee", "Getränke", "c-\(next(40))", "Longer category name x"][next(5)]
        let price = ["0", "1.5", "12.34", "100", "007.10", "1234567.89", "12345678"][next(7)]
        let quantity = ["0", "1", "42", "1000000", "0012"][next(5)]
        let tax = ["", "10", "8.875", "0.0001", "20.25", "5"][next(6)]
        let ending = next(4) == 0 ? "\r\n" : "\n"
        // One line in about 300 is bad: the first error must be the general path's.
        let fields =
          next(300) != 0
          ? "\(name),\(category),\(price),\(quantity),\(tax)"
          : [
            "N,A,1.,1,", "N,A,.5,1,", "N,A,1,-1,", "N,A,1,1,1.23456", "N\rX,A,1,1,", "N\"x,A,1,1,",
          ][next(6)]
        text += fields + ending
        if next(60) == 0 { text += "\n" }
      }
      let bytes = Array(text.utf8)
      let expected = Self.general(bytes, chunkSize: 1 << 16)
      for size in [100, 1000, 1 << 16] {
        #expect(Self.fast(bytes, chunkSize: size) == expected, "chunk size \(size): \(text)")
      }
      var valuer = InventoryValuer(file: "stock.csv")
      bytes.withUnsafeBufferPointer { try? valuer.consume($0) }
      linesInRuns += valuer.linesInRuns
      lines += text.count { $0 == "\n" }
    }
    // The run must have valued most lines, or this test checks the careful path only.
    #expect(linesInRuns * 2 > lines, "\(linesInRuns) of \(lines) lines in runs")
  }

  @Test func fileValuationWithSmallChunksMatchesTheGeneralPath() throws {
    var text = Self.header
    for row in 0..<2_000 {
      let name = row % 9 == 0 ? "\"Item, \(row)\"" : "Item \(row)"
      text +=
        "\(name),cat\(row % 13),\(row % 1000).\(row % 7)5,\(row % 17),\(row % 3 == 0 ? "" : "7.5")"
      text += row % 4 == 0 ? "\r\n" : "\n"
    }
    let bytes = Array(text.utf8)
    let path = try Fixtures.temporaryFile(named: "chunks.csv", contents: bytes)
    defer { Fixtures.remove(path) }
    let expected = Self.general(bytes, chunkSize: 1 << 16)
    #expect(expected.lineCount == 2_000)
    for size in [7, 64, 1000, 1 << 20] {
      #expect(Outcome(try InventoryCSV.accumulate(fromFile: path, chunkSize: size)) == expected)
    }
    #expect(Outcome(try InventoryCSV.accumulate(fromFile: path)) == expected)
  }
}
