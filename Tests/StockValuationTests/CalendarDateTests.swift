import Testing

@testable import StockValuation

@Suite struct CalendarDateTests {
  @Test(arguments: ["2025-02-28", "2024-02-29", "0001-01-01", "9999-12-31"])
  func parsesValidISODates(text: String) throws {
    #expect(try #require(CalendarDate(text)).description == text)
  }

  @Test(arguments: [
    "2025-02-29", "2025-2-28", "2025-02-28 ", "25-02-28", "2025/02/28", "",
    "2025-00-10", "2025-04-31", "abcd-ef-gh",
  ])
  func rejectsInvalidDates(text: String) {
    #expect(CalendarDate(text) == nil)
  }

  @Test func parsesTheECBDailyForm() {
    #expect(CalendarDate(ecbDaily: "28 February 2025") == CalendarDate("2025-02-28"))
    #expect(CalendarDate(ecbDaily: "3 March 2025") == CalendarDate("2025-03-03"))
    #expect(CalendarDate(ecbDaily: "28 Feb 2025") == nil)
  }

  @Test func ordersChronologically() throws {
    let earlier = try #require(CalendarDate("2024-12-31"))
    let later = try #require(CalendarDate("2025-01-01"))
    #expect(earlier < later)
  }
}
