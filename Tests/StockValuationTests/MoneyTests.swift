import Testing

@testable import StockValuation

@Suite struct MoneyTests {
  @Test(arguments: [
    ("48.95", Int64(4895)), ("0.60", 60), ("10", 1000), ("12.5", 1250), ("0", 0),
    ("007.10", 710), ("92233720368547758.07", Int64.max),
  ])
  func parsesExactDecimals(text: String, minorUnits: Int64) throws {
    #expect(try Money(parsing: text, currency: .usd).minorUnits == minorUnits)
  }

  @Test(arguments: [
    "1,234.56", "12abc", "-1", "NaN", "1e3", "", " 1", "1 ", "+1", "1.", ".5",
    "inf", "1..2", "1.2.3", "٣", "0x10", "-",
  ])
  func rejectsEverythingElse(text: String) {
    #expect(throws: MoneyError.badNumber(text)) {
      try Money(parsing: text, currency: .usd)
    }
  }

  @Test func acceptsNegativesOnlyWhenAsked() throws {
    #expect(try Money(parsing: "-5.25", currency: .usd, allowingNegative: true).minorUnits == -525)
    #expect(throws: MoneyError.badNumber("--5")) {
      try Money(parsing: "--5", currency: .usd, allowingNegative: true)
    }
  }

  @Test func refusesMoreDecimalsThanTheCurrencyHas() {
    #expect(throws: MoneyError.tooManyDecimals("1.234", allowed: 2)) {
      try Money(parsing: "1.234", currency: .usd)
    }
    #expect(throws: MoneyError.tooManyDecimals("1235.0", allowed: 0)) {
      try Money(parsing: "1235.0", currency: .jpy)
    }
  }

  @Test func refusesAmountsBeyondInt64() {
    #expect(throws: MoneyError.outOfRange("92233720368547758.08")) {
      try Money(parsing: "92233720368547758.08", currency: .usd)
    }
    #expect(throws: MoneyError.outOfRange("99999999999999999999")) {
      try Money(parsing: "99999999999999999999", currency: .jpy)
    }
  }

  @Test func threeDigitCurrenciesParseToFils() throws {
    let dinar = try Currency(code: "BHD")
    #expect(try Money(parsing: "1.234", currency: dinar).minorUnits == 1234)
    #expect(Money(minorUnits: 1234, currency: dinar).decimalString == "1.234")
  }

  @Test(arguments: [
    (Int64(24_636_243), "246362.43"), (-500, "-5.00"), (5, "0.05"), (0, "0.00"),
    (Int64.min, "-92233720368547758.08"),
  ])
  func decimalStringIsExact(minorUnits: Int64, text: String) {
    #expect(Money(minorUnits: minorUnits, currency: .usd).decimalString == text)
  }

  @Test func arithmeticAtTheInt64LimitsIsAnErrorNotATrap() throws {
    let max = Money(minorUnits: .max, currency: .usd)
    let min = Money(minorUnits: .min, currency: .usd)
    let cent = Money(minorUnits: 1, currency: .usd)
    #expect(throws: MoneyError.self) { try max.adding(cent) }
    #expect(throws: MoneyError.self) { try min.subtracting(cent) }
    #expect(throws: MoneyError.self) { try max.multiplied(by: 2) }
    #expect(throws: MoneyError.self) { try min.multiplied(by: -1) }
    #expect(throws: MoneyError.self) { try min.negated() }
    #expect(try max.subtracting(cent).minorUnits == .max - 1)
    #expect(try max.negated().minorUnits == -.max)
  }

  @Test func mixingCurrenciesIsAnError() {
    #expect(throws: MoneyError.currencyMismatch(expected: "USD", actual: "GBP")) {
      try Money.zero(.usd).adding(.zero(.gbp))
    }
  }

  @Test func lineValueOverflowIsAnError() throws {
    let line = try StockLine(
      name: "Huge", category: "x", unitPrice: Money(minorUnits: .max, currency: .usd),
      quantity: .max, taxPercent: ExactDecimal(significand: 10, scale: 0))
    #expect(throws: MoneyError.self) { try line.exactValue() }
    let big = try StockLine(
      name: "Big", category: "x", unitPrice: Money(minorUnits: .max, currency: .usd),
      quantity: 2)
    let exact = try big.exactValue()
    #expect(throws: MoneyError.self) { try exact.rounded() }
  }

  @Test func exactDecimalsCompareByValue() throws {
    #expect(try ExactDecimal(parsing: "1.50") == ExactDecimal(parsing: "1.5"))
    #expect(try ExactDecimal(parsing: "399.50").description == "399.50")
    #expect(try ExactDecimal(parsing: "-2.5").significand == -25)
    #expect(throws: MoneyError.badNumber("1e3")) { try ExactDecimal(parsing: "1e3") }
  }

  @Test func stockLinesRefuseBadValues() {
    let price = Money(minorUnits: 100, currency: .usd)
    #expect(throws: StockError.negativeQuantity(-1)) {
      try StockLine(name: "a", category: "b", unitPrice: price, quantity: -1)
    }
    #expect(throws: StockError.self) {
      try StockLine(
        name: "a", category: "b", unitPrice: price, quantity: 1,
        taxPercent: ExactDecimal(significand: 123_456, scale: 5))
    }
    #expect(throws: StockError.self) {
      try StockLine(
        name: "a", category: "b", unitPrice: Money(minorUnits: -1, currency: .usd),
        quantity: 1)
    }
  }
}
