import Foundation
import StockValuation
import Testing

@testable import Dealership
@testable import configurator

/// `quote`, `dealer` and `compare` (SPEC §9, §12). Amounts are worked out by hand from the
/// models' prices (SPEC §2, Examples/lineup.json) and the rate set.
@Suite struct DealerQuoteTests {
  @Test func quoteConvertsEachLineSoTheyAddUpToTheTotalConvertedOnce() throws {
    let harness = SessionHarness()
    try harness.run("build sports drive=4wd")
    try harness.run("rate GBP 0.60338")
    let text = try harness.run("quote 1 gbp")
    // 72,900.00 × 0.60338 = 43,986.4020 → £43,986.40; the whole 76,550.00 × 0.60338 =
    // 46,188.7390 → £46,188.74, so the 4WD line is 46,188.74 − 43,986.40 = 2,202.34 (its own
    // conversion, 2,202.337, rounds to the same here).
    #expect(Self.squeezed(text).contains("Base price £43,986.40\n"))
    #expect(Self.squeezed(text).contains("Drive: 4WD £2,202.34\n"))
    // A standard part adds nothing and says so, never £0.00 (SPEC §15).
    #expect(Self.squeezed(text).contains("Floorplan: Short standard\n"))
    #expect(!text.contains("£0.00"))
    #expect(Self.squeezed(text).contains("Total £46,188.74\n"))
    #expect(!text.contains("drive=4wd"))
    // The customer's text has no rate, rounding or USD cost basis: the JSON keeps them.
    #expect(!text.contains("USD") && !text.contains("rounding") && !text.contains("$"))
    let dealer = SessionHarness(format: .json)
    try dealer.run("build sports drive=4wd")
    try dealer.run("rate GBP 0.60338")
    let json = try dealer.run("quote 1 gbp")
    #expect(json.contains(#""rounding":"half-even""#) && json.contains(#""usdPrice":"#))
    #expect(json.contains(#""rate":{"#))
    // In USD the lines are the list prices.
    let usd = try harness.run("quote 1")
    #expect(Self.squeezed(usd).contains("Drive: 4WD $3,650.00\n"))
    #expect(Self.squeezed(usd).hasSuffix("Total $76,550.00\n"))
  }

  @Test func discountAndTaxComeAfterTheLinesEachRoundedOnce() throws {
    let harness = SessionHarness()
    try harness.run("build sports drive=4wd")
    try harness.run("rate GBP 0.60338")
    let text = try harness.run("quote 1 gbp discount=5% tax=20%")
    // 5% of 46,188.74 = 2,309.437 → 2,309.44; 46,188.74 − 2,309.44 = 43,879.30;
    // 20% of it = 8,775.86; total 43,879.30 + 8,775.86 = 52,655.16.
    #expect(Self.squeezed(text).contains("Subtotal £46,188.74\n"))
    #expect(Self.squeezed(text).contains("Discount (5%) -£2,309.44\n"))
    #expect(Self.squeezed(text).contains("Tax (20% of £43,879.30) £8,775.86\n"))
    #expect(Self.squeezed(text).contains("Total £52,655.16\n"))
    // An amount off, in the quote currency: 46,188.74 − 188.74 = 46,000.00; 7.5% tax =
    // 3,450.00; total 49,450.00.
    let amount = try harness.run("quote 1 gbp discount=188.74 tax=7.5%")
    #expect(Self.squeezed(amount).contains("Discount -£188.74\n"))
    #expect(Self.squeezed(amount).contains("Tax (7.5% of £46,000.00) £3,450.00\n"))
    #expect(Self.squeezed(amount).contains("Total £49,450.00\n"))
  }

  @Test func packagesListWhatTheyIncludeUnderThemByName() throws {
    let harness = SessionHarness()
    try harness.run("catalog load Examples/lineup.json")
    try harness.run("build hatch extras=sport extras=winter")
    let text = try harness.run("quote 1")
    // 29,900.00 base + 490.00 winter + 2,150.00 sport; firm suspension, sport cloth and
    // 18-inch wheels come with the sport package, the heated seats and wheel with winter.
    let expected = """
      Winter package              $490.00
        Heated front seats       included
        Heated steering wheel    included
      Sport package             $2,150.00
        Suspension: Firm         included
        Interior: Sport Cloth    included
        Wheels: 18-inch Alloy    included
      Total                    $32,540.00

      """
    #expect(text.contains(expected))
    #expect(!text.contains("="))
  }

