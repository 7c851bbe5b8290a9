import Testing

@testable import StockValuation

@Suite struct RateFileTests {
  private static let dailyCSV = """
    Date, USD, JPY, BGN, CZK, DKK, GBP, HUF, PLN, RON, SEK, CHF, ISK, NOK, TRY, AUD, BRL, CAD, \
    CNY, HKD, IDR, ILS, INR, KRW, MXN, MYR, NZD, PHP, SGD, THB, ZAR, 
    28 February 2025, 1.0411, 156.96, 1.9558, 25.029, 7.4583, 0.82608, 399.50, 4.1503, 4.9768, \
    11.1880, 0.9394, 145.70, 11.7245, 38.0186, 1.6741, 6.0712, 1.5019, 7.5782, 8.0980, \
    17228.17, 3.7457, 90.9710, 1519.92, 21.2191, 4.6459, 1.8579, 60.355, 1.4037, 35.567, \
    19.1917, 

    """

  private static let historicalCSV = """
    Date,USD,JPY,CYP,GBP,
    2025-02-28,1.0411,156.96,N/A,0.82608,
    2025-02-27,1.0404,155.83,N/A,N/A,
    2025-02-26,1.0465,155.92,N/A,0.82700,
    2008-01-02,1.4719,163.78,0.5853,0.74355,

    """

  private static let dailyXML = """
    <?xml version="1.0" encoding="UTF-8"?>
    <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" \
    xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
    \t<gesmes:subject>Reference rates</gesmes:subject>
    \t<gesmes:Sender>
    \t\t<gesmes:name>European Central Bank</gesmes:name>
    \t</gesmes:Sender>
    \t<Cube>
    \t\t<Cube time='2025-02-28'>
    \t\t\t<Cube currency='USD' rate='1.0411'/>
    \t\t\t<Cube currency="JPY" rate="156.96"/>
    \t\t\t<Cube currency='GBP' rate='0.82608'/>
    \t\t</Cube>
    \t\t<Cube time="2025-02-27">
    \t\t\t<Cube currency='USD' rate='1.0404'/>
    \t\t\t<Cube currency='GBP' rate='0.82500'/>
    \t\t</Cube>
    \t</Cube>
    </gesmes:Envelope>

    """

  @Test func readsTheDailyCSVExactlyAsTheBuiltInTable() throws {
    let table = try RateTable.parse(Self.dailyCSV, fileName: "eurofxref.csv")
    #expect(table.rates.map(\.value) == RateTable.ecbReference.rates.map(\.value))
    #expect(table.rates.map(\.quote) == RateTable.ecbReference.rates.map(\.quote))
    #expect(table.date == CalendarDate(year: 2025, month: 2, day: 28))
    #expect(table.source == "ECB euro reference rates, eurofxref.csv")
    #expect(table.rate(for: .usd)?.value.description == "1.0411")
  }

  @Test func readsTheHistoricalCSVWithLatestRatesByDefault() throws {
    let table = try RateTable.parse(Self.historicalCSV, fileName: "hist.csv")
    #expect(table.rate(for: .usd)?.value == ExactDecimal(significand: 10411, scale: 4))
    #expect(table.rate(for: .gbp)?.date == CalendarDate("2025-02-28"))
  }

  @Test(arguments: [
    ("2025-02-27", "1.0404", "0.82700", "2025-02-26"),
    ("2025-02-26", "1.0465", "0.82700", "2025-02-26"),
    ("2025-01-15", "1.4719", "0.74355", "2008-01-02"),
    ("2030-01-01", "1.0411", "0.82608", "2025-02-28"),
  ])
  func asOfPicksTheLatestRateOnOrBeforeThePerCurrency(
    asOf: String, usd: String, gbp: String, gbpDate: String
  ) throws {
    let table = try RateTable.parse(
      Self.historicalCSV, fileName: "hist.csv", asOf: CalendarDate(asOf))
    #expect(table.rate(for: .usd)?.value.description == usd)
    #expect(table.rate(for: .gbp)?.value.description == gbp)
    #expect(table.rate(for: .gbp)?.date == CalendarDate(gbpDate))
  }

