import Foundation
import StockValuation
import Testing

@testable import Dealership
@testable import configurator

/// Issue 49: a sale whose figures would make the ledger's totals too large to add up is
/// refused at the sale, naming the price, so `sales` can always report the ledger.
@Suite struct SalesLedgerRoomTests {
  /// Half of what money can hold, in dollars: one sale fits, two do not.
  static let half = "50000000000000000"

  @Test func aSecondHugeSaleIsRefusedAndSalesStillAddsUp() throws {
    let harness = SessionHarness()
    try harness.run("stock sell S-1 price=\(Self.half)")
    let before = harness.session.state
    let error = harness.failure("stock sell S-1 price=\(Self.half)")
    #expect(
      error?.hasPrefix(
        "stock sell: price 50000000000000000.00 USD would make the sales ledger's totals too "
          + "large to add up (overflow") == true)
    #expect(harness.session.state == before)
    let report = try harness.run("sales")
    #expect(report.contains("1 car sold (1 sale). Total: $50,000,000,000,000,000.00"))
    // A void counts as much again: refused the same way, so the report still adds up.
    #expect(harness.failure("stock sell S-1 void")?.contains("too large to add up") == true)
    #expect(try harness.run("sales").contains("1 car sold (1 sale)"))
  }

  @Test func theSessionCurrencyMustHoldTheTotalsToo() throws {
    let harness = SessionHarness()
    try harness.run("rate JPY 1000")
    try harness.run("currency jpy")
    // ¥5,000,000,000,000,000 = $5,000,000,000,000 each: the yen total of two sales passes
    // what money can hold (the dollar total does not).
    try harness.run("stock sell S-1 price=5000000000000000000")
    #expect(
      harness.failure("stock sell S-1 price=5000000000000000000")?.contains(
        "would make the sales ledger's totals too large to add up") == true)
    #expect(try harness.run("sales").contains("1 car sold (1 sale)"))
  }

  @Test func ordinarySalesAreNotRefused() throws {
    let harness = SessionHarness()
    for _ in 0..<12 { try harness.run("stock sell S-1") }
    #expect(try harness.run("sales").contains("12 cars sold (12 sales)"))
  }
}
