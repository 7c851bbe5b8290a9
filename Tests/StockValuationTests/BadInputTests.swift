import Foundation
import Testing

@testable import StockValuation

/// Bad inventory and rate files (SPEC §3): each is refused whole with one line naming the file,
/// the line, the field and the bad value; values at the limits are exact or refused as overflow,
/// never trapped.
@Suite struct BadInputTests {
  /// A file that must be refused, and what the message must name.
  struct Refusal: Sendable, CustomTestStringConvertible {
    let text: String
    let message: String
    var testDescription: String { message }
  }

  private static let header = "name,category,unit_price,quantity,tax_percent\n"

  static let inventoryRefusals: [Refusal] = [
    .init(text: "", message: "stock.csv: empty file (expected header"),
    .init(text: "\n\n", message: "stock.csv: empty file"),
    .init(text: "\u{FEFF}", message: "stock.csv: empty file"),
    .init(text: "name,category,unit_price\n", message: "stock.csv:1: missing column 'quantity'"),
    // Unknown columns are ignored and names matched in any case (InventoryHeaderTests).
    .init(text: "colour,category,unit_price,quantity\n", message: "missing column 'name'"),
    .init(text: "name,name,category,unit_price,quantity\n", message: "'name'"),
    .init(text: "Name;Category;Unit_Price;Quantity\n", message: "looks ';'-separated"),
    .init(
      text: header + "Kayak,Water,1,234.56,3,\n", message: "stock.csv:2: expected 5 fields, found 6"
    ),
    .init(
      text: header + "Kayak,Water,\"1,234.56\",3,\n",
      message: "stock.csv:2: unit_price: bad number '1,234.56'"),
    .init(
      text: header + "Kayak,Water,12abc,3,\n",
      message: "stock.csv:2: unit_price: bad number '12abc'"),
    .init(
      text: header + "Kayak,Water,-1,3,\n", message: "stock.csv:2: unit_price: bad number '-1'"),
    .init(
      text: header + "Kayak,Water,NaN,3,\n", message: "stock.csv:2: unit_price: bad number 'NaN'"),
    .init(
      text: header + "Kayak,Water,1e3,3,\n", message: "stock.csv:2: unit_price: bad number '1e3'"),
    .init(text: header + "Kayak,Water,,3,\n", message: "stock.csv:2: unit_price:"),
    .init(
      text: header + "Kayak,Water,1.001,3,\n",
      message: "stock.csv:2: unit_price: too many decimal places in '1.001'"),
    .init(
      text: header + "Kayak,Water, 1.00,3,\n",
      message: "stock.csv:2: unit_price: bad number ' 1.00'"),
    .init(
      text: header + "Kayak,Water,$1.00,3,\n",
      message: "stock.csv:2: unit_price: bad number '$1.00'"),
    .init(
      text: header + "Kayak,Water,92233720368547758.08,1,\n",
      message: "stock.csv:2: unit_price: number out of range '92233720368547758.08'"),
    .init(
      text: header + "Kayak,Water,99999999999999999999999999.00,1,\n",
      message: "stock.csv:2: unit_price: number out of range '99999999999999999999999999.00'"),
    .init(
      text: header + "Kayak,Water,1.00,-1,\n", message: "stock.csv:2: quantity: bad number '-1'"),
    .init(text: header + "Kayak,Water,1.00,1.5,\n", message: "stock.csv:2: quantity: "),
    .init(
      text: header + "Kayak,Water,1.00,1e3,\n", message: "stock.csv:2: quantity: bad number '1e3'"),
    .init(text: header + "Kayak,Water,1.00,,\n", message: "stock.csv:2: quantity:"),
    .init(
      text: header + "Kayak,Water,1.00,9223372036854775808,\n",
      message: "stock.csv:2: quantity: bad number '9223372036854775808'"),
    .init(
      text: header + "Kayak,Water,1.00,3,NaN\n",
      message: "stock.csv:2: tax_percent: bad number 'NaN'"),
    .init(
      text: header + "Kayak,Water,1.00,3,-5\n", message: "stock.csv:2: tax_percent: bad number '-5'"
    ),
    .init(
      text: header + "Kayak,Water,1.00,3,10%\n",
      message: "stock.csv:2: tax_percent: bad number '10%'"),
    .init(
      text: header + "Kayak,Water,1.00,3,12.34567\n",
      message: "stock.csv:2: tax_percent: too many decimal places in '12.34567'"),
    .init(
      text: header + "\"Kayak,Water,1.00,3,\n", message: "stock.csv:2: unterminated quoted field"),
    .init(
      text: header + "Ka\"yak,Water,1.00,3,\n",
      message: "stock.csv:2: quote inside an unquoted field"),
    .init(
      text: header + "\"Kayak\"x,Water,1.00,3,\n",
      message: "stock.csv:2: text after a closing quote"),
    .init(
      text: header + "Kayak\r,Water,1.00,3,\n",
      message: "stock.csv:2: carriage return without line feed"),
    .init(
      text: header + "Kayak,Water,1.00,3\n", message: "stock.csv:2: expected 5 fields, found 4"),
  ]

