import Foundation
import StockValuation
import Testing

@testable import Dealership
@testable import configurator

@Suite struct TodayTests {
  @Test func systemDateIsFoundationsUTCDay() {
    // Read before and after, so a run across midnight still has one of them to match.
    let before = Self.foundationDay()
    let day = ProcessEnvironment().systemDate().description
    let after = Self.foundationDay()
    #expect(day == before || day == after)
  }

  private static func foundationDay() -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
    let parts = calendar.dateComponents([.year, .month, .day], from: Date())
    return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
  }
}
