import Testing

@testable import StockValuation

/// Forgiving inventory headers (SPEC §9): names in any case with spaces around, unknown
/// columns ignored and named, a hint for `;`. Every file is read by every path — the general
/// reader, the fast valuer in chunks, the valuation in parts and a mapped file — and the
/// expected totals come from the same rows written with the plain header and no extra column.
@Suite struct InventoryHeaderTests {
  typealias Outcome = InventoryValuerTests.Outcome

  /// One row's fields, written by `write(_:header:extra:)`.
  struct Row {
    let name: String
    let category: String
    let price: String
    let quantity: String
    let tax: String
  }

  static let rows: [Row] = (0..<120).map { index in
    Row(
      name: index % 5 == 0 ? "\"Kayak, \(index)\"" : "Item \(index)",
      category: ["Watersports", "Soccer", "Chess"][index % 3],
      price: "\(index % 40).\(index % 10)5", quantity: "\(index % 7)",
      tax: index % 4 == 0 ? "" : "\(index % 3 * 5)")
  }

  /// A CSV of `rows` with the columns `name,category,unit_price,quantity,tax_percent` titled
  /// by `titles` (in that order), and an extra column titled `extra.title` inserted at
  /// `extra.position` holding, per row, `extra.value(row)`.
  static func write(
    _ rows: [Row],
    titles: [String] = ["name", "category", "unit_price", "quantity", "tax_percent"],
    extra: (title: String, position: Int, value: (Int) -> String)? = nil
  ) -> [UInt8] {
    func line(_ fields: [String], _ index: Int?) -> String {
      var fields = fields
      if let extra {
        fields.insert(index.map(extra.value) ?? extra.title, at: extra.position)
      }
      return fields.joined(separator: ",") + "\n"
    }
    var text = line(titles, nil)
    for (index, row) in rows.enumerated() {
      text += line([row.name, row.category, row.price, row.quantity, row.tax], index)
    }
    return Array(text.utf8)
  }

  /// The outcome of every path on `bytes`, expected to agree; returns the general path's.
  static func outcomeOfEveryPath(
    _ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
  ) -> Outcome {
    let expected = InventoryValuerTests.general(bytes, chunkSize: 1 << 16)
    for chunkSize in [7, 1 << 16] {
      #expect(
        InventoryValuerTests.fast(bytes, chunkSize: chunkSize) == expected,
        "fast, chunks of \(chunkSize)", sourceLocation: sourceLocation)
    }
    for parts in [2, 3] {
      #expect(
        InventoryValuationTests.inParts(bytes, parts: parts, window: 64) == expected,
        "\(parts) parts", sourceLocation: sourceLocation)
    }
    return expected
  }

  static let plain = outcomeOfEveryPath(write(rows))

  @Test(arguments: [
    ["Name", "Category", "Unit_Price", "Quantity", "Tax_Percent"],
    ["NAME", "CATEGORY", "UNIT_PRICE", "QUANTITY", "TAX_PERCENT"],
    [" name", "category ", "  unit_price  ", "\tquantity", "tax_percent\t"],
    ["\" Name \"", "category", "\"Unit_price\"", "quantity", "tax_percent"],
  ])
  func headerNamesMatchWithoutCaseOrSurroundingSpaces(titles: [String]) throws {
    let bytes = Self.write(Self.rows, titles: titles)
    #expect(Self.outcomeOfEveryPath(bytes) == Self.plain)
    let contents = try Self.readMapped(bytes)
    #expect(contents.ignoredColumns.isEmpty)
    #expect(contents.lines?.count == Self.rows.count)
  }

  @Test(arguments: [0, 1, 2, 4, 5])
  func anExtraColumnAnywhereIsIgnoredAndNamed(position: Int) throws {
    // Values that are quoted, hold commas, doubled quotes and line breaks, or are empty.
    let values = ["\"1HG, CM\"", "\"say \"\"hi\"\"\"", "\"two\nlines\"", "", "WVW-42"]
    let bytes = Self.write(
      Self.rows, extra: (" Trim ", position, { values[$0 % values.count] }))
    #expect(Self.outcomeOfEveryPath(bytes) == Self.plain)
    let contents = try Self.readMapped(bytes)
    #expect(contents.ignoredColumns == ["Trim"])
    #expect(contents.totals.exactTotal == Self.plain.total)
  }

  @Test func plainExtraColumnsTakeTheFastPathAndAgree() throws {
    // Unquoted extra values: the fast valuer reads these records itself.
    let bytes = Self.write(Self.rows, extra: ("colour", 3, { "shade\($0 % 4)" }))
    #expect(Self.outcomeOfEveryPath(bytes) == Self.plain)
    #expect(try Self.readMapped(bytes).ignoredColumns == ["colour"])
  }

  @Test func severalUnknownColumnsAreEachNamedOnce() throws {
    let text =
      "Trim,name,Colour,category,unit_price,quantity,trim,colour,Trim\nx,A,y,c,1,2,z,w,v\n"
    let contents = try Self.readMapped(Array(text.utf8))
    #expect(contents.ignoredColumns == ["Trim", "Colour", "trim", "colour"])
    #expect(contents.totals.itemCount == 2)
  }

  @Test(arguments: [
    (
      "Name;Category;Unit_Price;Quantity\nKayak;Watersports;275;10\n",
      "stock.csv:1: header 'Name;Category;Unit_Price;Quantity' looks ';'-separated; use ',' "
        + "between columns (expected name,category,unit_price,quantity,tax_percent,vin,cost,received)"
    ),
    (
      "name;category;unit_price;quantity;tax_percent;vin;colour;doors;seats\n",
      "stock.csv:1: header 'name;category;unit_price;quantity;tax_pe…' looks ';'-separated; "
        + "use ',' between columns (expected name,category,unit_price,quantity,tax_percent,vin,cost,received)"
    ),
    (
      "name\tcategory\tunit_price\tquantity\n",
      "stock.csv:1: header 'name\\tcategory\\tunit_price\\tquantity' looks tab-separated; use "
        + "',' between columns (expected name,category,unit_price,quantity,tax_percent,vin,cost,received)"
    ),
    (
      "Name,Category,Unit_Price\n",
      "stock.csv:1: missing column 'quantity'"
    ),
    (
      "VIN,Name\n",
      "stock.csv:1: missing columns 'category', 'unit_price', 'quantity' (expected name, "
        + "category, unit_price, quantity, tax_percent, vin, cost, received)"
    ),
    (
      "name;x,category,unit_price,quantity\n",
      "stock.csv:1: missing column 'name'"
    ),
    ("Name,category,unit_price,quantity,NAME\n", "stock.csv:1: duplicate column 'name'"),
  ])
  func badHeadersAreRefusedWithAHint(text: String, message: String) {
    let bytes = Array(text.utf8)
    let outcome = Self.outcomeOfEveryPath(bytes)
    #expect(outcome.error?.description == message)
  }

  /// `InventoryCSV.read` on `bytes` written to a file (mapped, valued in parts).
  static func readMapped(_ bytes: [UInt8]) throws -> InventoryCSV.Contents {
    let path = try Fixtures.temporaryFile(named: "header.csv", contents: bytes)
    defer { Fixtures.remove(path) }
    return try InventoryCSV.read(fromFile: path, keepingLinesUpTo: 1_000, byteLimit: 1 << 20)
  }
}
