import Testing

@testable import StockValuation

/// SPEC §10: memory for an inventory grows by no more than a few hundred bytes per distinct
/// category, and a report of very many categories holds no node per category.
@Suite struct CategoryMemoryTests {
  /// A million distinct categories of 16-byte names (`category-0000042`), each with a value.
  @Test func aMillionCategoriesTakeLessThanEightyBytesEachBeyondTheirNames() throws {
    let count = 1_000_000
    var accumulator = StockAccumulator()
    for index in 0..<count {
      let name = "category-" + String(index + 10_000_000).dropFirst()
      try accumulator.add(category: name, scaled: Int128(index) * 1_000_000, quantity: 1)
    }
    #expect(accumulator.categoryCount == count)
    let perCategory = accumulator.storageBytes / count
    #expect(perCategory <= 16 + 80, "\(perCategory) bytes per category")
    // Every category is found again, and read back with its own figures.
    let probe = accumulator.categoryTotals[765_432]
    #expect(probe.name == "category-0765432")
    #expect(probe.exactTotal.scaled == 765_432 * 1_000_000)
    #expect(accumulator.index(of: "category-0999999") == 999_999)
    #expect(accumulator.itemCount == Int64(count))
  }

  /// A report of many categories from one summarized file: its categories are made as they are
  /// read, with the summary's part as their one child, and the figures add up.
  @Test func aReportOfManyCategoriesIsMadeAsItIsRead() throws {
    var accumulator = StockAccumulator()
    for index in 0..<20_000 {
      try accumulator.add(category: "c\(index)", scaled: 1_000_000, quantity: 2)
    }
    let summary = StockSummary(accumulator, source: "big.csv")
    let pounds = try CurrencyPairRegistry.shared.factory(for: "GBP")
    let report = try StockReport(
      lines: [], summaries: [summary],
      converter: pounds.makeConverter(rates: .ecbReference, rounding: .halfEven))
    #expect(report.categories.count == 20_000)
    let last = report.categories[19_999]
    #expect(last.name == "c19999")
    #expect(last.children.map(\.name) == ["big.csv"])
    #expect(last.children.first?.itemCount == 2)
    #expect(report.itemCount == 40_000)
    #expect(report.exactBaseTotal.scaled == 20_000 * 1_000_000)
  }

  /// Names that are canonically equivalent are one category, as Swift compares them; the first
  /// spelling names it, and an ASCII name can be reached from a non-ASCII one (KELVIN SIGN).
  @Test func canonicallyEquivalentNamesAreOneCategory() throws {
    var accumulator = StockAccumulator()
    for name in ["Cafe\u{301}", "Caf\u{E9}", "\u{212A}elvin", "Kelvin", "\u{FB01}ne", "fine"] {
      try accumulator.add(category: name, scaled: 1, quantity: 1)
    }
    #expect(
      accumulator.categoryTotals.map(\.name) == [
        "Cafe\u{301}", "\u{212A}elvin", "\u{FB01}ne", "fine",
      ])
    #expect(accumulator.categoryTotals.map(\.itemCount) == [2, 2, 1, 1])
  }
}
