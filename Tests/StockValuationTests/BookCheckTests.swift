import Testing

@testable import StockValuation

@Suite struct BookCheckTests {
  @Test func sportsStoreInPoundsMatchesTheBook() throws {
    let lines = try InventoryCSV.readLines(
      from: Fixtures.sportsStoreCSV, fileName: "sportsstore.csv")
    let pounds = try CurrencyPairRegistry.shared.factory(for: "GBP")
    let converter = try pounds.makeConverter(rates: Fixtures.bookRates())
    let report = try StockReport(lines: lines, converter: converter)
    let dollars = try CurrencyPairRegistry.shared.factory(for: "USD").makeFormatter()

    #expect(report.itemCount == 78)
    #expect(try dollars.format(report.baseTotal) == "$408,303.94")
    #expect(try pounds.makeFormatter().format(report.total) == "£246,362.43")
    #expect(report.total.decimalString == "246362.43")
    #expect(
      try report.headline(formatter: pounds.makeFormatter())
        == "78 Products in Stock. Total Value: £246,362.43")
    #expect(report.rate.description == "1 USD = 0.60338 GBP (command line)")
  }

  @Test func convertingLineByLineWouldGiveThePennyTooMuch() throws {
    let lines = try InventoryCSV.readLines(
      from: Fixtures.sportsStoreCSV, fileName: "sportsstore.csv")
    let converter = try CurrencyPairRegistry.shared.factory(for: "GBP")
      .makeConverter(rates: Fixtures.bookRates())
    var lineByLine = Money.zero(.gbp)
    for line in lines {
      let rounded = try line.exactValue().rounded()
      lineByLine = try lineByLine.adding(converter.convert(rounded))
    }
    #expect(lineByLine.decimalString == "246362.44")
    let report = try StockReport(lines: lines, converter: converter)
    #expect(report.total.decimalString == "246362.43")
  }

  @Test func reportTreeTotalsAreSumsOfChildren() throws {
    let lines = try InventoryCSV.readLines(
      from: Fixtures.sportsStoreCSV, fileName: "sportsstore.csv")
    let converter = try CurrencyPairRegistry.shared.factory(for: "GBP")
      .makeConverter(rates: Fixtures.bookRates())
    let report = try StockReport(lines: lines, converter: converter)

    #expect(report.categories.map(\.name) == ["Watersports", "Soccer", "Chess"])
    #expect(report.categories.map(\.itemCount) == [24, 37, 17])
    #expect(report.categories.map(\.children.count) == [2, 3, 4])
    var sum = ExactMoney.zero(.usd)
    for category in report.categories {
      var categorySum = ExactMoney.zero(.usd)
      for line in category.children {
        #expect(line.kind == .line)
        categorySum = try categorySum.adding(line.exactBaseValue)
      }
      #expect(categorySum == category.exactBaseValue)
      sum = try sum.adding(category.exactBaseValue)
    }
    #expect(sum == report.exactBaseTotal)
    #expect(report.exactBaseTotal.decimalString == "408303.9375")
    let lifejacket = report.categories[0].children[1]
    #expect(lifejacket.exactBaseValue.decimalString == "753.83")
    #expect(lifejacket.baseValue.decimalString == "753.83")
  }

  @Test func streamingAccumulatorGivesTheSameTotals() throws {
    let lines = try InventoryCSV.readLines(
      from: Fixtures.sportsStoreCSV, fileName: "sportsstore.csv")
    var accumulator = StockAccumulator()
    for line in lines { try accumulator.add(line) }
    let converter = try CurrencyPairRegistry.shared.factory(for: "GBP")
      .makeConverter(rates: Fixtures.bookRates())
    let streamed = try StockReport(accumulator: accumulator, converter: converter)
    let full = try StockReport(lines: lines, converter: converter)
    #expect(streamed.total == full.total)
    #expect(streamed.itemCount == 78)
    #expect(streamed.categories.map(\.value) == full.categories.map(\.value))
    #expect(streamed.categories.allSatisfy { $0.children.isEmpty })
    #expect(accumulator.lineCount == 9)
  }

  @Test func startingStockInPoundsWithTheBuiltInRates() throws {
    let pounds = try CurrencyPairRegistry.shared.factory(for: "GBP")
    let converter = try pounds.makeConverter(rates: .ecbReference)
    let report = try StockReport(lines: Fixtures.startingStock(), converter: converter)
    let dollars = try CurrencyPairRegistry.shared.factory(for: "USD").makeFormatter()

    #expect(report.itemCount == 26)
    #expect(try dollars.format(report.baseTotal) == "$1,333,100.00")
    #expect(try pounds.makeFormatter().format(report.total) == "£1,057,772.79")
    #expect(
      report.rate.description
        == "1 USD = 0.793468 GBP (ECB euro reference rates, 2025-02-28, via EUR)")
    #expect(!report.rate.isExact)
    #expect(report.rate.legs.count == 2)
  }

  @Test func singleItemHeadlineIsSingular() throws {
    let line = try StockLine(
      name: "VW Golf", category: "compact",
      unitPrice: Money(minorUnits: 2_850_000, currency: .usd), quantity: 1)
    let dollars = try CurrencyPairRegistry.shared.factory(for: "USD")
    let report = try StockReport(
      lines: [line], converter: dollars.makeConverter(rates: .ecbReference))
    #expect(
      try report.headline(formatter: dollars.makeFormatter())
        == "1 Product in Stock. Total Value: $28,500.00")
    #expect(report.rate.description == "1 USD = 1 USD (same currency)")
  }

  @Test func emptyStockIsZero() throws {
    let dollars = try CurrencyPairRegistry.shared.factory(for: "USD")
    let report = try StockReport(
      lines: [], converter: dollars.makeConverter(rates: .ecbReference))
    #expect(report.itemCount == 0)
    #expect(report.total == .zero(.usd))
    #expect(report.categories.isEmpty)
  }
}
