import Testing

@testable import StockValuation

/// Category names are compared as Swift strings: canonically equivalent (NFC-equal) names
/// are one category, whichever path reads the file; the first spelling seen names it.
@Suite struct CategoryNameTests {
  /// "Café" precomposed (U+00E9), then decomposed (e + U+0301), then a different name, then
  /// a compatibility ligature (U+FB01) that is not canonically equivalent to "fi".
  private static let csv = """
    name,category,unit_price,quantity
    Espresso,Caf\u{E9},2.50,4
    Latte,Cafe\u{301},3.00,2
    Tea,Cafe,1.00,1
    Cake,\u{FB01}ne,1.00,1
    Pie,fine,1.00,1

    """

  @Test func canonicallyEquivalentNamesMergeWhenLinesAreRead() throws {
    let lines = try InventoryCSV.readLines(from: Self.csv, fileName: "cafe.csv")
    let report = try StockReport(
      lines: lines,
      converter: CurrencyPairRegistry.shared.factory(for: "USD").makeConverter(
        rates: .ecbReference, rounding: .halfEven))
    #expect(report.categories.map(\.name) == ["Caf\u{E9}", "Cafe", "\u{FB01}ne", "fine"])
    #expect(report.categories.first?.name.unicodeScalars.count == 4)
    #expect(report.categories.map(\.itemCount) == [6, 1, 1, 1])
  }

  @Test func canonicallyEquivalentNamesMergeOnTheFastPath() throws {
    let path = try Fixtures.temporaryFile(named: "cafe.csv", contents: Array(Self.csv.utf8))
    defer { Fixtures.remove(path) }
    let totals = try InventoryCSV.accumulate(fromFile: path)
    #expect(totals.categories.map(\.name) == ["Caf\u{E9}", "Cafe", "\u{FB01}ne", "fine"])
    #expect(totals.categories.first?.name.unicodeScalars.count == 4)
    #expect(totals.categories.map(\.itemCount) == [6, 1, 1, 1])
    #expect(
      totals.categories.first?.exactTotal == ExactMoney(Money(minorUnits: 1600, currency: .usd)))
  }
}
