import Foundation
import Testing

@testable import StockValuation

/// Inputs found by `scripts/fuzz` (the `inventory` and `rates` harnesses), kept so that the
/// fixed behaviour stays fixed: each is refused with a one-line error instead of crashing or
/// breaking the one-line rule.
@Suite struct FuzzRegressionTests {
  /// A fuzzer input: the harness's first byte (chunk size or `--as-of` selector) is dropped.
  private static func input(_ base64: String) -> [UInt8] {
    Array(Data(base64Encoded: base64) ?? Data()).dropFirst().map { $0 }
  }

  /// Parses inventory bytes in chunks of `chunkSize`, as the file reader streams them.
  private static func readInventory(_ bytes: [UInt8], chunkSize: Int) throws(InventoryError)
    -> [StockLine]
  {
    var reader = InventoryReader(file: "fuzz.csv")
    var lines: [StockLine] = []
    let append: (StockLine) throws(MoneyError) -> Void = { lines.append($0) }
    var start = 0
    while start < bytes.count {
      let end = min(bytes.count, start + chunkSize)
      let outcome: Result<Void, InventoryError> = bytes[start..<end].withUnsafeBufferPointer {
        chunk in Result { () throws(InventoryError) in try reader.consume(chunk, append) }
      }
      try outcome.get()
      start = end
    }
    try reader.finish(append)
    return lines
  }

