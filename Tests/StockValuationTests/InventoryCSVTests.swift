import Testing

@testable import StockValuation

@Suite struct InventoryCSVTests {
  private let header = "name,category,unit_price,quantity,tax_percent\n"

  @Test func readsTheSportsStore() throws {
    let lines = try InventoryCSV.readLines(
      from: Fixtures.sportsStoreCSV, fileName: "sportsstore.csv")
    #expect(lines.count == 9)
    #expect(lines[1].name == "Lifejacket")
    #expect(lines[1].unitPrice == Money(minorUnits: 4895, currency: .usd))
    #expect(lines[1].quantity == 14)
    #expect(lines[1].taxPercent == ExactDecimal(significand: 10, scale: 0))
  }

  @Test func handlesRFC4180Quoting() throws {
    let text =
      "name,category,unit_price,quantity\r\n\"Kayak, red\",\"Water\"\"sports\",\"275.00\",1\r\n"
      + "\"Multi\nline\",x,1,2"
    let lines = try InventoryCSV.readLines(from: text, fileName: "q.csv")
    #expect(lines.map(\.name) == ["Kayak, red", "Multi\nline"])
    #expect(lines[0].category == "Water\"sports")
    #expect(lines[1].quantity == 2)
    #expect(lines[0].taxPercent == nil)
  }

  @Test func acceptsColumnsInAnyOrderAndEmptyTax() throws {
    let text = "quantity,tax_percent,unit_price,category,name\n3,,1.50,Chess,Pawn\n"
    let lines = try InventoryCSV.readLines(from: text, fileName: "o.csv")
    #expect(lines[0].name == "Pawn")
    #expect(lines[0].unitPrice.minorUnits == 150)
    #expect(lines[0].taxPercent == nil)
  }

  @Test func acceptsUTF8NamesAndABOM() throws {
    let text = "\u{FEFF}name,category,unit_price,quantity\nCafé ☕,Getränke,2.50,4\n"
    let lines = try InventoryCSV.readLines(from: text, fileName: "u.csv")
    #expect(lines[0].name == "Café ☕")
  }

