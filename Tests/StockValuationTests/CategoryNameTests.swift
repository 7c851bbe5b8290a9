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
      converter: CurrencyPairRegistry().factory(for: "USD").makeConverter(
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

/// Random names built from canonically equivalent spellings (precomposed and decomposed
/// letters, combining marks in either order, Hangul syllables and their jamo, singletons such
/// as the Ångström sign) and look-alikes that are not equivalent (compatibility characters):
/// the accumulator makes one category for each name Swift's `==` tells apart, and puts every
/// line where `==` says it belongs.
@Suite struct CategoryEquivalenceTests {
  private static let pieces: [String] = [
    "a", "e", "\u{E9}", "e\u{301}", "\u{212B}", "\u{C5}", "A\u{30A}", "o\u{323}\u{302}",
    "o\u{302}\u{323}", "\u{1ED9}", "\u{AC00}", "\u{1100}\u{1161}", "\u{FB01}", "fi", "\u{2126}",
    "\u{3A9}", "\u{1E9B}\u{323}", "\u{17F}\u{323}\u{307}", "q\u{307}\u{323}", "q\u{323}\u{307}",
    "\u{0958}", "\u{0915}\u{093C}", "-",
  ]

  @Test(arguments: 0..<40) func categoriesAreTheNamesSwiftTellsApart(seed: UInt64) throws {
    var random = SplitMix(state: seed)
    var accumulator = StockAccumulator(currency: .usd)
    var names: [String] = []
    for _ in 0..<60 {
      let length = Int(random.next() % 3) + 1
      let name = (0..<length).map { _ in
        Self.pieces[Int(random.next() % UInt64(Self.pieces.count))]
      }.joined()
      names.append(name)
      try accumulator.add(category: name, scaled: 100, quantity: 1)
    }
    // Expected from `==` alone, by pairwise comparison (no hashing, no normalization).
    var groups: [(name: String, count: Int)] = []
    for name in names {
      if let index = groups.firstIndex(where: { $0.name == name }) {
        groups[index].count += 1
      } else {
        groups.append((name, 1))
      }
    }
    let categories = accumulator.categories
    #expect(
      categories.map(\.name.unicodeScalars).map(Array.init)
        == groups.map { Array($0.name.unicodeScalars) })
    #expect(categories.map(\.itemCount) == groups.map { Int64($0.count) })
  }
}
