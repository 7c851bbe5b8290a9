import StockValuation
import Testing

@testable import Dealership

/// Orders (SPEC §15): `order Q-K [deposit=AMOUNT]` turns a recorded quote still valid into
/// order `O-K` (numbers never reused), with the deposit in the quote's currency; `orders`
/// lists them; an unknown, expired or ordered quote and a bad deposit are refused.
@Suite struct OrderTests {
  private static func day() throws -> DealScript {
    let day = try DealScript()
    day.environment.today = CalendarDate(year: 2026, month: 11, day: 25) ?? .unixEpoch
    try day.run("rate GBP 0.60338")
    try day.run("build kart extras=winter")
    return day
  }

  @Test func aQuoteBecomesAnOrderWithItsDepositInTheQuotesCurrency() throws {
    let day = try Self.day()
    let quote = try #require(try day.quote("quote 1 gbp customer=\"Ann Lee\""))
    try day.run("quote 1")
    guard case .order(let entry) = try day.run("order Q-1 deposit=£500").first else {
      Issue.record("no order")
      return
    }
    #expect(entry.order.reference == "O-1")
    #expect(entry.order.quote == 1 && entry.quote == quote && entry.isOpen)
    #expect(entry.order.deposit == Money(minorUnits: 50_000, currency: .gbp))
    #expect(entry.order.date == CalendarDate(year: 2026, month: 11, day: 25))
    // Q-2 is in USD: a bare deposit is in USD, no deposit is none.
    guard case .order(let second) = try day.run("order q-2").first else {
      Issue.record("no second order")
      return
    }
    #expect(second.order.number == 2 && second.order.deposit == nil)
    guard case .orders(let listed) = try day.run("orders").first else {
      Issue.record("not the orders")
      return
    }
    #expect(listed.map(\.order.number) == [1, 2])
    #expect(listed.map(\.quote.number) == [1, 2])
  }

  @Test func anUnknownExpiredOrOrderedQuoteIsRefusedAndOrdersNothing() throws {
    let day = try Self.day()
    try day.run("quote 1 gbp valid=10")
    guard case .notFound("order", .quote(7, known: [1])) = day.failure("order Q-7") else {
      Issue.record("Q-7 was ordered")
      return
    }
    guard case .badValue("order", .quoteNumber, "7") = day.failure("order 7") else {
      Issue.record("7 was taken for a quote")
      return
    }
    // Valid until 2026-12-05; on the 6th it has expired.
    day.environment.today = CalendarDate(year: 2026, month: 12, day: 6) ?? .unixEpoch
    guard
      case .invalid("order", .quoteExpired(1, let until, let today)) = day.failure("order Q-1")
    else {
      Issue.record("an expired quote was ordered")
      return
    }
    #expect(until == CalendarDate(year: 2026, month: 12, day: 5))
    #expect(today == CalendarDate(year: 2026, month: 12, day: 6))
    day.environment.today = CalendarDate(year: 2026, month: 12, day: 5) ?? .unixEpoch
    try day.run("order Q-1")
    guard case .invalid("order", .quoteOrdered(quote: 1, order: 1)) = day.failure("order Q-1")
    else {
      Issue.record("a quote was ordered twice")
      return
    }
    #expect(day.state.orders.entries.count == 1)
  }

  @Test(arguments: ["€500", "500.001", "abc", "12,34"])
  func aBadDepositIsRefusedNamingIt(deposit: String) throws {
    let day = try Self.day()
    try day.run("quote 1 gbp")
    guard
      case .badValue("order", .deposit(.gbp), let value) = day.failure(
        "order Q-1 deposit=\"\(deposit)\"")
    else {
      Issue.record("\(deposit) was taken")
      return
    }
    #expect(value == deposit)
    #expect(day.state.orders.entries.isEmpty)
  }

  @Test func aDepositPastTheQuotesTotalIsRefused() throws {
    let day = try Self.day()
    // $21,500.00 × 0.60338 = £12,972.67 (no tax set): a penny more is too much.
    try day.run("quote 1 gbp")
    let total = Money(minorUnits: 1_297_267, currency: .gbp)
    guard
      case .invalid("order", .depositPastTotal(let deposit, total)) = day.failure(
        "order Q-1 deposit=12972.68 GBP")
    else {
      Issue.record("a deposit past the total was taken")
      return
    }
    #expect(deposit == Money(minorUnits: 1_297_268, currency: .gbp))
    try day.run("order Q-1 deposit=12972.67")
    #expect(day.state.orders.entries.first?.deposit == total)
  }
}
