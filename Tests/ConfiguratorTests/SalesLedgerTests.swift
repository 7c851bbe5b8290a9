import Foundation
import StockValuation
import TestSupport
import Testing

@testable import Dealership
@testable import configurator

/// `stock sell`, its voids and `sales` (SPEC §12). The figures are worked out by hand from
/// the starting stock (SPEC §4) at the rate 1 USD = 0.5 GBP, where every conversion is exact.
@Suite struct SalesLedgerTests {
  private func quantity(_ number: Int, _ harness: SessionHarness) -> Int64? {
    let stock = harness.session.state.stock
    return stock.index(ofNumber: number).map { stock.lines[$0].quantity }
  }

  private func itemCount(_ harness: SessionHarness) -> Int64 {
    harness.session.state.stock.lines.reduce(0) { $0 + $1.quantity }
  }

  @Test func sellingAndVoidingKeepStockAndLedgerTotalsExact() throws {
    let harness = SessionHarness()
    try harness.run("rate GBP 0.5")
    #expect(itemCount(harness) == 26)
    // S-1: 12 VW Golf at $28,500.00; two sold at $28,000.00 each, in USD.
    try harness.run("stock sell S-1 2 price=28000 customer=Ann")
    try harness.run("currency gbp")
    // S-5: a Cadillac Escalade listed $89,990.00 = £44,995.00; sold for £40,000.00, which is
    // $80,000.00 at the rate as it applied to this car (40,000 × 89,990 / 44,995).
    try harness.run("stock sell S-5 price=40000")
    // S-3: three Porsche Boxsters at the list price, £36,450.00 each; then voided.
    try harness.run("stock sell S-3 3")
    #expect(quantity(3, harness) == 1)
    #expect(
      try harness.run("stock sell S-3 void")
        == "Voided sale 3 (3 × S-3 Porsche Boxster, £109,350.00) on "
        + "\(ProcessEnvironment().systemDate()): entry 4; 4 in stock.\n")
    #expect(quantity(1, harness) == 10)
    #expect(quantity(5, harness) == 4)
    #expect(quantity(3, harness) == 4)
    #expect(itemCount(harness) == 23)

    let ledger = harness.session.state.sales.entries
    #expect(ledger.map(\.number) == [1, 2, 3, 4])
    #expect(ledger.map(\.voids) == [nil, nil, nil, 3])
    #expect(ledger.map(\.signedQuantity) == [2, 1, 3, -3])
    #expect(ledger.map(\.stockNumber) == [1, 5, 3, 3])
    #expect(ledger[1].listPrice == Money(minorUnits: 4_499_500, currency: .gbp))
    #expect(ledger[1].price == Money(minorUnits: 4_000_000, currency: .gbp))
    #expect(ledger[1].priceUSD == Money(minorUnits: 8_000_000, currency: .usd))
    #expect(ledger[0].customer == "Ann")
    #expect(ledger[0].rate == nil)
    #expect(ledger[1].rate?.value == "0.5")

