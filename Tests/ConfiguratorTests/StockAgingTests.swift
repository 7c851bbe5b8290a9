import StockValuation
import Testing

@testable import Dealership
@testable import configurator

/// `stock aging` (SPEC §15): the stock by days since received, 0–30, 31–60, 61–90 and over
/// 90, with the cars, their cost and value per band. Figures are worked out by hand from
/// the Boxster's list price, $72,900.00.
@Suite struct StockAgingTests {
  private static func day(_ offset: Int) throws -> String {
    let today = try Today.date(for: "test", in: ProcessEnvironment())
    return try #require(today.adding(days: -offset)).description
  }

  /// A clean session with Boxsters received `offset` days ago at these costs.
  private static func harness(
    _ cars: [(offset: Int, quantity: Int, cost: String?)], format: OutputFormat = .text,
    clear: Bool = true
  ) throws -> SessionHarness {
    let harness = SessionHarness(format: format)
    try harness.run("build sports")
    if clear { try harness.run("stock clear") }
    for car in cars {
      let cost = car.cost.map { " cost=\($0)" } ?? ""
      try harness.run("stock add 1 \(car.quantity) received=\(try day(car.offset))\(cost)")
    }
    return harness
  }

  @Test func bandsBreakAfterThirtySixtyAndNinetyDays() throws {
    let harness = try Self.harness([
      (0, 1, "60000"), (30, 2, "60000.10"), (31, 1, nil), (60, 1, "59000"), (61, 1, "58000"),
      (90, 1, "57000"), (91, 3, "56000.01"), (400, 1, "50000"),
    ])
    let state = harness.session.state
    guard
      case .stockAging(let aging) = try Interpreter(environment: ProcessEnvironment()).stockAging(
        state)
    else {
      Issue.record("not an aging report")
      return
    }
    let usd = { (cents: Int64) in Money(minorUnits: cents, currency: .usd) }
    #expect(aging.bands.map(\.span) == StockAging.spans)
    #expect(aging.bands.map(\.count) == [3, 2, 2, 4])
    #expect(aging.bands.map(\.uncosted) == [0, 1, 0, 0])
    // 60,000.00 + 2 × 60,000.10; 59,000.00; 58,000.00 + 57,000.00; 3 × 56,000.01 + 50,000.00.
    #expect(
      aging.bands.map(\.cost)
        == [usd(18_000_020), usd(5_900_000), usd(11_500_000), usd(21_800_003)])
    #expect(aging.bands.map(\.value) == [3, 2, 2, 4].map { usd(7_290_000 * $0) })
    #expect(aging.total.count == 11)
    #expect(aging.total.uncosted == 1)
    #expect(aging.total.cost == usd(57_200_023))
    #expect(aging.total.value == usd(7_290_000 * 11))
  }

  @Test func theTextTableFitsEightyColumnsAndTheUndatedStockIsItsOwnBand() throws {
    // The sample stock has no days received.
    let harness = try Self.harness([(5, 2, "61000.50")], clear: false)
    let text = try harness.run("stock aging")
    let lines = text.split(separator: "\n")
    #expect(lines.allSatisfy { $0.count <= 80 })
    #expect(lines.first?.hasPrefix("Stock aging on ") == true)
    #expect(lines.contains { $0.hasPrefix("0-30 ") && $0.contains("$122,001.00") })
    #expect(lines.contains { $0.hasPrefix("undated ") })
    #expect(lines.last?.hasPrefix("Total ") == true)
  }

  /// Stock that is all undated has the total's figures in its band, and both rows show.
  @Test func stockThatIsAllUndatedKeepsItsBandAndItsTotal() throws {
    let harness = SessionHarness()
    let lines = try harness.run("stock aging").split(separator: "\n")
    #expect(lines.filter { $0.hasPrefix("undated ") }.count == 1, "\(lines)")
    #expect(lines.filter { $0.hasPrefix("Total ") }.count == 1, "\(lines)")
    #expect(lines.last?.hasPrefix("Total ") == true)
  }

  @Test func csvAndJSONCarryTheBands() throws {
    let csv = try Self.harness([(45, 1, "59000")], format: .csv)
    let rows = try csv.run("stock aging").split(separator: "\n").map(String.init)
    let today = try Self.day(0)
    // No floor plan is set: its column is empty.
    #expect(
      rows.first == "kind,band,from_days,to_days,cars,uncosted,cost,value,currency,date,floor_plan")
    #expect(rows.contains("band,31-60,31,60,1,0,59000.00,72900.00,USD,\(today),"))
    #expect(rows.last == "total,,,,1,0,59000.00,72900.00,USD,\(today),")
    let json = try Self.harness([(95, 1, "59000")], format: .json)
    let line = try json.run("stock aging")
    #expect(line.hasPrefix(#"{"type":"stockAging","date":"\#(today)","currency":"USD","#))
    #expect(line.contains(#"{"band":"90+","fromDays":91,"toDays":null,"cars":1,"uncosted":0,"#))
  }

  @Test func aCostInTheSessionsCurrencyAddsAsItIsAndAUSDOneIsConverted() throws {
    let harness = try Self.harness([(1, 1, "10000.00")])
    try harness.run("rate GBP 0.5")
    try harness.run("currency gbp")
    try harness.run("stock add 1 received=\(try Self.day(1)) cost=30000.00")
    guard
      case .stockAging(let aging) = try Interpreter(environment: ProcessEnvironment()).stockAging(
        harness.session.state)
    else {
      Issue.record("not an aging report")
      return
    }
    // £30,000.00 + $10,000.00 × 0.5; value 2 × $72,900.00 × 0.5.
    #expect(aging.bands[0].cost == Money(minorUnits: 3_500_000, currency: .gbp))
    #expect(aging.bands[0].value == Money(minorUnits: 7_290_000, currency: .gbp))
  }
}