  @Test func asOfBeforeEveryRateIsAnError() {
    #expect(
      throws: RateFileError(
        file: "hist.csv", line: nil,
        reason: "no rates on or before 2000-01-01 (earliest is 2008-01-02)")
    ) {
      try RateTable.parse(
        Self.historicalCSV, fileName: "hist.csv", asOf: CalendarDate("2000-01-01"))
    }
  }

  @Test func readsTheXMLWithEitherQuotes() throws {
    let latest = try RateTable.parse(Self.dailyXML, fileName: "eurofxref.xml")
    #expect(latest.rate(for: .jpy)?.value.description == "156.96")
    #expect(latest.rate(for: .gbp)?.value.description == "0.82608")
    let earlier = try RateTable.parse(
      Self.dailyXML, fileName: "eurofxref.xml", asOf: CalendarDate("2025-02-27"))
    #expect(earlier.rate(for: .usd)?.value.description == "1.0404")
    #expect(earlier.rate(for: .jpy) == nil)
  }

  @Test func readsFilesFromDisk() throws {
    let path = try Fixtures.temporaryFile(
      named: "rates.csv", contents: Array(Self.dailyCSV.utf8))
    defer { Fixtures.remove(path) }
    let table = try RateTable.read(contentsOfFile: path)
    #expect(table.rates.count == 30)
    let converter = try CurrencyPairRegistry.shared.factory(for: "GBP").makeConverter(rates: table)
    #expect(
      converter.effectiveRate.description
        == "1 USD = 0.793468 GBP (ECB euro reference rates, \(path), 2025-02-28, via EUR)")
    #expect(
      throws: RateFileError(
        file: "/nonexistent/rates.csv", line: nil,
        reason: "cannot open: No such file or directory")
    ) {
      try RateTable.read(contentsOfFile: "/nonexistent/rates.csv")
    }
  }

  @Test(arguments: [
    ("Date, USD\n28 February 2025, abc\n", "rates.csv:2: bad rate 'abc' for USD"),
    ("Date, USD, GBP\n\n28 February 2025, 1.0411, abc\n", "rates.csv:3: bad rate 'abc' for GBP"),
    ("Date, USD\n28 February 2025, 0\n", "rates.csv:2: rate for USD must be positive, got '0'"),
    ("Date, USD\n28 February 2025, -1\n", "rates.csv:2: bad rate '-1' for USD"),
    ("Date, USD\n28 February 2025, NaN\n", "rates.csv:2: bad rate 'NaN' for USD"),
    ("Date, USD\n28 February 2025, 1e3\n", "rates.csv:2: bad rate '1e3' for USD"),
    ("Date, USD\n28 February 2025, 1,041.1\n", "rates.csv:2: expected 2 fields, found 3"),
    ("Date, USD\n30 February 2025, 1.0411\n", "rates.csv:2: bad date '30 February 2025'"),
    ("Date,USD\n2025-13-01,1.0411\n", "rates.csv:2: bad date '2025-13-01'"),
    ("Date,USD\n2025-02-28,\n", "rates.csv:2: missing rate for USD"),
    ("Datum,USD\n", "rates.csv:1: expected a header starting with 'Date'"),
    ("Date,usd\n", "rates.csv:1: bad currency code 'usd'"),
    ("Date,USD,USD\n", "rates.csv:1: duplicate column USD"),
    ("Date,USD\n2025-02-28,1.0\n2025-02-28,1.1\n", "rates.csv:3: duplicate date 2025-02-28"),
    ("Date,USD\n", "rates.csv: no rates found"),
    ("", "rates.csv: empty file"),
    (
      "<Cube><Cube time='2025-02-28'>\n<Cube currency='USD' rate='abc'/></Cube></Cube>",
      "rates.csv:2: bad rate 'abc' for USD"
    ),
    (
      "<Cube>\n<Cube currency='USD' rate='1.0'/></Cube>",
      "rates.csv:2: rate for USD outside a dated Cube"
    ),
    ("<Cube>\n<Cube time='2025-02-30'></Cube></Cube>", "rates.csv:2: bad date '2025-02-30'"),
    ("<Cube><Cube time='2025-02-28'>", "rates.csv: unclosed <Cube>"),
    ("<Cube>\n</Cube></Cube>", "rates.csv:2: unbalanced </Cube>"),
    ("<Cube time='2025-02-28'>\n<Cube currency='USD' rate='1.0", "rates.csv:2: unterminated tag"),
    ("<Cube></Cube>", "rates.csv: no rates found"),
  ])
  func badFilesNameFileLineAndValue(content: String, message: String) {
    do {
      _ = try RateTable.parse(content, fileName: "rates.csv")
      Issue.record("expected an error for \(content)")
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func crlfAndUnknownHistoricalCurrenciesAreAccepted() throws {
    let text = "Date,USD,CYP\r\n2008-01-02,1.4719,0.5853\r\n"
    let table = try RateTable.parse(text, fileName: "hist.csv")
    #expect(table.rates.map(\.quote.code) == ["USD"])
  }
}
