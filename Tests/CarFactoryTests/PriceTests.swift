import Testing

@testable import CarFactory

/// ``Price``: exact cents, strict parsing of catalog amounts, US formatting for logs and tests.
@Suite struct PriceTests {
  struct Parsed: Sendable, CustomTestStringConvertible {
    let text: String
    let cents: Int64

    var testDescription: String { "\"\(text)\"" }
  }

  static let valid: [Parsed] = [
    Parsed(text: "0", cents: 0),
    Parsed(text: "0.00", cents: 0),
    Parsed(text: "0.05", cents: 5),
    Parsed(text: "0.5", cents: 50),
    Parsed(text: "1", cents: 100),
    Parsed(text: "1250.5", cents: 125_050),
    Parsed(text: "1250.50", cents: 125_050),
    Parsed(text: "28500", cents: 2_850_000),
    Parsed(text: "72900.00", cents: 7_290_000),
    Parsed(text: "89990.00", cents: 8_999_000),
    Parsed(text: "007.10", cents: 710),
    Parsed(text: "92233720368547758.07", cents: .max),
  ]

  @Test(arguments: valid)
  func parsesPlainDecimalAmounts(_ parsed: Parsed) {
    #expect(Price(dollars: parsed.text) == Price(cents: parsed.cents))
  }

  @Test(arguments: [
    "", ".", ".5", "5.", "1,000.00", "12abc", "-5", "+5", "1.234", "1e3", " 5", "5 ", "NaN",
    "1..2", "1.2.3", "$5", "５", "92233720368547758.08", "99999999999999999999",
  ])
  func refusesAnythingElse(_ text: String) {
    #expect(Price(dollars: text) == nil)
  }

  @Test func parsesASubstring() {
    let line = "price=41000.99;"
    let amount = line.dropFirst(6).dropLast()
    #expect(Price(dollars: amount) == Price(cents: 4_100_099))
  }

  struct Formatted: Sendable, CustomTestStringConvertible {
    let cents: Int64
    let text: String

    var testDescription: String { text }
  }

  static let formatted: [Formatted] = [
    Formatted(cents: 0, text: "$0.00"),
    Formatted(cents: 5, text: "$0.05"),
    Formatted(cents: 10, text: "$0.10"),
    Formatted(cents: 100, text: "$1.00"),
    Formatted(cents: 99_999, text: "$999.99"),
    Formatted(cents: 100_000, text: "$1,000.00"),
    Formatted(cents: 125_000, text: "$1,250.00"),
    Formatted(cents: 2_850_000, text: "$28,500.00"),
    Formatted(cents: 3_215_000, text: "$32,150.00"),
    Formatted(cents: 7_655_000, text: "$76,550.00"),
    Formatted(cents: 8_999_000, text: "$89,990.00"),
    Formatted(cents: 10_000_000, text: "$100,000.00"),
    Formatted(cents: 123_456_789, text: "$1,234,567.89"),
    Formatted(cents: -125_050, text: "-$1,250.50"),
    Formatted(cents: -5, text: "-$0.05"),
    Formatted(cents: .max, text: "$92,233,720,368,547,758.07"),
    Formatted(cents: .min, text: "-$92,233,720,368,547,758.08"),
  ]

  @Test(arguments: formatted)
  func describesInUSNotation(_ formatted: Formatted) {
    #expect(Price(cents: formatted.cents).description == formatted.text)
  }

  @Test(arguments: valid)
  func descriptionOfAParsedAmountParsesBackAfterRemovingTheSymbolAndCommas(_ parsed: Parsed) throws
  {
    let price = try #require(Price(dollars: parsed.text))
    let plain = price.description.dropFirst().filter { $0 != "," }
    #expect(Price(dollars: plain) == price)
  }

  @Test func addingReportsOverflowAsNil() {
    #expect(Price(cents: 2_850_000).adding(Price(cents: 125_000)) == Price(cents: 2_975_000))
    #expect(Price(cents: .max).adding(Price(cents: 1)) == nil)
    #expect(Price(cents: .max).adding(.zero) == Price(cents: .max))
  }

  @Test func ordersByAmount() {
    #expect(Price(cents: 2_850_000) < Price(cents: 7_290_000))
    #expect(!(Price.zero < Price.zero))
    #expect(
      [Price(cents: 3), .zero, Price(cents: 1)].sorted() == [
        .zero, Price(cents: 1), Price(cents: 3),
      ])
  }
}
