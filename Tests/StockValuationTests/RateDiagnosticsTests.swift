import Testing

@testable import StockValuation

/// Issue 17's rate explanations: stale legs named, a missing rate explained by the as-of
/// date, all-`N/A` selections refused, extreme rates shown with six significant digits.
@Suite struct RateDiagnosticsTests {
  /// USD is `N/A` on 2025-03-04; THB starts on 2025-03-05.
  private static let staleCSV = """
    Date,USD,GBP,THB
    2025-03-05,1.05,0.83,36.0
    2025-03-04,N/A,0.82,N/A
    2025-03-03,1.04,0.81,N/A

    """

  private static let allNotAvailableCSV = """
    Date,USD,GBP
    2025-03-04,1.05,0.83
    2025-03-03,N/A,N/A
    2025-03-02,N/A,N/A

    """

  private static func converter(
    _ csv: String, asOf: String?, from source: Currency = .usd, to target: Currency
  ) throws -> RateConverter {
    let table = try RateTable.parse(csv, fileName: "r.csv", asOf: asOf.flatMap { CalendarDate($0) })
    return try RateConverter(from: source, to: target, rates: table, rounding: .halfEven)
  }

  @Test func aCrossRateNamesItsStaleLeg() throws {
    let rate = try Self.converter(Self.staleCSV, asOf: "2025-03-04", to: .gbp).effectiveRate
    #expect(rate.staleLegs.map(\.quote) == [.usd])
    #expect(rate.tableDate == CalendarDate("2025-03-04"))
    #expect(
      rate.description
        == "1 USD = 0.788462 GBP (ECB euro reference rates, r.csv, 2025-03-04, via EUR; "
        + "stale: USD rate of 2025-03-03, none on 2025-03-04)")
  }

  @Test func aSingleLegNamesItsStaleness() throws {
    let rate = try Self.converter(Self.staleCSV, asOf: "2025-03-04", to: .eur).effectiveRate
    #expect(
      rate.description
        == "1 USD = 0.961538 EUR (ECB euro reference rates, r.csv, 2025-03-04, "
        + "from 1 EUR = 1.04 USD; stale: USD rate of 2025-03-03, none on 2025-03-04)")
  }

  @Test func freshLegsSayNothingAboutStaleness() throws {
    let rate = try Self.converter(Self.staleCSV, asOf: nil, to: .gbp).effectiveRate
    #expect(rate.staleLegs.isEmpty)
    #expect(
      rate.description
        == "1 USD = 0.790476 GBP (ECB euro reference rates, r.csv, 2025-03-05, via EUR)")
  }

  @Test func aRateExcludedByTheAsOfDateSaysSoAndNamesTheLaterOne() throws {
    #expect(
      throws: RateError.noRateAsOf(
        "THB", asOf: try #require(CalendarDate("2025-03-04")),
        next: try #require(CalendarDate("2025-03-05")), source: "ECB euro reference rates, r.csv")
    ) {
      try Self.converter(Self.staleCSV, asOf: "2025-03-04", to: try Currency(code: "THB"))
    }
    let error = RateError.noRateAsOf(
      "THB", asOf: try #require(CalendarDate("2025-03-04")),
      next: try #require(CalendarDate("2025-03-05")), source: "ECB euro reference rates, r.csv")
    #expect(
      error.description
        == "no rate for THB on or before the as-of date 2025-03-04 in ECB euro reference "
        + "rates, r.csv; its first rate is of 2025-03-05")
  }

  @Test func aRateAbsentFromTheWholeFileIsPlainlyMissing() throws {
    #expect(throws: RateError.missingRate("CHF", source: "ECB euro reference rates, r.csv")) {
      try Self.converter(Self.staleCSV, asOf: "2025-03-04", to: try Currency(code: "CHF"))
    }
  }

  @Test func onlyNotAvailableRatesUpToTheAsOfDateAreAnError() throws {
    #expect(
      throws: RateFileError(
        file: "r.csv", line: nil,
        reason: "no rates on or before 2025-03-03: every rate up to then is N/A "
          + "(the first is of 2025-03-04)")
    ) {
      try RateTable.parse(
        Self.allNotAvailableCSV, fileName: "r.csv", asOf: CalendarDate("2025-03-03"))
    }
    let onlyNotAvailable = "Date,USD,GBP\n2025-03-03,N/A,N/A\n"
    #expect(
      throws: RateFileError(file: "r.csv", line: nil, reason: "no rates found: every rate is N/A")
    ) {
      try RateTable.parse(onlyNotAvailable, fileName: "r.csv")
    }
  }

  @Test func theSelectionDoesNotChangeATablesEquality() throws {
    let chosen = try RateTable.parse(
      Self.staleCSV, fileName: "r.csv", asOf: CalendarDate("2025-03-04"))
    let rebuilt = try RateTable(base: .eur, source: chosen.source, rates: chosen.rates)
    #expect(chosen == rebuilt)
    #expect(chosen.hashValue == rebuilt.hashValue)
  }

  @Test func extremeLegalRatesConvertWithoutAFalseOverflow() throws {
    // 1 EUR = 999999999999999999 USD and 10^-18 GBP: 1 USD ≈ 10^-36 GBP.
    let csv = "Date,USD,GBP\n2025-03-04,999999999999999999,0.000000000000000001\n"
    let converter = try Self.converter(csv, asOf: nil, to: .gbp)
    let total = ExactMoney(Money(minorUnits: 133_310_000, currency: .usd))
    #expect(try converter.convert(total) == Money(minorUnits: 0, currency: .gbp))
    #expect(try converter.convert(Money(minorUnits: .max, currency: .usd)) == .zero(.gbp))
    #expect(
      converter.effectiveRate.value.description == "0." + String(repeating: "0", count: 35)
        + "100000")
  }

  @Test func computedRatesKeepSixSignificantDigitsAtBothExtremes() throws {
    let tiny = "Date,USD,GBP\n2025-03-04,0.999999999999999999,0.000000000000000001\n"
    #expect(
      try Self.converter(tiny, asOf: nil, to: .gbp).effectiveRate.value.description
        == "0.00000000000000000100000")
    let huge = "Date,USD,GBP\n2025-03-04,0.000000000000000001,999999999999999999\n"
    let rate = try Self.converter(huge, asOf: nil, to: .gbp).effectiveRate.value
    #expect(rate.description == "1" + String(repeating: "0", count: 36))
    #expect(rate == DecimalFigure(significand: 100_000, exponent: 31))
  }
}