  @Test func dealerCustomerDateAndValidityHeadTheQuote() throws {
    let harness = SessionHarness()
    #expect(try harness.run("dealer") == "No dealer name set (dealer NAME sets it).\n")
    #expect(try harness.run("dealer Kings  Motors") == "Dealer set to Kings Motors.\n")
    try harness.run("build compact")
    let quote = try Self.quote("quote 1 customer=\"Ann Lee\" valid=10", harness)
    #expect(quote.dealer?.name == "Kings Motors")
    #expect(quote.customer == "Ann Lee")
    #expect(quote.validDays == 10)
    #expect(quote.validUntil == quote.date.adding(days: 10))
    let text = try harness.run("quote 1 customer=\"Ann Lee\"")
    #expect(text.contains("\nDealer: Kings Motors\nCustomer: Ann Lee\nDate: "))
    #expect(text.contains(" (30 days)\n"))
  }

  @Test func calendarDaysCrossMonthsYearsAndLeapDays() {
    let date = CalendarDate(year: 2028, month: 2, day: 20)
    #expect(date?.adding(days: 10)?.description == "2028-03-01")
    #expect(
      CalendarDate(year: 2026, month: 12, day: 25)?.adding(days: 30)?.description == "2027-01-24")
    #expect(CalendarDate(year: 9999, month: 12, day: 31)?.adding(days: 1) == nil)
  }

  @Test func percentagesRoundOnceByTheRule() throws {
    let amount = Money(minorUnits: 4_618_874, currency: .gbp)
    let five = try ExactDecimal(parsing: "5")
    #expect(try amount.percentage(five, rounding: .halfEven).minorUnits == 230_944)
    // 2.5% of 1.00 = 0.025: a tie, to even (0.02) or up (0.03).
    let one = Money(minorUnits: 100, currency: .gbp)
    let tie = try ExactDecimal(parsing: "2.5")
    #expect(try one.percentage(tie, rounding: .halfEven).minorUnits == 2)
    #expect(try one.percentage(tie, rounding: .halfUp).minorUnits == 3)
    #expect(try one.percentage(try ExactDecimal(parsing: "100"), rounding: .halfEven) == one)
  }

  @Test(arguments: [
    ("quote 1 discount=120%", "quote: bad discount '120%'"),
    ("quote 1 discount=-5", "quote: bad discount '-5'"),
    ("quote 1 discount=5%%", "quote: bad discount '5%%'"),
    ("quote 1 discount=0.00001%", "quote: bad discount '0.00001%'"),
    ("quote 1 discount=1e3", "quote: bad discount '1e3'"),
    ("quote 1 tax=abc", "quote: bad tax 'abc'"),
    ("quote 1 tax=20", "quote: bad tax '20' (expected a percent like 20%)"),
    ("quote 1 tax=-1%", "quote: bad tax '-1%'"),
    ("quote 1 valid=0", "quote: bad validity '0' (expected days from 1 to 365)"),
    ("quote 1 valid=366", "quote: bad validity '366'"),
    ("quote 1 valid=99999999999999999999", "quote: bad validity '99999999999999999999'"),
    ("quote 1 valid=+3", "quote: bad validity '+3'"),
    ("quote 1 XYZ", "quote: unknown currency 'XYZ'"),
    ("quote 1 gbp eur", "quote: unexpected argument 'eur'"),
    ("quote 1 customer=\"a\tb\"", "quote: bad customer (contains a control character) 'a\\tb'"),
    ("quote 1 customer=", "quote: bad customer (is empty) ''"),
    ("quote 1 tax=5% tax=6%", "quote: 'tax=' is given twice"),
    ("quote 1 colour=red", "quote: unexpected argument 'colour=red'"),
    ("quote 1 jpy discount=0.5", "quote: bad discount '0.5' (expected an amount in JPY"),
    (
      "quote 1 discount=99999", "quote: discount 99999.00 USD is more than the quote's 28500.00 USD"
    ),
    ("dealer \"a\u{1B}[2Jb\"", "dealer: bad name (contains a control character)"),
  ])
  func badQuoteInputIsNamed(line: String, message: String) throws {
    let harness = SessionHarness()
    try harness.run("build compact")
    let failure = harness.failure(line)
    #expect(failure?.hasPrefix(message) == true, "\(failure ?? "no failure")")
  }

  @Test func compareShowsWhatDiffersAndThePriceDifference() throws {
    let harness = SessionHarness()
    try harness.run("build sports drive=4wd")
    try harness.run("build sports")
    let text = try harness.run("compare 1 2")
    #expect(text.contains("drive  4WD         Rear\n"))
    #expect(!text.contains("suspension"))
    #expect(text.hasSuffix("Difference #2 - #1: -$3,650.00\n"))
    #expect(try harness.run("compare 1 1").contains("Same values."))
  }

  @Test func refusalsNameTheBadValue() {
    let harness = SessionHarness()
    #expect(harness.failure("quote")?.contains("missing build number") == true)
    #expect(harness.failure("quote 4")?.contains("no build #4") == true)
    #expect(harness.failure("compare 1")?.contains("expected two build numbers") == true)
    #expect(harness.failure("compare 1 2")?.contains("no build #1") == true)
    // The words are read before the builds are looked up: a bad number is named first.
    #expect(harness.failure("compare 1 x")?.contains("bad build number 'x'") == true)
    _ = try? harness.run("build sports")
    #expect(harness.failure("quote 1 xyz")?.hasPrefix("quote: unknown currency 'xyz'") == true)
    #expect(harness.failure("compare 1 x")?.contains("bad build number 'x'") == true)
  }

  @Test func jsonAndCSVQuotesCarryExactAmounts() throws {
    let harness = SessionHarness(format: .json)
    try harness.run("build sports drive=4wd")
    try harness.run("build compact")
    try harness.run("rate GBP 0.60338")
    let line = try harness.run("quote 1 gbp discount=5% tax=20%")
    let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    #expect(object?["type"] as? String == "quote")
    let total = object?["total"] as? [String: Any]
    #expect(total?["amount"] as? String == "52655.16")
    #expect((object?["lines"] as? [Any])?.count == 4)
    let comparison = try harness.run("compare 1 2")
    #expect(comparison.hasPrefix(#"{"type":"comparison""#))
    let csv = SessionHarness(format: .csv)
    try csv.run("build sports drive=4wd")
    try csv.run("rate GBP 0.60338")
    let table = try csv.run("quote 1 gbp tax=20%")
    #expect(
      table.contains("build,kind,item,amount,currency,percent\n1,line,Base price,43986.40,GBP,\n"))
    #expect(table.hasSuffix("1,tax,Tax,9237.75,GBP,20\n1,total,Total,55426.49,GBP,\n"))
  }

  /// Text with runs of blanks as one, so expectations do not depend on column widths.
  static func squeezed(_ text: String) -> String {
    text.replacing(#/ {2,}/#, with: " ")
  }

  /// The quote a line makes, as the interpreter returns it.
  static func quote(_ line: String, _ harness: SessionHarness) throws -> Quote {
    var words = line.split(separator: " ").map(String.init)
    // The harness's tokenizer takes quotes off; here only `customer="Ann Lee"` has them.
    if let index = words.firstIndex(where: { $0.hasPrefix("customer=\"") }) {
      words[index] =
        words[index].replacingOccurrences(of: "\"", with: "") + " "
        + words[index + 1].replacingOccurrences(of: "\"", with: "")
      words.remove(at: index + 1)
    }
    let list = WordList()
    list.set(words)
    let invocation = try Invocation(words: list, catalogs: harness.session.state.catalogs)
    guard case .quote(let request) = invocation,
      case .quote(let quote) = try Interpreter(environment: ProcessEnvironment()).quote(
        request, harness.session.state)
    else { throw CommandError.alreadyReported }
    return quote
  }
}
