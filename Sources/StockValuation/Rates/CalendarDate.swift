/// A day of the Gregorian calendar, without time or time zone (`2025-02-28`).
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The year, 1…9999.
  public let year: Int
  /// The month, 1…12.
  public let month: Int
  /// The day of the month, 1…28/29/30/31.
  public let day: Int

  /// Creates a date, or returns `nil` if the day does not exist (`2025-02-29`).
  /// - Parameters:
  ///   - year: The year, 1…9999.
  ///   - month: The month, 1…12.
  ///   - day: The day of the month.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
      day <= Self.daysIn(month: month, year: year)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// 1970-01-01, a day that exists by construction.
  public static let unixEpoch = CalendarDate(checkedYear: 1970, month: 1, day: 1)

  private init(checkedYear year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// Parses the ISO 8601 calendar form `YYYY-MM-DD` exactly (four, two and two digits).
  /// - Parameter text: The date text, e.g. `"2025-02-28"`.
  public init?(_ text: String) {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      let year = Self.number(bytes[0..<4]), let month = Self.number(bytes[5..<7]),
      let day = Self.number(bytes[8..<10])
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

  /// Parses the ECB daily form `28 February 2025` (day without padding, English month name).
  init?(ecbDaily text: String) {
    let parts = text.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3, (1...2).contains(parts[0].utf8.count), parts[2].utf8.count == 4,
      let day = Self.number(parts[0].utf8), let year = Self.number(parts[2].utf8),
      let monthIndex = Self.monthNames.firstIndex(of: String(parts[1]))
    else { return nil }
    self.init(year: year, month: monthIndex + 1, day: day)
  }

  /// The ISO 8601 text, `YYYY-MM-DD`.
  public var description: String {
    func pad(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
  }

  /// Orders dates chronologically.
  public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  private static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2:
      let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
      return leap ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  private static func number(_ digits: some Collection<UInt8>) -> Int? {
    var value = 0
    for byte in digits {
      let digit = byte &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      value = value * 10 + Int(digit)
    }
    return digits.isEmpty ? nil : value
  }
}