  @Test(arguments: inventoryRefusals)
  func inventoryIsRefusedWithOneLineNamingTheValue(_ refusal: Refusal) {
    let error = #expect(throws: InventoryError.self) {
      try InventoryCSV.readLines(from: refusal.text, fileName: "stock.csv")
    }
    let message = error?.description ?? ""
    #expect(!message.contains("\n"))
    #expect(message.contains(refusal.message), "\(message)")
  }

  /// Bytes that are not UTF-8 are an error naming the line, not replaced silently.
  @Test(arguments: [[0xFF, 0xFE], [0xC3], [0xED, 0xA0, 0x80], [0x80, 0x41]] as [[UInt8]])
  func invalidUTF8IsRefused(_ bad: [UInt8]) {
    let bytes = Array(Self.header.utf8) + Array("Kayak,".utf8) + bad + Array(",1.00,3,\n".utf8)
    var reader = InventoryReader(file: "stock.csv")
    var count = 0
    let outcome: Result<Void, InventoryError> = bytes.withUnsafeBufferPointer { chunk in
      Result { () throws(InventoryError) in
        try reader.consume(chunk) { _ in count += 1 }
        try reader.finish { _ in count += 1 }
      }
    }
    guard case .failure(let error) = outcome else {
      Issue.record("accepted invalid UTF-8 \(bad)")
      return
    }
    #expect(error.line == 2)
    #expect(error.description.contains("UTF-8"), "\(error.description)")
    #expect(count == 0)
  }

  // MARK: limits that fit

  @Test func largestQuantityIsExact() throws {
    let lines = try InventoryCSV.readLines(
      from: Self.header + "Grain,bulk,0.01,9223372036854775807,\n", fileName: "stock.csv")
    #expect(lines[0].quantity == Int64.max)
    #expect(try lines[0].exactValue().description.hasPrefix("92233720368547758.07"))
  }

  @Test func largestPriceIsExact() throws {
    let lines = try InventoryCSV.readLines(
      from: Self.header + "Gold,bulk,92233720368547758.07,1,\n", fileName: "stock.csv")
    #expect(lines[0].unitPrice.minorUnits == Int64.max)
  }

  @Test(arguments: ["JPY", "GBP"])
  func conversionAtTheLimitIsExactOrAnOverflowError(code: String) throws {
    let lines = try InventoryCSV.readLines(
      from: Self.header + "Gold,bulk,92233720368547758.07,1,\n", fileName: "stock.csv")
    let converter = try CurrencyPairRegistry.shared.factoryRegisteringIfMissing(code)
      .makeConverter(rates: .ecbReference)
    do {
      let report = try StockReport(lines: lines, converter: converter)
      #expect(report.total.currency.code == code)
      #expect(report.baseTotal.minorUnits == Int64.max)
    } catch {
      #expect(error.description.contains("overflow"), "\(error.description)")
      #expect(!error.description.contains("\n"))
    }
  }

  /// Values that parse but whose total does not fit: the exact (wide) total is kept while
  /// streaming, and the report refuses it with an overflow error naming the amount.
  @Test(arguments: [
    "Kayak,Water,0.01,9223372036854775807,10\n",
    "A,x,92233720368547758.07,1,\nB,x,0.01,1,\n",
    "A,x,46116860184273879.04,2,\n",
  ])
  func reportOfATotalPastTheLimitIsAnOverflowError(rows: String) throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("bad-input-\(UUID().uuidString).csv").path
    try Data((Self.header + rows).utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let accumulator = try InventoryCSV.accumulate(fromFile: path)
    let converter = try CurrencyPairRegistry.shared.factory(for: "USD").makeConverter(
      rates: .ecbReference)
    let error = #expect(throws: MoneyError.self) {
      try StockReport(accumulator: accumulator, converter: converter)
    }
    #expect(error?.description.contains("overflow") == true, "\(error?.description ?? "")")
    #expect(error?.description.contains("USD") == true)
  }

  /// The item count (sum of quantities) past the limit: the streaming valuation names the line.
  @Test func itemCountPastTheLimitNamesTheLine() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("bad-input-\(UUID().uuidString).csv").path
    let rows = "A,x,0.00,9223372036854775807,\nB,x,0.00,1,\n"
    try Data((Self.header + rows).utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let error = #expect(throws: InventoryError.self) {
      try InventoryCSV.accumulate(fromFile: path)
    }
    #expect(error?.line == 3)
    #expect(error?.description.contains("overflow") == true, "\(error?.description ?? "")")
  }

  @Test func summingQuantitiesPastTheLimitIsAnError() throws {
    let lines = try InventoryCSV.readLines(
      from: Self.header + "A,x,0.00,9223372036854775807,\nB,x,0.00,1,\n", fileName: "stock.csv")
    var accumulator = StockAccumulator()
    try accumulator.add(lines[0])
    #expect(throws: MoneyError.self) { try accumulator.add(lines[1]) }
  }

  // MARK: rate files

  static let rateRefusals: [Refusal] = [
    .init(text: "", message: "rates: empty file"),
    .init(text: "\n \n", message: "rates: empty file"),
    .init(text: "USD,GBP\n1.0,0.8\n", message: "rates:1: expected a header starting with 'Date'"),
    .init(text: "Date,usd\n2025-02-28,1\n", message: "rates:1: bad currency code 'usd'"),
    .init(text: "Date,USD,USD\n2025-02-28,1,1\n", message: "rates:1: duplicate column USD"),
    .init(
      text: "Date,USD\n2025-02-28,0\n", message: "rates:2: rate for USD must be positive, got '0'"),
    .init(text: "Date,USD\n2025-02-28,0.0000\n", message: "'0.0000'"),
    .init(text: "Date,USD\n2025-02-28,-1\n", message: "rates:2: bad rate '-1' for USD"),
    .init(text: "Date,USD\n2025-02-28,NaN\n", message: "rates:2: bad rate 'NaN' for USD"),
    .init(text: "Date,USD\n2025-02-28,inf\n", message: "rates:2: bad rate 'inf' for USD"),
    .init(text: "Date,USD\n2025-02-28,1e3\n", message: "rates:2: bad rate '1e3' for USD"),
    .init(text: "Date,USD\n2025-02-28,\n", message: "rates:2: missing rate for USD"),
    .init(text: "Date,USD\n2025-02-30,1.0\n", message: "rates:2: bad date '2025-02-30'"),
    .init(text: "Date,USD\n28/02/2025,1.0\n", message: "rates:2: bad date '28/02/2025'"),
    .init(
      text: "Date,USD\n2025-02-28,1.0,2.0,3.0\n", message: "rates:2: expected 2 fields, found 4"),
    .init(
      text: "Date,USD\n2025-02-28,1.0\n2025-02-28,1.1\n",
      message: "rates:3: duplicate date 2025-02-28"),
    .init(
      text: "Date,USD\n2025-02-28,99999999999999999999999999999999\n",
      message: "rates:2: bad rate '99999999999999999999999999999999' for USD"),
    .init(
      text: "<Cube><Cube time='2025-02-28'><Cube currency='USD' rate='0'/></Cube></Cube>",
      message: "rates:1: rate for USD must be positive, got '0'"),
    .init(
      text: "<Cube><Cube time='2025-02-28'><Cube currency='USD' rate='-1'/></Cube></Cube>",
      message: "rates:1: bad rate '-1' for USD"),
    .init(
      text: "<Cube><Cube time='2025-02-28'><Cube currency='USD' rate='NaN'/></Cube></Cube>",
      message: "rates:1: bad rate 'NaN' for USD"),
    .init(
      text: "<Cube><Cube time='2025-02-28'><Cube currency='USD'/></Cube></Cube>",
      message: "rates:1: no rate for USD"),
    .init(
      text: "<Cube><Cube time='yesterday'></Cube></Cube>", message: "rates:1: bad date 'yesterday'"),
    .init(text: "<Cube><Cube time='2025-02-28'>", message: "rates: unclosed <Cube>"),
    .init(text: "<Cube></Cube></Cube>", message: "rates:1: unbalanced </Cube>"),
    .init(text: "<Cube time='2025-02-28'", message: "rates:1: unterminated tag"),
    .init(
      text: "<Cube currency='USD' rate='1.0'/>",
      message: "rates:1: rate for USD outside a dated Cube"),
    .init(text: "<Cube currency=USD rate='1.0'/>", message: "rates:1: malformed tag"),
    .init(
      text:
        "<Cube time='2025-02-28'><Cube currency='USD' rate='1'/><Cube currency='USD' rate='2'/></Cube>",
      message: "rates:1: duplicate rate for USD"),
  ]

  @Test(arguments: rateRefusals)
  func rateFileIsRefusedWithOneLineNamingTheValue(_ refusal: Refusal) {
    let error = #expect(throws: RateFileError.self) {
      try RateTable.parse(refusal.text, fileName: "rates")
    }
    let message = error?.description ?? ""
    #expect(!message.contains("\n"))
    #expect(message.contains(refusal.message), "\(message)")
  }

  @Test(arguments: [[0xFF, 0xFE, 0x00], [0x44, 0x61, 0x74, 0x65, 0x2C, 0xC3, 0x0A]] as [[UInt8]])
  func binaryRateFileIsRefused(_ bytes: [UInt8]) {
    let error = #expect(throws: RateFileError.self) {
      try RateTable.parse(bytes, fileName: "rates.bin", asOf: nil)
    }
    #expect(error?.description.hasPrefix("rates.bin") == true)
    #expect(error?.description.contains("\n") == false)
  }

  @Test(arguments: ["NaN", "nan", "inf", "-1", "0", "0.0", "", " 1", "1e3", "1,5", "0x1F", "+1"])
  func commandLineRateMustBePositiveAndStrict(text: String) {
    let error = #expect(throws: (any Error).self) {
      try ExchangeRate(base: .usd, quote: .gbp, parsing: text, source: "command line")
    }
    let message = "\(error.map { "\($0)" } ?? "")"
    #expect(message.contains("'\(text)'"), "\(message)")
  }
}