  /// inventory crash-067c3f6c: a quoted field spanning lines made `bad number '1,2ntity…\n3,…'`,
  /// an error of three lines.
  @Test func quotedFieldWithLineBreaksGivesAOneLineError() throws {
    let bytes = Self.input(
      "B25hbWUsY2F0ZWdvcnksdW5pdF9wcmljZSxxdWFudGl0eQ0KIlF1b3RlZCwgbmFtZSIsY2F0LCIxLDJudGl0eSx0YXhfcGVyY2VudCxuYW1lLHVuaXRfcHJpY2UsY2F0ZWdvcnkKMywsR29sZiwyODUwMC4wMCxjb21wYWN0CjIzNC41NiIsMQ0KIkEgNi5iaWciIiBvbmUiLGNhdCwwLjAxLDkyMjMzNzIwMzY4NTQ3NzU4MDcNCg=="
    )
    for chunkSize in [bytes.count, 7, 1] {
      let error = #expect(throws: InventoryError.self) {
        try Self.readInventory(bytes, chunkSize: chunkSize)
      }
      #expect(error?.line == 2)
      #expect(error?.field == "unit_price")
      #expect(error?.description.contains("\n") == false)
      #expect(
        error?.description.contains(#"'1,2ntity,tax_percent,name,unit_price,category\n3,,"#) == true
      )
    }
  }

  /// inventory crash-19899b4c: a byte order mark split across chunks (as a pipe may deliver
  /// it) was kept as part of the first column name, so chunked and whole reads disagreed.
  @Test func byteOrderMarkSplitAcrossChunksIsSkipped() throws {
    let bytes = Array("\u{FEFF}quantity,name,unit_price,category\n2,Golf,28500.00,compact\n".utf8)
    let whole = try Self.readInventory(bytes, chunkSize: bytes.count)
    for chunkSize in [1, 2, 4] {
      #expect(try Self.readInventory(bytes, chunkSize: chunkSize) == whole)
    }
    #expect(whole.map(\.name) == ["Golf"])
  }

  @Test func fuzzedInputReadsTheSameInChunksOfOneByte() {
    let bytes = Self.input(
      "AO+7v3F1YW50aXR5LHRheF9wZXJjZW4/dCxuYQAAAAAAEAAAAABAAAAAAAAAAABjAAAAAAAAAG9tcP////////8JYWN0B25l04osdf94YQ=="
    )
    var messages: [String] = []
    for chunkSize in [bytes.count, 1] {
      do {
        _ = try Self.readInventory(bytes, chunkSize: chunkSize)
        messages.append("accepted")
      } catch {
        messages.append(error.description)
      }
    }
    #expect(messages[0] == messages[1])
    #expect(messages[0] != "accepted")
  }

  /// A partial mark is content: the file is refused as invalid UTF-8 (or a bad header), the
  /// same whole and in chunks, never taken for an empty file.
  @Test(arguments: [[0xEF], [0xEF, 0xBB], [0xEF, 0xBB, 0x41, 0x0A]] as [[UInt8]])
  func partialByteOrderMarkIsContent(_ bytes: [UInt8]) {
    var messages: [String] = []
    for chunkSize in [bytes.count, 1] {
      do {
        _ = try Self.readInventory(bytes, chunkSize: chunkSize)
        messages.append("accepted")
      } catch {
        messages.append(error.description)
      }
    }
    #expect(messages[0] == messages[1])
    #expect(!messages[0].contains("empty file"), "\(messages[0])")
  }

  @Test(arguments: [
    ("name,category,unit_price,quantity\n\"a\nb\",c,\"1\n2\",3\n", #"bad number '1\n2'"#),
    ("name,category,unit_price,quantity\na,c,1,\"3\r\n\"\n", #"'3\r\n'"#),
    ("name,category,unit_price,quantity\na,c,\"\u{1B}[2J\",3\n", #"'\u{1B}[2J'"#),
    // An unknown header column is ignored now (SPEC §9), so a bad quantity carries the case.
    ("name,category,unit_price,quantity,\"x\ny\"\n\"x\ny\",c,1,\"\u{7}\",z\n", #"'\u{7}'"#),
  ])
  func controlCharactersInBadValuesAreEscaped(csv: String, quoted: String) {
    let error = #expect(throws: InventoryError.self) {
      try InventoryCSV.readLines(from: csv, fileName: "stock.csv")
    }
    #expect(error?.description.contains("\n") == false)
    #expect(error?.description.contains("\u{1B}") == false)
    #expect(error?.description.contains(quoted) == true, "\(error?.description ?? "")")
  }

  /// rates crash-8a788122: `<Cube time='2025-02->\n</gesmes:08'/>` (line 5) made `bad date '2025-02->` and
  /// the next line, an error of two lines.
  @Test func dateAttributeWithLineBreakGivesAOneLineError() {
    let bytes = Self.input(
      "ATw/eG1sIHZlcnNpb249U2VxdWVuY2VGLTgiPz4KPGdlc21lczpFbnZlbG9wZSB4bWxuczpnZXNtZXM9Imh0dHA6Ly93d3cuZ2VzbWVzLm9yZy94bWwvMjAwMi0wOC0wMSIgeHkvMjAwMi0wOC0wMS9ldXJvZnhyZWYiPgoJPGdlc21lczpzdWJqZWN0PlJlZmVyZW5jZSByYXRlczwvZ2Vlc3NtOnN1YmplY3Q+Cgk8SnViZT4KCQk8Q3ViZSB0aW1lPScyMDI1LTAyLT4KPC9nZXNtZXM6MDgnLz4KCQk8L0N1YmU+Cgk8L0N1YmU+CgoJPC9DdWJlPgo8L2dlc21lczpFbnZlbG9wZT4K"
    )
    let error = #expect(throws: RateFileError.self) {
      try RateTable.parse(bytes, fileName: "rates.xml", asOf: nil)
    }
    #expect(error?.line == 5)
    #expect(error?.description == #"rates.xml:5: bad date '2025-02->\n</gesmes:08'"#)
  }

  @Test(arguments: [
    "<Cube><Cube time='2025-02-28'><Cube currency='US\nD' rate='1'/></Cube></Cube>",
    "<Cube><Cube time='2025-02-28'><Cube currency='USD' rate='1\n.0'/></Cube></Cube>",
    "<Cube><Cube time='2025-02-28'><Cube currency='USD' rate='\u{7}'/></Cube></Cube>",
    "Date,USD\n2025-02-28,1\u{B}.0\n",
    "Date,U\u{1B}D\n2025-02-28,1.0\n",
  ])
  func rateFileErrorsStayOnOneLine(text: String) {
    let error = #expect(throws: RateFileError.self) {
      try RateTable.parse(text, fileName: "rates")
    }
    let description = error?.description ?? ""
    #expect(
      !description.unicodeScalars.contains { $0.properties.generalCategory == .control },
      "\(description)")
  }
}
