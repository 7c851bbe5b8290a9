import Foundation
import StockValuation
import Testing

@testable import Dealership

/// Trade-ins (SPEC §15): `stock sell … trade=VIN acv=AMOUNT allowance=AMOUNT` takes the
/// customer's car into stock as a used car costing its actual cash value; the allowance
/// beyond it (the over-allowance) is taken from the sale's gross; a void gives the car back.
/// The kart of ``DealScript`` lists at $21,500.00 with its winter package.
@Suite struct TradeInTests {
  private static let vin = "1HGCM82633A004352"

  private func sold(_ day: DealScript, _ line: String) throws -> Sale? {
    guard case .event(.stockSold(let sale, _)) = try day.run(line).first else { return nil }
    return sale
  }

  @Test func theTradeInEntersStockAtItsCashValueAndItsOverAllowanceLeavesTheGross() throws {
    let day = try DealScript()
    try day.run("build kart extras=winter")
    try day.run("stock add 1 cost=15000")
    let sale = try #require(
      try sold(day, "stock sell S-1 price=21000 trade=\(Self.vin) acv=4000 allowance=5500"))
    let trade = try #require(sale.tradeIn)
    #expect(trade.stockNumber == 2 && trade.vin == Self.vin)
    #expect(trade.acv.minorUnits == 400_000 && trade.allowance.minorUnits == 550_000)
    let line = try #require(day.state.stock.lines.first { $0.vin == Self.vin })
    #expect(line.stockNumber == 2 && line.category == "used" && line.quantity == 1)
    #expect(line.cost == Money(minorUnits: 400_000, currency: .usd))
    #expect(line.unitPrice == Money(minorUnits: 400_000, currency: .usd))
    // By hand: 21,000.00 − 15,000.00 cost − 0 floor plan − (5,500.00 − 4,000.00) = 4,500.00.
    let gross = try #require(try sale.unitGross(rounding: .halfEven))
    #expect(gross.overAllowance.minorUnits == 150_000)
    #expect(gross.gross.minorUnits == 450_000)
    let journal = try Interpreter.journal(of: day.state, on: day.environment.today)
    var balances: [String: Int64] = [:]
    for transaction in journal.transactions {
      #expect(transaction.postings.map(\.amount.minorUnits).reduce(0, +) == 0)
      for posting in transaction.postings {
        balances[posting.account, default: 0] += posting.amount.minorUnits
      }
    }
    // The customer owes the price less the allowance; the trade-in's lot is its ACV, entered
    // by the sale (no receipt of its own); the over-allowance is the deal's expense.
    let owed: Int64 = 2_100_000 - 550_000
    #expect(balances["assets:receivables"] == owed)
    #expect(balances["assets:inventory:S-2"] == 400_000)
    #expect(balances["expenses:trade-in-over-allowance"] == 150_000)
    #expect(journal.transactions.filter { $0.description.hasPrefix("Received S-2") }.isEmpty)
  }

  @Test func anAllowanceBelowTheCashValueAddsToTheGross() throws {
    let day = try DealScript()
    try day.run("build kart")
    try day.run("stock add 1 cost=15000")
    let sale = try #require(
      try sold(day, "stock sell S-1 trade=\(Self.vin) acv=5000 allowance=$4,200.00"))
    // 20,000.00 − 15,000.00 − (4,200.00 − 5,000.00) = 5,800.00.
    #expect(try sale.unitGross(rounding: .halfEven)?.gross.minorUnits == 580_000)
  }

  @Test func aVoidGivesTheCarBackUnlessItWasSoldOn() throws {
    let day = try DealScript()
    try day.run("build kart")
    try day.run("stock add 1 cost=15000")
    try day.run("stock sell S-1 trade=\(Self.vin) acv=4000 allowance=4000")
    try day.run("stock sell S-2 price=4800")  // the trade-in, sold on
    guard
      case .invalid("stock sell", .tradeInGone(sale: 1, stockNumber: 2)) = day.failure(
        "stock sell S-1 void")
    else {
      Issue.record("the void of a sale whose trade-in was sold on went through")
      return
    }
    #expect(day.state.sales.entries.count == 2)
    try day.run("stock sell S-2 void")
    try day.run("stock sell S-1 void")
    #expect(day.state.stock.lines.map(\.stockNumber) == [1])
    #expect(day.state.stock.lines.allSatisfy { $0.vin != Self.vin })
  }

  @Test func badTradeInsAreRefusedAndChangeNothing() throws {
    let day = try DealScript()
    try day.run("build kart")
    try day.run("stock add 1 2 cost=15000")
    try day.run("stock add 1 vin=\(Self.vin)")
    let before = day.state
    let lines: [(String, (CommandError) -> Bool)] = [
      (
        "stock sell S-1 trade=WP0ZZZ98ZTS392145 acv=4000",
        { if case .invalid(_, .tradeInIncomplete) = $0 { true } else { false } }
      ),
      (
        "stock sell S-1 acv=4000 allowance=4000",
        { if case .invalid(_, .tradeInIncomplete) = $0 { true } else { false } }
      ),
      (
        "stock sell S-1 trade=NOTAVIN acv=1 allowance=1",
        { if case .badValue(_, .vin, "NOTAVIN") = $0 { true } else { false } }
      ),
      (
        "stock sell S-1 trade=WP0ZZZ98ZTS392145 acv=-1 allowance=1",
        { if case .badValue(_, .tradeInAmount("acv"), "-1") = $0 { true } else { false } }
      ),
      (
        "stock sell S-1 trade=WP0ZZZ98ZTS392145 acv=1 allowance=1.234",
        { if case .badValue(_, .tradeInAmount("allowance"), "1.234") = $0 { true } else { false } }
      ),
      (
        "stock sell S-1 trade=WP0ZZZ98ZTS392145 acv=1 allowance=£1",
        { if case .badValue(_, .tradeInAmount("allowance"), "£1") = $0 { true } else { false } }
      ),
      // Each key once: a second trade= or acv= is refused, not taken over the first.
      (
        "stock sell S-1 trade=WP0ZZZ98ZTS392145 trade=WP0ZZZ98ZTS392146 acv=1 allowance=1",
        { if case .invalid(_, .keyTwice("trade")) = $0 { true } else { false } }
      ),
      (
        "stock sell S-1 trade=WP0ZZZ98ZTS392145 acv=1 acv=2 allowance=1",
        { if case .invalid(_, .keyTwice("acv")) = $0 { true } else { false } }
      ),
      (
        "stock sell S-1 trade=WP0ZZZ98ZTS392145 acv=1 allowance=1 allowance=2",
        { if case .invalid(_, .keyTwice("allowance")) = $0 { true } else { false } }
      ),
      (
        "stock sell S-1 2 trade=WP0ZZZ98ZTS392145 acv=1 allowance=1",
        { if case .invalid(_, .tradeInOfOneCar(2)) = $0 { true } else { false } }
      ),
      (
        "stock sell S-1 trade=\(Self.vin) acv=1 allowance=1",
        {
          if case .invalid(_, .vinTaken(Self.vin, stockNumber: 2, sale: nil)) = $0 {
            true
          } else {
            false
          }
        }
      ),
      (
        "stock sell S-2 trade=\(Self.vin) acv=1 allowance=1",
        {
          if case .invalid(_, .vinTaken(Self.vin, stockNumber: 2, sale: nil)) = $0 {
            true
          } else {
            false
          }
        }
      ),
    ]
    for (line, expected) in lines {
      let failure = day.failure(line)
      #expect(failure.map(expected) == true, "\(line): \(String(describing: failure))")
      #expect(day.state == before, "\(line) changed the session")
    }
  }
}
