import CatalogFixtures
import Foundation
import StockValuation
import Testing

@testable import Dealership

/// The floor plan (SPEC §15): each car accrues `cost × APR × days / 365` from the day it was
/// received, at the rate of each day, rounded once; `stock aging` shows it, a sale is charged
/// it, and `sales` takes it from the front gross.
@Suite struct FloorPlanTests {
  private static func day(_ text: String) throws -> CalendarDate {
    try #require(CalendarDate(text))
  }

  private static func day(_ start: CalendarDate, plus days: Int) throws -> CalendarDate {
    try #require(start.adding(days: days))
  }

  /// The reference: one day at a time, each day's share `cost × rate / 36,500` added as an
  /// exact fraction over 36,500 × 10^4, then rounded once, ties to even.
  private static func reference(
    cost: Int64, rates: [(from: Int, percent: ExactDecimal)], received: Int, end: Int
  ) -> Int64 {
    var numerator: Int128 = 0
    if !rates.isEmpty {
      for day in received..<max(received, end) {
        let rate = rates.last { $0.from <= day } ?? rates[0]
        var scaled = Int128(rate.percent.significand)
        for _ in rate.percent.scale..<4 { scaled *= 10 }
        numerator += Int128(cost) * scaled
      }
    }
    let denominator: Int128 = 36_500 * 10_000
    var quotient = numerator / denominator
    let remainder = numerator % denominator
    if remainder * 2 > denominator || (remainder * 2 == denominator && quotient % 2 == 1) {
      quotient += 1
    }
    return Int64(quotient)
  }

