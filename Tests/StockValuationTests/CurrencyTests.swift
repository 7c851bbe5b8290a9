import Testing

@testable import StockValuation

@Suite struct CurrencyTests {
  @Test(arguments: [
    ("USD", 840, 2), ("GBP", 826, 2), ("EUR", 978, 2), ("JPY", 392, 0), ("ISK", 352, 0),
    ("KRW", 410, 0), ("HUF", 348, 2), ("IDR", 360, 2), ("BHD", 48, 3), ("KWD", 414, 3),
    ("JOD", 400, 3),
  ])
  func tableHasIsoMinorUnits(code: String, numeric: Int, minorUnits: Int) throws {
    let currency = try Currency(code: code)
    #expect(currency.numericCode == numeric)
    #expect(currency.minorUnits == minorUnits)
  }

  @Test func everyCurrencyOfTheRateTableIsKnown() {
    let codes = Set(Currency.all.map(\.code))
    for rate in RateTable.ecbReference.rates {
      #expect(codes.contains(rate.quote.code))
    }
    #expect(RateTable.ecbReference.rates.count == 30)
  }

  @Test func lookupIgnoresCase() throws {
    #expect(try Currency(code: "gbp") == .gbp)
  }

  @Test func unknownCodeSuggestsTheNearest() {
    #expect(throws: CurrencyError.unknownCurrency("GPB", suggestion: "GBP")) {
      try Currency(code: "GPB")
    }
    #expect(
      CurrencyError.unknownCurrency("GPB", suggestion: "GBP").description
        == "unknown currency 'GPB'; did you mean 'GBP'?")
    #expect(throws: CurrencyError.unknownCurrency("WXYZQ", suggestion: nil)) {
      try Currency(code: "WXYZQ")
    }
  }
}
