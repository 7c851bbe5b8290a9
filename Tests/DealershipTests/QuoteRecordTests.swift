import StockValuation
import Testing

@testable import Dealership

/// Quotes are records (SPEC §15): `quote N …` records `Q-K` (never reused) with every figure,
/// `quotes` lists them, and `show Q-K` gives the same figures after the rates moved.
@Suite struct QuoteRecordTests {
  @Test func aQuoteIsRecordedAndShownAgainWithItsFiguresAfterTheRateMoves() throws {
    let day = try DealScript()
    day.environment.today = CalendarDate(year: 2026, month: 11, day: 25) ?? .unixEpoch
    try day.run("dealer Kings Motors tax=VAT 20%")
    try day.run("build kart extras=winter")
    try day.run("rate GBP 0.60338")
    let first = try #require(try day.quote("quote 1 gbp discount=5% customer=\"Ann Lee\""))
    #expect(first.number == 1 && first.reference == "Q-1")
    // $21,500.00 × 0.60338 = 12,972.67 exactly; 5% = 648.6335 → 648.63; base 12,324.04;
    // VAT 20% = 2,464.808 → 2,464.81; total 14,788.85.
    #expect(first.total == Money(minorUnits: 1_478_885, currency: .gbp))
    // The rate moves: 21,500.00 × 0.7 = 15,050.00 for a new quote; Q-1 keeps its figures.
    try day.run("rate GBP 0.7")
    let second = try #require(try day.quote("quote 1 gbp"))
    #expect(second.number == 2)
    #expect(second.subtotal == Money(minorUnits: 1_505_000, currency: .gbp))
    guard case .quote(let shown) = try day.run("show Q-1").first else {
      Issue.record("not a quote")
      return
    }
    #expect(shown == first)
    #expect(shown.total == Money(minorUnits: 1_478_885, currency: .gbp))
    #expect(shown.rate?.value == "0.60338")
    #expect(shown.customer == "Ann Lee" && shown.tax?.label == "VAT")
    #expect(shown.discount?.amount == Money(minorUnits: 64_863, currency: .gbp))
    guard case .quotes(let listed) = try day.run("quotes").first else {
      Issue.record("not the quotes")
      return
    }
    #expect(listed.map(\.number) == [1, 2])
    // An unknown quote is named, with those there are; nothing changes.
    guard case .notFound("show", .quote(9, let known)) = day.failure("show Q-9") else {
      Issue.record("Q-9 was found")
      return
    }
    #expect(known == [1, 2])
    #expect(day.state.quotes.entries.count == 2)
  }

  @Test func aQuoteThatFailsRecordsNothingAndNumbersAreNotReused() throws {
    let day = try DealScript()
    try day.run("build kart")
    #expect(day.failure("quote 1 gbp discount=999999") != nil)
    #expect(day.state.quotes.entries.isEmpty)
    try day.run("quote 1")
    try day.run("remove 1")
    try day.run("build kart extras=winter")
    #expect(try day.quote("quote 2")?.number == 2)
    // `show N` is still the build.
    guard case .build = try day.run("show 2").first else {
      Issue.record("show 2 is not the build")
      return
    }
  }
}
