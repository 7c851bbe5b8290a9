import Foundation
import TestSupport
import Testing

/// A dealer's day run by the binary on a store (SPEC §15, issue 46): a quote with 5% off and
/// VAT 20% in GBP, the rates moving, an order with a deposit, a car received with its VIN and
/// cost, a 7.3% floor plan, the sale from the order, `sales`, `stock aging` and
/// `export hledger`. Every figure below is worked by hand from the build's $72,900.00 list
/// price at 1 USD = 0.8 GBP:
///
/// - subtotal 72,900.00 × 0.8 = 58,320.00; 5% off 2,916.00; net 55,404.00;
///   VAT 20% 11,080.80; total 66,484.80;
/// - floor plan on 18,000.00 received 2025-01-15, sold 2025-03-20 (64 days):
///   18,000.00 × 7.3 × 64 / 36,500 = 230.40;
/// - front gross 55,404.00 − 18,000.00 − 230.40 = 37,173.60;
/// - receivable 55,404.00 + 11,080.80 − 1,000.00 deposit = 65,484.80.
@Suite struct DealersBooksTests {
  private static let script = """
    dealer Kings Motors address="12 High Street, Leeds LS1 4AB" vat=GB123456789 tax="VAT 20%"
    rate GBP 0.8
    currency GBP
    build sports
    quote 1 customer="Ann Lee" discount=5%
    rate GBP 0.9
    order Q-1 deposit=1000
    stock add 1 vin=WP0ZZZ98ZTS392145 cost=18000 received=2025-01-15
    floorplan 7.3%
    stock sell S-1 order=O-1
    """

  private func run(_ store: String, _ words: [String], stdin: String = "") throws
    -> BinaryRunner.Result
  {
    try BinaryRunner.run(
      ["--store", store] + words, stdin: stdin,
      environment: ["CONFIGURATOR_TODAY": "2025-03-20"])
  }

