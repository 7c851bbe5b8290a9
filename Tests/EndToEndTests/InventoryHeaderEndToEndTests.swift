import Foundation
import TestSupport
import Testing

/// Forgiving inventory headers through the binary (SPEC §9): ignored columns named once on
/// standard error, the `;` hint, the same report from a file and from `<(…)`-like pipes.
@Suite struct InventoryHeaderEndToEndTests {
  static let forgiving = """
    Trim, Name ,CATEGORY,Unit_Price,Quantity,Tax_Percent,Colour
    "1HG,CM",Kayak,Watersports,275.00,10,10,red
    X2,Lifejacket,Watersports,48.95,14,10,"dark
    blue"

    """

  static let plain = """
    name,category,unit_price,quantity,tax_percent
    Kayak,Watersports,275.00,10,10
    Lifejacket,Watersports,48.95,14,10

    """

  /// Runs `configurator --inventory FILE stock` on `text` written to a fresh file.
  static func stock(_ text: String, via pipe: Bool = false) throws -> BinaryRunner.Result {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("InventoryHeaderEndToEnd-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("stock.csv")
    try Data(text.utf8).write(to: file)
    if pipe {
      // Standard input is a pipe: the general reader, not the mapping.
      return try BinaryRunner.run(["--inventory", "/dev/stdin", "stock"], stdin: text)
    }
    return try BinaryRunner.run(["--inventory", file.path, "stock"])
  }

  @Test func ignoredColumnsAreNamedOnceAndTheReportIsTheSame() throws {
    let expected = try Self.stock(Self.plain)
    for pipe in [false, true] {
      let result = try Self.stock(Self.forgiving, via: pipe)
      #expect(result.status == 0)
      #expect(result.stdout == expected.stdout)
      let warnings = result.stderr.split(separator: "\n")
      #expect(warnings.count == 1)
      #expect(warnings.first?.hasSuffix(": ignoring columns 'Trim', 'Colour'") == true)
    }
    #expect(expected.stderr.isEmpty)
  }

  @Test func aSemicolonSeparatedFileIsRefusedWithAHint() throws {
    let result = try Self.stock("Name;Category;Unit_Price;Quantity\nKayak;Watersports;275;10\n")
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.hasSuffix(
        "stock.csv:1: header 'Name;Category;Unit_Price;Quantity' looks ';'-separated; use ',' "
          + "between columns (expected name,category,unit_price,quantity,tax_percent,vin,cost,received)\n"
      ))
  }
}
