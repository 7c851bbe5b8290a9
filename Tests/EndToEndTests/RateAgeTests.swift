import Foundation
import TestSupport
import Testing

/// A stock or sales report whose rates are more than 7 days older than its day says so
/// (SPEC §15). The built-in ECB table is of 2025-02-28; the ages below were counted with
/// Python's `datetime.date` subtraction, not by the configurator's calendar.
@Suite struct RateAgeTests {
  private func run(_ words: [String], today: String, stdin: String = "") throws
    -> BinaryRunner.Result
  {
    try BinaryRunner.run(
      ["--clean", "--inventory", examplesFolder.path + "/dealer-cars.csv"] + words,
      stdin: stdin, environment: ["CONFIGURATOR_TODAY": today])
  }

  @Test func aStockReportTenDaysAfterItsRatesSaysHowOldTheyAre() throws {
    let text = try run(["--currency", "GBP", "stock"], today: "2025-03-10")
    #expect(text.status == 0)
    let expected =
      "Stock in GBP. Rate: 1 USD = 0.793468 GBP (ECB euro reference rates, 2025-02-28, "
      + "via EUR), rounding half-even; rates of 2025-02-28, 10 days old."
    #expect(text.stdout.split(separator: "\n").first.map(String.init) == expected)
    let json = try run(["--currency", "GBP", "--format", "json", "stock"], today: "2026-12-02")
    #expect(json.stdout.contains(#""ageDays":642"#))
  }

  @Test func ratesSevenDaysOldAreFreshAndSayNothing() throws {
    let text = try run(["--currency", "GBP", "stock"], today: "2025-03-07")
    #expect(text.status == 0)
    #expect(text.stdout.split(separator: "\n").first?.hasSuffix("rounding half-even.") == true)
    #expect(!text.stdout.contains("days old"))
    let json = try run(["--currency", "GBP", "--format", "json", "stock"], today: "2025-03-07")
    #expect(json.status == 0)
    #expect(!json.stdout.contains("ageDays"))
  }

  @Test func aSalesReportIsDatedByItsLastDay() throws {
    // Today is far from the rates, but a report to 2025-03-01 is one day after them.
    let old = try run(["--currency", "GBP", "sales", "to=2025-03-01"], today: "2026-12-02")
    #expect(old.status == 0)
    #expect(!old.stdout.contains("days old"))
    let now = try run(["--currency", "GBP", "sales"], today: "2026-12-02")
    #expect(now.stdout.contains("; rates of 2025-02-28, 642 days old."))
  }

  @Test func ratesGivenOnTheCommandLineHaveNoDateAndNoAge() throws {
    let text = try run(["--currency", "GBP", "--rate", "GBP=0.8", "stock"], today: "2026-12-02")
    #expect(text.status == 0)
    #expect(!text.stdout.contains("days old"))
    // USD needs no rate at all.
    #expect(!(try run(["stock"], today: "2026-12-02")).stdout.contains("days old"))
  }
}