  @Test func theDaysFiguresAreTheOnesWorkedByHand() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = scratch.path("lot.json")
    let day = try run(store, [], stdin: Self.script)
    #expect(day.status == 0, "\(day.stderr)")
    #expect(day.stdout.contains("Total                    £66,484.80"))
    // The next run reads the store: the quote and the sale kept the quote's rate.
    let quote = try run(store, ["show", "Q-1"])
    #expect(quote.stdout.contains("VAT (20% of £55,404.00)  £11,080.80"))
    let sales = try run(store, ["--format", "json", "sales"])
    #expect(sales.stdout.contains(#""price":{"currency":"GBP","amount":"55404.00""#))
    #expect(sales.stdout.contains(#""unitFloorPlan":{"currency":"GBP","amount":"230.40""#))
    #expect(sales.stdout.contains(#""gross":[{"currency":"GBP","amount":"37173.60""#))
    #expect(sales.stdout.contains(#""tax":[{"currency":"GBP","amount":"11080.80""#))
    // Compacted into the document, the floor plan and the sale's interest stay.
    #expect(try run(store, ["save", store]).status == 0)
    let compacted = String(decoding: try scratch.bytes("lot.json"), as: UTF8.self)
    #expect(compacted.contains(#""floorPlan": [{"from":"2025-03-20","apr":"7.3"}],"#))
    #expect(try run(store, ["--format", "json", "sales"]).stdout == sales.stdout)
    let text = try run(store, ["sales"])
    #expect(text.stdout.contains("Front gross (price − cost − floor plan): £37,173.60."))
    #expect(
      try run(store, ["floorplan"]).stdout.hasPrefix("Floor plan: 7.3% a year from 2025-03-20"))
    let exported = try run(store, ["export", "hledger", scratch.path("books.journal")])
    #expect(exported.status == 0, "\(exported.stderr)")
    #expect(exported.stdout.hasPrefix("Exported 4 transactions to "))
    let journal = String(decoding: try scratch.bytes("books.journal"), as: UTF8.self)
    let balances = Self.balances(journal)
    #expect(balances["revenue:sales"] == -5_540_400)
    #expect(balances["liabilities:tax:VAT"] == -1_108_080)
    #expect(balances["assets:receivables"] == 6_548_480)
    #expect(balances["liabilities:customer-deposits"] == 0)
    #expect(balances["assets:cash"] == 100_000)
    #expect(balances["expenses:cost-of-sales"] == 1_800_000)
    #expect(balances["expenses:floor-plan-interest"] == 23_040)
    #expect(balances["assets:inventory:S-1"] == 0)
    #expect(balances.values.reduce(0, +) == 0)
  }

  @Test func aTradeInIsKeptByTheStoreAndItsCompaction() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = scratch.path("lot.json")
    let script = """
      build sports
      stock add 1 cost=60000 received=2025-03-01
      stock sell S-1 price=70000 trade=1HGCM82633A004352 acv=6000 allowance=7000
      """
    let day = try run(store, [], stdin: script)
    #expect(day.status == 0, "\(day.stderr)")
    #expect(
      day.stdout.contains(
        "Took in trade VIN 1HGCM82633A004352 as S-2 at $6,000.00 (allowance $7,000.00, "
          + "over-allowance $1,000.00)."))
    let sales = try run(store, ["--format", "json", "sales"]).stdout
    #expect(sales.contains(#""tradeIn":{"vin":"1HGCM82633A004352","stockNumber":"S-2","#))
    // 70,000.00 − 60,000.00 − 1,000.00 over-allowance.
    #expect(sales.contains(#""gross":[{"currency":"USD","amount":"9000.00""#))
    #expect(try run(store, ["save", store]).status == 0)
    #expect(try run(store, ["--format", "json", "sales"]).stdout == sales)
    let stock = try run(store, ["stock"]).stdout
    #expect(stock.contains("S-2  used      Trade-in (sale 1)  1HGCM82633A004352    1   $6,000.00"))
    #expect(try run(store, ["stock", "sell", "S-1", "void"]).status == 0)
    #expect(!(try run(store, ["stock"]).stdout.contains("Trade-in")))
  }

  @Test func aCancelledOrderIsKeptByTheStoreAsAnEntryOfItsOwn() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = scratch.path("lot.json")
    let day = try run(
      store, [],
      stdin: "build sports\nquote 1\norder Q-1 deposit=1000\norder O-1 cancel refund=250\n")
    #expect(day.status == 0, "\(day.stderr)")
    let orders = try run(store, ["--format", "csv", "orders"]).stdout
    #expect(orders.contains(",cancelled,"))
    #expect(try run(store, ["save", store]).status == 0)
    let compacted = String(decoding: try scratch.bytes("lot.json"), as: UTF8.self)
    #expect(compacted.contains(#""cancel":true,"refund":"250.00""#))
    #expect(try run(store, ["--format", "csv", "orders"]).stdout == orders)
    #expect(
      try run(store, ["order", "O-1", "cancel"]).stderr.contains("was cancelled on 2025-03-20"))
  }

  @Test func anExportIsRefusedOverTheStoreAndABadRateNamesItself() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = scratch.path("lot.json")
    #expect(try run(store, ["floorplan", "7.3%"]).status == 0)
    let before = try scratch.bytes("lot.json")
    let over = try run(store, ["export", "hledger", store])
    #expect(over.status != 0)
    #expect(over.stderr.contains("export"))
    #expect(try scratch.bytes("lot.json") == before)
    let bad = try run(store, ["floorplan", "7,3%"])
    #expect(bad.status != 0)
    #expect(
      bad.stderr
        == "configurator: floorplan: bad floor plan rate '7,3%' (expected a yearly percent from "
        + "0% to 100% like 7.3%)\n")
  }

  /// Each account's balance in minor units, read from the journal's text: a posting is an
  /// indented account, two blanks or more, then an amount with two decimals and its code.
  private static func balances(_ journal: String) -> [String: Int64] {
    var balances: [String: Int64] = [:]
    for line in journal.split(separator: "\n") where line.hasPrefix("    ") {
      let parts = line.split(separator: " ", omittingEmptySubsequences: true)
      guard parts.count == 3, let amount = Decimal(string: String(parts[1])) else { continue }
      let cents = NSDecimalNumber(decimal: amount * 100).int64Value
      balances[String(parts[0]), default: 0] += cents
    }
    return balances
  }
}
