import Foundation
import Testing

@testable import configurator

/// `quote` and `compare` (SPEC §9). Amounts are worked out by hand from the models' prices
/// (SPEC §2, Examples/lineup.json).
@Suite struct DealerQuoteTests {
  @Test func quoteItemisesAndConvertsTheTotalOnce() throws {
    let harness = SessionHarness()
    try harness.run("build sports drive=4wd")
    try harness.run("rate GBP 0.60338")
    let text = try harness.run("quote 1 gbp")
    #expect(text.contains("Base price       $72,900.00\n"))
    #expect(text.contains("drive=4wd (4WD)  +$3,650.00\n"))
    #expect(text.contains("Total            $76,550.00\n"))
    // 76,550.00 × 0.60338 = 46,188.739, rounded once.
    #expect(text.contains("Total in GBP: £46,188.74 (rate: 1 USD = 0.60338 GBP (command line)"))
    // In USD there is no conversion line.
    #expect(!(try harness.run("quote 1")).contains("Total in"))
  }

  @Test func quoteOfACatalogBuildListsEquipmentAndPackages() throws {
    let harness = SessionHarness()
    try harness.run("catalog load Examples/lineup.json")
    try harness.run("build van extras=tow")
    let text = try harness.run("quote 1")
    // 41,200.00 base + 2,900.00 (4WD, forced) + 650.00 tow + 1,200.00 winter package; the
    // heated seats are in the package.
    #expect(text.contains("+$2,900.00"))
    #expect(text.contains("extras=tow (Tow hitch)"))
    #expect(text.contains("extras=heated (Heated seats) (in a package)      +$0.00"))
    #expect(text.contains("$45,950.00"))
  }

  @Test func compareShowsWhatDiffersAndThePriceDifference() throws {
    let harness = SessionHarness()
    try harness.run("build sports drive=4wd")
    try harness.run("build sports")
    let text = try harness.run("compare 1 2")
    #expect(text.contains("drive  4WD         Rear\n"))
    #expect(!text.contains("suspension"))
    #expect(text.hasSuffix("Difference #2 - #1: -$3,650.00\n"))
    #expect(try harness.run("compare 1 1").contains("Same values."))
  }

  @Test func refusalsNameTheBadValue() {
    let harness = SessionHarness()
    #expect(harness.failure("quote")?.contains("missing build number") == true)
    #expect(harness.failure("quote 4")?.contains("no build #4") == true)
    #expect(harness.failure("compare 1")?.contains("expected two build numbers") == true)
    #expect(harness.failure("compare 1 2")?.contains("no build #1") == true)
    // The words are read before the builds are looked up: a bad number is named first.
    #expect(harness.failure("compare 1 x")?.contains("bad build number 'x'") == true)
    _ = try? harness.run("build sports")
    #expect(harness.failure("quote 1 xyz")?.hasPrefix("quote: unknown currency 'xyz'") == true)
    #expect(harness.failure("compare 1 x")?.contains("bad build number 'x'") == true)
  }

  @Test func jsonQuoteAndComparisonParse() throws {
    let harness = SessionHarness(format: .json)
    try harness.run("build sports drive=4wd")
    try harness.run("build compact")
    for line in [try harness.run("quote 1 eur"), try harness.run("compare 1 2")] {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      #expect(object?["type"] != nil)
    }
  }
}
