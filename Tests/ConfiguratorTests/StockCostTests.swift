import StockValuation
import TestSupport
import Testing

@testable import Dealership
@testable import configurator

/// `stock add N [QTY] [vin=VIN] [cost=AMOUNT] [received=DATE]` (SPEC §15): a car's VIN, cost
/// and day received are its line's; a VIN is one car, never two.
@Suite struct StockCostTests {
  private static let vin = "WP0ZZZ98ZTS392145"

  private func line(_ number: Int, in harness: SessionHarness) -> StockLine? {
    harness.session.state.stock.lines.first { $0.stockNumber == number }
  }

  @Test func costAndDayReceivedAreKeptAndSplitLines() throws {
    let harness = SessionHarness()
    try harness.run("build sports")
    #expect(
      try harness.run("stock add 1 2 cost=60000 received=2026-10-01")
        == "Added 2 × Porsche Boxster to stock as S-6 (2 in stock).\n")
    // Another car of the same cost and day joins the line, in any order of the keys.
    #expect(
      try harness.run("stock add 1 received=2026-10-01 cost=60000.00")
        == "Added 1 × Porsche Boxster to stock as S-6 (3 in stock).\n")
    // Another cost or another day is another line.
    #expect(
      try harness.run("stock add 1 cost=59999.99 received=2026-10-01")
        == "Added 1 × Porsche Boxster to stock as S-7 (1 in stock).\n")
    #expect(
      try harness.run("stock add 1 cost=60000 received=2026-10-02")
        == "Added 1 × Porsche Boxster to stock as S-8 (1 in stock).\n")
    #expect(line(6, in: harness)?.cost == Money(minorUnits: 6_000_000, currency: .usd))
    #expect(line(6, in: harness)?.received == CalendarDate("2026-10-01"))
    #expect(line(7, in: harness)?.cost == Money(minorUnits: 5_999_999, currency: .usd))
    #expect(line(8, in: harness)?.received == CalendarDate("2026-10-02"))
  }

  @Test func theCostIsAnAmountOfTheSessionsCurrency() throws {
    let harness = SessionHarness()
    try harness.run("build compact")
    try harness.run("currency gbp")
    try harness.run("stock add 1 cost=21000.10 received=2026-11-30")
    #expect(line(6, in: harness)?.cost == Money(minorUnits: 2_100_010, currency: .gbp))
    #expect(
      harness.failure("stock add 1 cost=12.345")
        == "stock add: bad cost '12.345' (expected an amount in GBP with at most 2 decimals, "
        + "like 12000)")
    #expect(
      harness.failure("stock add 1 cost=-1")
        == "stock add: bad cost '-1' (expected an amount in GBP with at most 2 decimals, "
        + "like 12000)")
    #expect(
      harness.failure("stock add 1 received=2026-02-29")
        == "stock add: bad received date '2026-02-29' (expected a date as YYYY-MM-DD)")
    #expect(harness.failure("stock add 1 cost=1 cost=2") == "stock add: cost= is given twice")
  }

  @Test func aVINIsOneCarNotInStockAndNotSold() throws {
    let harness = SessionHarness()
    try harness.run("build sports")
    #expect(
      harness.failure("stock add 1 2 vin=\(Self.vin)")
        == "stock add: VIN '\(Self.vin)' is one car; give no quantity (got 2)")
    #expect(
      harness.failure("stock add 1 vin=WP0ZZZ98ZTS39214I")
        == "stock add: bad VIN 'WP0ZZZ98ZTS39214I' (expected 17 letters and digits, without I, "
        + "O or Q)")
    // Lower case is the same VIN; a VIN's car never joins another line.
    try harness.run("stock add 1 received=2026-10-01")
    #expect(
      try harness.run("stock add 1 1 vin=\(Self.vin.lowercased()) received=2026-10-01")
        == "Added 1 × Porsche Boxster to stock as S-7 (1 in stock).\n")
    #expect(line(7, in: harness)?.vin == Self.vin)
    #expect(
      harness.failure("stock add 1 vin=\(Self.vin)")
        == "stock add: VIN '\(Self.vin)' is in stock already (S-7)")
    try harness.run("stock sell S-7")
    #expect(
      harness.failure("stock add 1 vin=\(Self.vin)")
        == "stock add: VIN '\(Self.vin)' was sold (sale 1); void that sale to stock the car "
        + "again")
    // Voided, the sale gives the car back to stock: then it is there.
    try harness.run("stock sell S-7 void")
    #expect(
      harness.failure("stock add 1 vin=\(Self.vin)")
        == "stock add: VIN '\(Self.vin)' is in stock already (S-7)")
  }

  @Test func theDayReceivedIsTodayUnlessGiven() throws {
    let harness = SessionHarness()
    try harness.run("build sports")
    try harness.run("stock add 1")
    let today = try Today.date(for: "stock add", in: ProcessEnvironment())
    #expect(line(6, in: harness)?.received == today)
    #expect(line(6, in: harness)?.cost == nil)
  }

  @Test func aSavedSessionKeepsTheCostInItsCurrencyAndTheDay() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let file = scratch.path("lot.json")
    let harness = SessionHarness()
    try harness.run("build sports")
    try harness.run("currency eur")
    try harness.run("stock add 1 vin=\(Self.vin) cost=58000.25 received=2026-09-15")
    try harness.run("save \(file)")
    let again = SessionHarness()
    try again.run("load \(file)")
    let loaded = line(6, in: again)
    #expect(loaded?.cost == Money(minorUnits: 5_800_025, currency: .eur))
    #expect(loaded?.received == CalendarDate("2026-09-15"))
    #expect(loaded?.vin == Self.vin)
    #expect(again.session.state.stock == harness.session.state.stock)
  }

  @Test func stockCSVAndJSONShowCostAndDayReceived() throws {
    let csv = SessionHarness(format: .csv)
    try csv.run("build sports")
    try csv.run("stock add 1 vin=\(Self.vin) cost=61000.50 received=2026-10-01")
    let row = try csv.run("stock").split(separator: "\n").first { $0.contains("S-6") }.map(
      String.init)
    #expect(
      row
        == "line,sports,Porsche Boxster,1,72900.00,,72900.00,72900.00,USD,S-6,\(Self.vin),"
        + "61000.50,USD,2026-10-01")
    let json = SessionHarness(format: .json)
    try json.run("build sports")
    try json.run("stock add 1 cost=61000.50 received=2026-10-01")
    let text = try json.run("stock")
    #expect(
      text.contains(
        #""cost":{"currency":"USD","amount":"61000.50","minorUnits":6100050},"#
          + #""received":"2026-10-01""#))
  }
}