  @Test(arguments: [
    ("Kayak,Watersports,12abc,1,10", "stock.csv:2: unit_price: bad number '12abc'"),
    ("Kayak,Watersports,\"1,234.56\",1,10", "stock.csv:2: unit_price: bad number '1,234.56'"),
    ("Kayak,Watersports,-1,1,10", "stock.csv:2: unit_price: bad number '-1'"),
    ("Kayak,Watersports,NaN,1,10", "stock.csv:2: unit_price: bad number 'NaN'"),
    ("Kayak,Watersports,1e3,1,10", "stock.csv:2: unit_price: bad number '1e3'"),
    ("Kayak,Watersports, 1,1,10", "stock.csv:2: unit_price: bad number ' 1'"),
    ("Kayak,Watersports,.5,1,10", "stock.csv:2: unit_price: bad number '.5'"),
    ("Kayak,Watersports,1.,1,10", "stock.csv:2: unit_price: bad number '1.'"),
    ("Kayak,Watersports,+1,1,10", "stock.csv:2: unit_price: bad number '+1'"),
    ("Kayak,Watersports,,1,10", "stock.csv:2: unit_price: bad number ''"),
    (
      "Kayak,Watersports,1.234,1,10",
      "stock.csv:2: unit_price: too many decimal places in '1.234' (at most 2)"
    ),
    (
      "Kayak,Watersports,99999999999999999999,1,10",
      "stock.csv:2: unit_price: number out of range '99999999999999999999'"
    ),
    ("Kayak,Watersports,1,-1,10", "stock.csv:2: quantity: bad number '-1'"),
    ("Kayak,Watersports,1,1.5,10", "stock.csv:2: quantity: bad number '1.5'"),
    ("Kayak,Watersports,1,1e3,10", "stock.csv:2: quantity: bad number '1e3'"),
    (
      "Kayak,Watersports,1,9223372036854775808,10",
      "stock.csv:2: quantity: bad number '9223372036854775808'"
    ),
    ("Kayak,Watersports,1,1,ten", "stock.csv:2: tax_percent: bad number 'ten'"),
    ("Kayak,Watersports,1,1,-5", "stock.csv:2: tax_percent: bad number '-5'"),
    (
      "Kayak,Watersports,1,1,7.12345",
      "stock.csv:2: tax_percent: too many decimal places in '7.12345' (at most 4)"
    ),
    (",Watersports,1,1,10", "stock.csv:2: name: empty"),
    ("Kayak,,1,1,10", "stock.csv:2: category: empty"),
    ("Kayak,Watersports,1,1", "stock.csv:2: expected 5 fields, found 4"),
    ("Kayak,Watersports,1,1,10,extra", "stock.csv:2: expected 5 fields, found 6"),
    ("Kay\"ak,Watersports,1,1,10", "stock.csv:2: quote inside an unquoted field"),
    ("\"Kayak\"x,Watersports,1,1,10", "stock.csv:2: text after a closing quote"),
    ("\"Kayak,Watersports,1,1,10\nmore", "stock.csv:2: unterminated quoted field"),
    ("Kayak,Watersports,1,1,10\rX", "stock.csv:2: carriage return without line feed"),
  ])
  func badRowsNameFileLineAndField(row: String, message: String) {
    do {
      _ = try InventoryCSV.readLines(from: header + row + "\n", fileName: "stock.csv")
      Issue.record("expected an error for \(row)")
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func errorLinesCountPhysicalLines() {
    let text = header + "A,B,1,1,1\n\n\"Two\nlines\",C,1,1,1\nD,E,12abc,1,1\n"
    #expect(
      throws: InventoryError(
        file: "stock.csv", line: 6, field: "unit_price", reason: "bad number '12abc'")
    ) {
      try InventoryCSV.readLines(from: text, fileName: "stock.csv")
    }
  }

  @Test(arguments: [
    // An unknown column is ignored (InventoryHeaderTests): here `name` is then missing.
    ("price,category,unit_price,quantity\n", "stock.csv:1: missing column 'name'"),
    ("name,category,unit_price\n", "stock.csv:1: missing column 'quantity'"),
    ("name,name,category,unit_price,quantity\n", "stock.csv:1: duplicate column 'name'"),
    (
      "",
      "stock.csv: empty file (expected header "
        + "name,category,unit_price,quantity,tax_percent,vin,cost,received)"
    ),
  ])
  func badHeadersAreRefused(text: String, message: String) {
    do {
      _ = try InventoryCSV.readLines(from: text, fileName: "stock.csv")
      Issue.record("expected an error for \(text)")
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func invalidUTF8IsAnError() throws {
    var bytes = Array((header + "Caf").utf8)
    bytes += [0xC3, 0x28]
    bytes += Array(",Drinks,1,1,1\n".utf8)
    let path = try Fixtures.temporaryFile(named: "bad.csv", contents: bytes)
    defer { Fixtures.remove(path) }
    #expect(
      throws: InventoryError(file: path, line: 2, field: "name", reason: "invalid UTF-8")
    ) {
      try InventoryCSV.readLines(fromFile: path)
    }
  }

  @Test func missingFileIsAnError() {
    #expect(
      throws: InventoryError(
        file: "/nonexistent/stock.csv", line: nil, field: nil,
        reason: "cannot open: No such file or directory")
    ) {
      try InventoryCSV.readLines(fromFile: "/nonexistent/stock.csv")
    }
  }

  @Test func accumulatingOverflowNamesTheLine() throws {
    let row = "x,92233720368547758.07,9000000000000\n"
    let text = "name,category,unit_price,quantity\nA," + row + "B," + row + "C," + row
    let path = try Fixtures.temporaryFile(named: "huge.csv", contents: Array(text.utf8))
    defer { Fixtures.remove(path) }
    #expect(
      throws: InventoryError(
        file: path, line: 4, field: nil, reason: "overflow: stock total")
    ) {
      try InventoryCSV.accumulate(fromFile: path)
    }
    let single = "name,category,unit_price,quantity\nA,x,92233720368547758.07,9223372036854775807\n"
    let singlePath = try Fixtures.temporaryFile(named: "line.csv", contents: Array(single.utf8))
    defer { Fixtures.remove(singlePath) }
    #expect(
      throws: InventoryError(
        file: singlePath, line: 2, field: nil, reason: "overflow: value of 'A'")
    ) {
      try InventoryCSV.accumulate(fromFile: singlePath)
    }
  }

  /// 200,000 generated rows, with quoted names and CRLF line ends mixed in, valued in one
  /// streaming pass and checked against plain integer arithmetic done here.
  @Test func largeGeneratedFileMatchesIndependentIntegerArithmetic() throws {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: UInt64) -> Int64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int64((state >> 33) % bound)
    }
    var text = "name,category,unit_price,quantity,tax_percent\n"
    text.reserveCapacity(8_000_000)
    // Sum of cents × quantity × (100 + tax), i.e. in hundredths of a cent.
    var expectedHundredths: Int64 = 0
    var expectedItems: Int64 = 0
    var categoryHundredths: [Int64] = [0, 0, 0, 0, 0]
    for row in 0..<200_000 {
      let cents = next(10_000_000)
      let quantity = next(100)
      let tax = next(26)
      let category = Int(next(5))
      let price = "\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100)"
      let name = row % 7 == 0 ? "\"Item, \"\"\(row)\"\"\"" : "Item \(row)"
      let taxText = row % 11 == 0 ? "" : "\(tax)"
      let ending = row % 3 == 0 ? "\r\n" : "\n"
      text += "\(name),cat\(category),\(price),\(quantity),\(taxText)\(ending)"
      let value = cents * quantity * (100 + (row % 11 == 0 ? 0 : tax))
      expectedHundredths += value
      categoryHundredths[category] += value
      expectedItems += quantity
    }
    func roundHalfEven(_ hundredths: Int64) -> Int64 {
      let (quotient, remainder) = hundredths.quotientAndRemainder(dividingBy: 100)
      if remainder > 50 || (remainder == 50 && quotient % 2 == 1) { return quotient + 1 }
      return quotient
    }
    let path = try Fixtures.temporaryFile(named: "large.csv", contents: Array(text.utf8))
    defer { Fixtures.remove(path) }

    let accumulator = try InventoryCSV.accumulate(fromFile: path)
    #expect(accumulator.lineCount == 200_000)
    #expect(accumulator.itemCount == expectedItems)
    #expect(try accumulator.exactTotal.rounded().minorUnits == roundHalfEven(expectedHundredths))
    let byName = Dictionary(
      uniqueKeysWithValues: accumulator.categories.map { ($0.name, $0.exactTotal) })
    for category in 0..<5 {
      let exact = try #require(byName["cat\(category)"])
      #expect(try exact.rounded().minorUnits == roundHalfEven(categoryHundredths[category]))
    }
    var streamedLines = 0
    try InventoryCSV.forEachLine(inFile: path) { line in
      streamedLines += 1
      if line.name.hasPrefix("Item, ") { #expect(line.name.hasSuffix("\"")) }
    }
    #expect(streamedLines == 200_000)
  }
}