  @Test func interestEqualsTheDayByDaySumOnRandomHistories() throws {
    var generator = SeededGenerator(state: 46)
    let start = try Self.day("2024-01-01")
    for _ in 0..<400 {
      let count = Int.random(in: 0...4, using: &generator)
      var days = Set<Int>()
      while days.count < count { days.insert(Int.random(in: 0...400, using: &generator)) }
      let rates = days.sorted().map { offset in
        (
          from: offset,
          percent: ExactDecimal(
            significand: Int64.random(in: 0...150_000, using: &generator) / 10
              * (Bool.random(using: &generator) ? 1 : 10),
            scale: 3)
        )
      }.filter { $0.percent.significand <= 100_000 }
      var planRates: [FloorPlan.Rate] = []
      for rate in rates {
        planRates.append(
          FloorPlan.Rate(from: try Self.day(start, plus: rate.from), percent: rate.percent))
      }
      let plan = FloorPlan(rates: planRates)
      let cost = Int64.random(in: 0...10_000_000_00, using: &generator)
      let received = Int.random(in: 0...420, using: &generator)
      let end = received + Int.random(in: -5...300, using: &generator)
      let interest = try plan.interest(
        on: Money(minorUnits: cost, currency: .gbp), from: try Self.day(start, plus: received),
        to: try Self.day(start, plus: end), rounding: .halfEven)
      #expect(
        interest.minorUnits
          == Self.reference(
            cost: cost, rates: rates.map { ($0.from, $0.percent) }, received: received, end: end),
        "cost \(cost), received day \(received), end day \(end), rates \(rates)")
      #expect(interest.currency == .gbp)
    }
  }

  @Test func aRateSetTheSameDayReplacesItAndEarlierDaysKeepTheirs() throws {
    let plan = FloorPlan().setting(
      ExactDecimal(significand: 73, scale: 1), from: try Self.day("2025-03-01")
    )
    .setting(ExactDecimal(significand: 69, scale: 1), from: try Self.day("2025-04-01"))
    .setting(ExactDecimal(significand: 65, scale: 1), from: try Self.day("2025-04-01"))
    #expect(plan.rates.map(\.percent.description) == ["7.3", "6.5"])
    // 10,000.00 for 31 days at 7.3% then 30 days at 6.5%: 62.00 + 53.424657… = 115.42.
    let interest = try plan.interest(
      on: Money(minorUnits: 1_000_000, currency: .usd), from: try Self.day("2025-03-01"),
      to: try Self.day("2025-05-01"), rounding: .halfEven)
    #expect(interest.minorUnits == 11_542)
  }

  @Test func theDealersDayAccruesChargesAndTakesItFromTheGross() throws {
    let day = try DealScript()
    day.environment.today = try Self.day("2025-03-10")
    try day.run("build kart extras=winter")
    #expect(day.failure("order Q-1") != nil)  // no quote yet: nothing to order
    try day.run("quote 1 discount=5% tax=20%")
    try day.run("order Q-1 deposit=1000")
    try day.run("stock add 1 vin=1HGCM82633A004352 cost=15000 received=2025-01-15")
    try day.run("floorplan 7.3%")
    guard case .stockAging(let aging) = try day.run("stock aging").first else {
      Issue.record("no aging")
      return
    }
    // 15,000.00 × 7.3% × 54 days (2025-01-15 to 2025-03-10) / 365 = 162.00.
    #expect(aging.bands[1].interest?.minorUnits == 16_200)
    #expect(aging.total.interest?.minorUnits == 16_200)
    #expect(aging.floorPlanRate?.description == "7.3")
    day.environment.today = try Self.day("2025-03-20")
    guard case .event(.stockSold(let sale, _)) = try day.run("stock sell S-1 order=O-1").first
    else {
      Issue.record("nothing sold")
      return
    }
    // 64 days: 15,000.00 × 0.073 × 64 / 365 = 192.00 exactly.
    #expect(sale.floorPlan?.minorUnits == 19_200)
    // Net: 21,500.00 less 5% (1,075.00) = 20,425.00; gross 20,425.00 − 15,000.00 − 192.00.
    #expect(sale.price.minorUnits == 2_042_500)
    let gross = try #require(try sale.unitGross(rounding: .halfEven))
    #expect(gross.gross.minorUnits == 2_042_500 - 1_500_000 - 19_200)
    guard case .sales(let report) = try day.run("sales").first else {
      Issue.record("no report")
      return
    }
    #expect(report.gross.map(\.minorUnits) == [523_300])
    #expect(report.charged.map(\.minorUnits) == [2_042_500])
    #expect(report.tax.map(\.minorUnits) == [408_500])
    #expect(report.withoutGross == 0)
  }

  @Test func theJournalBalancesAndItsRevenueIsWhatSalesCharged() throws {
    let day = try DealScript()
    day.environment.today = try Self.day("2025-03-10")
    try day.run("floorplan 6%")
    try day.run("build kart")
    try day.run("quote 1 tax=20% customer=\"A; B\"")
    try day.run("order Q-1 deposit=500")
    try day.run("stock add 1 2 cost=12000 received=2025-02-01")
    try day.run("stock add 1")  // no cost: its lot is left out
    try day.run("stock sell S-1 order=O-1")
    try day.run("stock sell S-1 price=21000")
    try day.run("stock sell S-1 void sale=2")
    try day.run("stock sell S-2")
    guard
      case .event(.exported(let file, let count, let uncosted)) =
        try day.run("export hledger books.journal").first
    else {
      Issue.record("nothing exported")
      return
    }
    #expect(file == "books.journal" && uncosted == [2])
    let journal = try Interpreter.journal(of: day.state, on: day.environment.today)
    #expect(journal.transactions.count == count)
    var balances: [String: Int64] = [:]
    for transaction in journal.transactions {
      var sums: [Currency: Int64] = [:]
      for posting in transaction.postings {
        sums[posting.amount.currency, default: 0] += posting.amount.minorUnits
        balances[posting.account, default: 0] += posting.amount.minorUnits
      }
      #expect(sums.values.allSatisfy { $0 == 0 }, "\(transaction.description) does not balance")
    }
    guard case .sales(let report) = try day.run("sales").first else {
      Issue.record("no report")
      return
    }
    #expect(balances["revenue:sales"] == -report.charged.map(\.minorUnits).reduce(0, +))
    // 20% of 20,000.00 on the order's car; the plain sale charged no tax.
    #expect(balances["liabilities:tax:sales-tax"] == -400_000)
    // Two costed cars received, one sold: one left in its lot.
    #expect(balances["assets:inventory:S-1"] == 1_200_000)
    #expect(balances["liabilities:customer-deposits"] == 0)
    let text = try #require(
      String(bytes: day.environment.files["books.journal"] ?? [], encoding: .utf8))
    #expect(text.contains("decimal-mark ."))
    #expect(!text.contains("A; B"))  // a `;` would start an hledger comment
  }

  @Test func badRatesAndExportsAreRefusedNamingTheValue() throws {
    let day = try DealScript()
    for text in ["101%", "7.3", "-1%", "7.12345%", "x%"] {
      guard
        case .badValue("floorplan", .floorplanRate, value: text) = day.failure("floorplan \(text)")
      else {
        Issue.record("floorplan \(text) was taken")
        continue
      }
    }
    guard case .badValue("export", .exportFormat, value: "ledger") = day.failure("export ledger x")
    else {
      Issue.record("export ledger was taken")
      return
    }
    #expect(day.failure("export hledger") != nil)
    #expect(day.failure("export hledger a b") != nil)
    #expect(!day.state.floorPlan.isSet)
  }
}