    // List: 2 × 28,500 + 89,990 + 3 × 72,900 − 3 × 72,900 = 146,990.00 USD (£73,495.00);
    // price: 2 × 28,000 + 80,000 = 136,000.00 USD (£68,000.00); 3 cars net.
    guard
      case .sales(let report) = try Interpreter(environment: ProcessEnvironment()).salesReport(
        from: nil, to: nil, currencies: [.usd, .gbp], harness.session.state)
    else {
      Issue.record("not a sales report")
      return
    }
    #expect(report.quantity == 3)
    #expect(report.saleCount == 3)
    #expect(report.voidCount == 1)
    #expect(report.totals[0].list == Money(minorUnits: 14_699_000, currency: .usd))
    #expect(report.totals[0].price == Money(minorUnits: 13_600_000, currency: .usd))
    #expect(report.totals[0].difference == Money(minorUnits: -1_099_000, currency: .usd))
    #expect(report.totals[1].list == Money(minorUnits: 7_349_500, currency: .gbp))
    #expect(report.totals[1].price == Money(minorUnits: 6_800_000, currency: .gbp))
    #expect(report.totals[1].difference == Money(minorUnits: -549_500, currency: .gbp))
    #expect(
      report.rows.map(\.charged.decimalString) == [
        "56000.00", "40000.00", "109350.00", "-109350.00",
      ])
    let text = try harness.run("sales")
    // The entries are in two currencies: the table cannot total CHARGED, the line after does
    // (56,000.00 in USD; 40,000.00 + 109,350.00 − 109,350.00 in GBP).
    #expect(
      text.hasSuffix(
        "3 cars sold (3 sales, 1 voided). Total: £68,000.00 (-£5,495.00 to list).\n"
          + "Charged: $56,000.00; £40,000.00.\n"))
    #expect(report.charged.map(\.decimalString) == ["56000.00", "40000.00"])
  }

  @Test func aVoidBringsBackASoldOutLineWithItsNumberAndSpecification() throws {
    let harness = SessionHarness()
    try harness.run("build compact suspension=firm drive=4wd")
    try harness.run("stock add 1")
    try harness.run("remove 1")
    // The line of build #1's car keeps the car after the build is gone.
    let shown = try harness.run("stock show 1")
    #expect(shown.hasPrefix("Stock number: S-6\nProduct: VW Golf (Firm, 4WD)\n"))
    #expect(shown.contains("Specification (stocked from build #1):\nCar type: VW Golf\n"))
    #expect(shown.hasSuffix("Suspension: Firm\nDrive: 4WD\nPrice: $32,150.00\n"))
    let specification = harness.session.state.stock.specifications[6]
    try harness.run("stock sell S-6")
    #expect(harness.session.state.stock.index(ofNumber: 6) == nil)
    #expect(harness.session.state.stock.specifications[6] == nil)
    try harness.run("stock sell 1 void")
    let stock = harness.session.state.stock
    #expect(stock.lines.map(\.stockNumber) == [1, 2, 3, 4, 5, 6])
    #expect(stock.lines.last?.quantity == 1)
    #expect(stock.specifications[6] == specification)
    #expect(stock.nextNumber == 7)
    // A new line gets a new number.
    try harness.run("build sports")
    #expect(try harness.run("stock add 2").contains("as S-7"))
  }

  @Test func stockNumbersAreNeverGivenAgain() throws {
    let harness = SessionHarness()
    try harness.run("stock clear")
    try harness.run("stock load Examples/sportsstore.csv")
    #expect(harness.session.state.stock.lines.map(\.stockNumber) == Array(6...14))
    try harness.run("stock load --replace Examples/sportsstore.csv")
    #expect(harness.session.state.stock.lines.map(\.stockNumber) == Array(15...23))
    #expect(harness.session.state.stock.nextNumber == 24)
  }

  @Test func aLongCarNameIsShortenedOnTheStockLine() throws {
    let harness = SessionHarness()
    try harness.run("catalog load Examples/lineup.json")
    try harness.run("build hatch suspension=firm paint=red interior=leather wheels=18in +heated")
    #expect(
      try harness.run("stock add 1")
        == "Added 1 × VW Golf (Firm, Kings Red, Vienna Leather, +2 more) to stock as S-6 "
        + "(1 in stock).\n")
  }

  @Test(arguments: [
    (
      "stock sell",
      "stock sell: missing stock number, build number or product name (usage: stock sell "
        + "S-N|N|NAME [QTY] [price=AMOUNT|order=O-K] [customer=TEXT])"
    ),
    ("stock sell S-0", "stock sell: bad stock number 'S-0' (expected S-1, S-2, ...)"),
    ("stock sell S-", "stock sell: bad stock number 'S-' (expected S-1, S-2, ...)"),
    ("stock sell s-x1", "stock sell: bad stock number 's-x1' (expected S-1, S-2, ...)"),
    (
      "stock sell S-9",
      "stock sell: no line S-9 in stock (in stock: S-1, S-2, S-3, S-4, S-5)"
    ),
    ("stock sell S-5 6", "stock sell: cannot sell 6 of S-5 'Cadillac Escalade' (5 in stock)"),
    ("stock sell S-5 0", "stock sell: bad quantity '0' (expected a whole number from 1)"),
    (
      "stock sell S-5 price=1,00",
      "stock sell: bad price '1,00' (expected an amount in USD with at most 2 decimals, "
        + "like 89990.00 or 89990.00 USD)"
    ),
    (
      "stock sell S-5 price=-5",
      "stock sell: bad price '-5' (expected an amount in USD with at most 2 decimals, "
        + "like 89990.00 or 89990.00 USD)"
    ),
    (
      "stock sell S-5 price=1.005",
      "stock sell: bad price '1.005' (expected an amount in USD with at most 2 decimals, "
        + "like 89990.00 or 89990.00 USD)"
    ),
    ("stock sell S-5 price=", "stock sell: bad price '' (expected an amount)"),
    ("stock sell S-5 price=1 price=2", "stock sell: price= is given twice"),
    (
      "stock sell S-5 colour=red",
      "stock sell: unexpected argument 'colour=red' (usage: stock sell S-N|N|NAME [QTY] "
        + "[price=AMOUNT|order=O-K] [customer=TEXT]; lines of one name are told apart by their stock "
        + "numbers (S-N, shown by 'stock'))"
    ),
    ("stock sell S-5 void", "stock sell: S-5 has no sale to void"),
    ("stock sell S-5 void sale=1", "stock sell: there is no sale 1 (the ledger is empty)"),
    ("stock sell S-5 sale=1", "stock sell: sale= goes with void: stock sell S-N void sale=K"),
    (
      "stock sell S-5 2 void",
      "stock sell: a void takes back a whole sale: no quantity, price= or customer= "
        + "(usage: stock sell S-N|N|NAME void [sale=K])"
    ),
    ("stock sell 7", "stock sell: no build #7 (there are no builds)"),
    (
      "sales from=2025-03-04 to=2025-03-01",
      "sales: from=2025-03-04 is after to=2025-03-01; no day is in between"
    ),
    ("sales from=2025-02-29", "sales: bad from date '2025-02-29' (expected a date as YYYY-MM-DD)"),
    ("sales to=2025/03/01", "sales: bad to date '2025/03/01' (expected a date as YYYY-MM-DD)"),
    ("sales from=2025-03-01 from=2025-03-02", "sales: from= is given twice"),
    ("sales gbp gbp", "sales: currency 'GBP' is given twice"),
    (
      "sales until=2025-03-01",
      "sales: unexpected argument 'until=2025-03-01' (usage: sales [from=YYYY-MM-DD] [to=YYYY-MM-DD] [CODE...])"
    ),
  ])
  func badInputIsRefusedAndChangesNothing(line: String, message: String) throws {
    let harness = SessionHarness()
    let stock = harness.session.state.stock
    #expect(harness.failure(line) == message)
    #expect(harness.session.state.stock == stock)
    #expect(harness.session.state.sales.entries.isEmpty)
  }

  @Test func voidsAreRefusedOnceUsedAndNameTheirSale() throws {
    let harness = SessionHarness()
    try harness.run("stock sell S-1")
    try harness.run("stock sell S-2")
    #expect(
      harness.failure("stock sell S-2 void sale=1")
        == "stock sell: sale 1 is of S-1 'VW Golf', not of S-2")
    try harness.run("stock sell S-1 void")
    #expect(
      harness.failure("stock sell S-1 void")
        == "stock sell: S-1 has no sale to void (every sale of it is voided already)")
    #expect(
      harness.failure("stock sell S-1 void sale=3")
        == "stock sell: entry 3 is the void of sale 1; it cannot be voided")
    #expect(harness.session.state.sales.entries.count == 3)
    let long = String(repeating: "x", count: 201)
    #expect(
      harness.failure("stock sell S-1 customer=\(long)")
        == "stock sell: bad customer '\(String(repeating: "x", count: 39))…' "
        + "(expected at most 200 characters)")
  }

  @Test func theLedgerAndStockNumbersSurviveSaveAndLoad() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let harness = SessionHarness()
    try harness.run("build compact drive=4wd")
    try harness.run("stock add 1")
    try harness.run("rate GBP 0.60338")
    try harness.run("currency gbp")
    try harness.run("stock sell S-6 price=18000 customer='Ann Lee'")
    try harness.run("stock sell S-1 2")
    try harness.run("stock sell S-1 void")
    let file = scratch.path("day.json")
    try harness.run("save \(file)")
    let other = SessionHarness()
    try other.run("load \(file)")
    #expect(other.session.state == harness.session.state)
    #expect(other.session.state.sales == harness.session.state.sales)
    #expect(other.session.state.stock.nextNumber == 7)
    #expect(try other.run("sales usd gbp") == harness.run("sales usd gbp"))
    // A second round trip writes the same bytes.
    #expect(
      SessionFile.encode(other.session.state) == SessionFile.encode(harness.session.state))
    // The sold-out line comes back on a void in the loaded session too.
    try other.run("stock sell S-6 void")
    #expect(try other.run("stock show S-6").contains("Suspension: Standard\nDrive: 4WD\n"))
  }

  @Test func anOlderFileNumbersItsLinesInOrder() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let harness = SessionHarness()
    try harness.run("stock clear")
    try harness.run("stock load Examples/sportsstore.csv")
    try harness.run("save \(scratch.path("new.json"))")
    // Version 3 had no stock numbers, no nextStock and no ledger.
    var text = try String(contentsOfFile: scratch.path("new.json"), encoding: .utf8)
    text = text.replacingOccurrences(of: #""version": 9"#, with: #""version": 3"#)
    text = text.replacingOccurrences(of: #"  "nextStock": 15,"# + "\n", with: "")
    for number in 6...14 {
      text = text.replacingOccurrences(of: "{\"number\":\(number),", with: "{")
    }
    #expect(!text.contains("\"number\":6"))
    try scratch.write(text, to: "old.json")
    let other = SessionHarness()
    try other.run("load \(scratch.path("old.json"))")
    #expect(other.session.state.stock.lines.map(\.stockNumber) == Array(1...9))
    #expect(other.session.state.stock.nextNumber == 10)
    #expect(other.session.state.sales.entries.isEmpty)
  }

  @Test(arguments: [
    (
      #"{"number":6,"name":"Kayak""#, #"{"number":7,"name":"Kayak""#,
      "stock[1].number: stock number 7 appears twice"
    ),
    (
      #""nextStock": 15"#, #""nextStock": 3"#,
      "nextStock: must be greater than every stock number, got 3 (largest: 14)"
    ),
    (
      #""quantity":10,"taxPercent":"10"}"#, #""quantity":10,"taxPercent":"10","vin":"XYZ"}"#,
      "stock[0].vin: bad VIN 'XYZ' (expected 17 letters and digits, without I, O or Q)"
    ),
    // A hand edit that makes one car ten (issue 49).
    (
      #""quantity":10,"taxPercent":"10"}"#,
      #""quantity":10,"taxPercent":"10","vin":"WVWZZZ1KZ8W000001"}"#,
      "stock[0].quantity: a line with a VIN is one car: expected 0 or 1, got 10"
    ),
  ])
  func aBadStockLineIsRefusedNamingItsPath(replace: String, with: String, message: String) throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let harness = SessionHarness()
    try harness.run("stock clear")
    try harness.run("stock load Examples/sportsstore.csv")
    var text = String(decoding: SessionFile.encode(harness.session.state), as: UTF8.self)
    #expect(text.contains(replace))
    text = text.replacingOccurrences(of: replace, with: with)
    try scratch.write(text, to: "d.json")
    let other = SessionHarness()
    #expect(
      other.failure("load \(scratch.path("d.json"))") == "\(scratch.path("d.json")): \(message)")
  }
  // Hand edits that would make `sales` report figures no sale had (issue 49). The figures:
  // sale 1 is two cars of S-1 at $28,000.00 in USD; sale 2 is S-5, listed £44,995.00 at
  // 1 USD = 0.5 GBP, sold for £40,000.00 = $80,000.00 (40,000 × 89,990 / 44,995).
  @Test(arguments: [
    (
      #""priceUSD":"80000.00""#, #""priceUSD":"90000.00""#,
      "sales[1].priceUSD: is not the price at the sale's rate (80000.00), got 90000.00"
    ),
    (
      #""rate":{"value":"0.5""#, #""rate":{"value":"0""#,
      "sales[1].rate.value: a rate must be greater than 0, got '0'"
    ),
    (
      #""priceUSD":"28000.00""#, #""priceUSD":"27000.00""#,
      "sales[0].priceUSD: a sale in USD has priceUSD equal to its price 28000.00, got 27000.00"
    ),
    (
      #""listPrice":"28500.00""#, #""listPrice":"28000.00""#,
      "sales[0].listPrice: a sale in USD lists the line's unit price 28500.00, got 28000.00"
    ),
  ])
  func aSaleWhoseFiguresDisagreeIsRefused(replace: String, with: String, message: String)
    throws
  {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let harness = SessionHarness()
    try harness.run("rate GBP 0.5")
    try harness.run("stock sell S-1 2 price=28000")
    try harness.run("currency gbp")
    try harness.run("stock sell S-5 price=40000")
    var text = String(decoding: SessionFile.encode(harness.session.state), as: UTF8.self)
    #expect(text.components(separatedBy: replace).count == 2)
    text = text.replacingOccurrences(of: replace, with: with)
    try scratch.write(text, to: "d.json")
    let other = SessionHarness()
    #expect(
      other.failure("load \(scratch.path("d.json"))") == "\(scratch.path("d.json")): \(message)")
    // Unedited, the same file loads.
    try scratch.write(
      String(decoding: SessionFile.encode(harness.session.state), as: UTF8.self), to: "e.json")
    try other.run("load \(scratch.path("e.json"))")
    #expect(other.session.state.sales == harness.session.state.sales)
  }
}
