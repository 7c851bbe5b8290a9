import Foundation
import StockValuation
import Testing

@testable import Dealership

/// `order O-K cancel [refund=AMOUNT]` (SPEC §15): the cancellation is an entry of its own,
/// never an edit; it gives back the refund, the dealer keeps the rest of the deposit, and the
/// quote may be ordered again.
@Suite struct OrderCancelTests {
  private func ordered(deposit: String = "1000") throws -> DealScript {
    let day = try DealScript()
    try day.run("build kart")
    try day.run("quote 1 customer=Ann")
    try day.run("order Q-1 deposit=\(deposit)")
    return day
  }

  @Test func aCancellationIsAnEntryAndTheDepositSplitsIntoRefundAndKept() throws {
    let day = try ordered()
    let placed = try #require(day.state.orders.entry(1))
    guard case .order(let entry) = try day.run("order O-1 cancel refund=400").first else {
      Issue.record("nothing cancelled")
      return
    }
    #expect(entry.status == "cancelled" && !entry.isOpen)
    #expect(entry.cancellation?.refund == Money(minorUnits: 40_000, currency: .usd))
    // The order itself is as it was; the cancellation was appended after it.
    #expect(day.state.orders.entry(1) == placed)
    #expect(day.state.orders.entries.count == 2 && day.state.orders.nextNumber == 2)
    let journal = try Interpreter.journal(of: day.state, on: day.environment.today)
    let cancelled = try #require(
      journal.transactions.first { $0.description.hasPrefix("Cancelled O-1") })
    #expect(
      cancelled.postings.map { "\($0.account) \($0.amount.minorUnits)" } == [
        "liabilities:customer-deposits 100000", "assets:cash -40000",
        "revenue:forfeited-deposits -60000",
      ])
    // The quote is free again: a new order, O-2.
    try day.run("order Q-1")
    #expect(day.state.orders.order(ofQuote: 1)?.number == 2)
  }

  @Test func aCancelledOrderIsNeitherSoldNorCancelledAgain() throws {
    let day = try ordered()
    try day.run("order O-1 cancel")
    #expect(day.state.orders.cancellation(of: 1)?.refund?.minorUnits == 100_000)
    try day.run("stock add 1")
    guard
      case .invalid("stock sell", .orderCancelled(order: 1, _)) = day.failure(
        "stock sell S-1 order=O-1"),
      case .invalid("order", .orderCancelled(order: 1, _)) = day.failure("order O-1 cancel")
    else {
      Issue.record("a cancelled order was sold or cancelled again")
      return
    }
    #expect(day.state.sales.entries.isEmpty)
  }

  @Test func aSoldOrderOrARefundPastTheDepositIsRefused() throws {
    let day = try ordered(deposit: "500")
    let before = day.state
    guard
      case .invalid("order", .refundPastDeposit(_, _)) = day.failure(
        "order O-1 cancel refund=500.01"),
      case .badValue("order", .deposit(.usd), "-1") = day.failure("order O-1 cancel refund=-1"),
      case .missingArgument("order", .cancel(_)) = day.failure("order O-1"),
      case .notFound("order", .order(7, known: [1])) = day.failure("order O-7 cancel")
    else {
      Issue.record("a bad cancellation went through")
      return
    }
    #expect(day.state == before)
    try day.run("stock add 1")
    try day.run("stock sell S-1 order=O-1")
    guard case .invalid("order", .orderClosed(order: 1, sale: 1)) = day.failure("order O-1 cancel")
    else {
      Issue.record("a sold order was cancelled")
      return
    }
  }
}
