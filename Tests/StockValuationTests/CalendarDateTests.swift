import Foundation
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

  /// Day numbers against Foundation's Gregorian calendar in UTC from 1600 on (before 1582 it
  /// keeps the Julian calendar; ours is the proleptic Gregorian of ISO 8601), stepping a prime
  /// number of days, and every day of two leap-year boundaries.
  @Test func dayNumbersAreFoundationsDaysSince1970() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(secondsFromGMT: 0))
    let epoch = try #require(calendar.date(from: DateComponents(year: 1970, month: 1, day: 1)))
    var numbers = Array(stride(from: -135_140, through: 2_932_896, by: 997))
    numbers += Array(10_950...11_050) + Array(-25_600 ... -25_500)
    for number in numbers {
      let date = try #require(CalendarDate(dayNumber: number), "\(number)")
      let foundation = try #require(calendar.date(byAdding: .day, value: number, to: epoch))
      let parts = calendar.dateComponents([.year, .month, .day], from: foundation)
      #expect(
        [date.year, date.month, date.day] == [parts.year, parts.month, parts.day], "\(number)")
      #expect(date.dayNumber == number)
    }
  }

  /// Over every day from 0001-01-01 to 9999-12-31, walked a day at a time by the calendar's
  /// month lengths, the day number goes up by one and reads back.
  @Test func everyDayHasTheNextNumber() throws {
    var date = try #require(CalendarDate(year: 1, month: 1, day: 1))
    var number = date.dayNumber
    #expect(number == -719_162)
    while let next =
      CalendarDate(year: date.year, month: date.month, day: date.day + 1)
      ?? CalendarDate(year: date.year, month: date.month + 1, day: 1)
      ?? CalendarDate(year: date.year + 1, month: 1, day: 1)
    {
      number += 1
      if next.dayNumber != number || CalendarDate(dayNumber: number) != next {
        Issue.record("\(next) is not day \(number)")
        return
      }
      date = next
    }
    #expect(date.description == "9999-12-31")
    #expect(CalendarDate(dayNumber: -719_163) == nil)
    #expect(CalendarDate(dayNumber: number + 1) == nil)
  }

  @Test func addingDaysGoesBothWaysAndCountsTheDaysBetween() throws {
    let day = try #require(CalendarDate("2024-03-01"))
    #expect(day.adding(days: -1)?.description == "2024-02-29")
    #expect(day.adding(days: 365)?.description == "2025-03-01")
    let later = try #require(CalendarDate("2025-03-01"))
    #expect(day.days(until: later) == 365)
    #expect(later.days(until: day) == -365)
    #expect(try #require(CalendarDate("9999-12-31")).adding(days: 1) == nil)
    #expect(day.adding(days: Int.max) == nil)
  }
}
