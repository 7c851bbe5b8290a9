import Testing

@testable import StockValuation

/// An inventory's optional `cost` and `received` columns (SPEC §15): what one unit cost
/// the dealer in USD and the day it came in; empty is unknown, a bad one names its line.
@Suite struct InventoryCostTests {
  @Test func costAndReceivedAreReadWhereGiven() throws {
    let text = """
      name,category,unit_price,quantity,cost,received
      Golf,compact,28500.00,2,24100.50,2026-10-01
      Boxster,sports,72900,1,,
      """
    let lines = try InventoryCSV.readLines(from: text, fileName: "cars.csv")
    #expect(lines.count == 2)
    #expect(lines[0].cost == Money(minorUnits: 2_410_050, currency: .usd))
    #expect(lines[0].received == CalendarDate("2026-10-01"))
    #expect(lines[1].cost == nil)
    #expect(lines[1].received == nil)
  }

  @Test(arguments: [
    (
      "Golf,compact,28500,1,12.345,2026-10-01",
      "cars.csv:3: cost: too many decimal places in '12.345' (at most 2)"
    ),
    ("Golf,compact,28500,1,-5,2026-10-01", "cars.csv:3: cost: bad number '-5'"),
    (
      "Golf,compact,28500,1,100,2026-02-30",
      "cars.csv:3: received: bad date '2026-02-30' (expected YYYY-MM-DD)"
    ),
  ])
  func aBadCostOrDayNamesItsLine(row: String, message: String) {
    let text = "name,category,unit_price,quantity,cost,received\nA,b,1,1,1,2026-01-01\n" + row
    do {
      _ = try InventoryCSV.readLines(from: text, fileName: "cars.csv")
      Issue.record("no error for \(row)")
    } catch {
      #expect(error.description == message)
    }
  }
}
