/// A day a catalog names (`2027-01-01`): year, month and day of the Gregorian calendar,
/// ordered by time.
public struct CatalogDate: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The year, month and day as one number, `YYYYMMDD`, so that order is time.
  private let number: Int

  /// Reads `YYYY-MM-DD` exactly (four, two and two digits), or returns `nil` for a day that
  /// does not exist (`2026-02-29`).
  ///
  /// - Parameter text: The date text.
  public init?(_ text: some StringProtocol) {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-")
    else { return nil }
    var digits: [Int] = []
    for (index, byte) in bytes.enumerated() where index != 4 && index != 7 {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      digits.append(Int(byte - UInt8(ascii: "0")))
    }
    let year = digits[0...3].reduce(0) { $0 * 10 + $1 }
    let month = digits[4] * 10 + digits[5]
    let day = digits[6] * 10 + digits[7]
    let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let lengths = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    guard year >= 1, (1...12).contains(month), day >= 1, day <= lengths[month - 1] else {
      return nil
    }
    number = year * 10_000 + month * 100 + day
  }

  /// The date as `YYYY-MM-DD`.
  public var description: String {
    let text = String(number)
    let padded = String(repeating: "0", count: max(0, 8 - text.count)) + text
    let year = padded.prefix(4)
    let month = padded.dropFirst(4).prefix(2)
    let day = padded.suffix(2)
    return "\(year)-\(month)-\(day)"
  }

  /// Whether a date is earlier than another.
  public static func < (lhs: CatalogDate, rhs: CatalogDate) -> Bool { lhs.number < rhs.number }
}

/// When a model, a choice or a rule of a catalog is in force (SPEC §16): from `validFrom` to
/// `validTo`, both days included; either end may be open.
public struct Effectivity: Hashable, Sendable {
  /// The first day in force, if there is one.
  public let validFrom: CatalogDate?
  /// The last day in force, if there is one.
  public let validTo: CatalogDate?

  /// In force on every day.
  public static let always = Effectivity(validFrom: nil, validTo: nil)

  /// Creates an effectivity; the caller has checked that `validFrom` is not after `validTo`.
  ///
  /// - Parameters:
  ///   - validFrom: The first day in force, or `nil` for no start.
  ///   - validTo: The last day in force, or `nil` for no end.
  public init(validFrom: CatalogDate?, validTo: CatalogDate?) {
    self.validFrom = validFrom
    self.validTo = validTo
  }

  /// Whether it is in force on a day.
  ///
  /// - Parameter date: The day (`--as-of`).
  /// - Returns: `true` from `validFrom` to `validTo`, both included.
  public func isInForce(on date: CatalogDate) -> Bool {
    if let validFrom, date < validFrom { return false }
    if let validTo, validTo < date { return false }
    return true
  }

  /// How it stands on a day, for notes and refusals: not yet offered, no longer offered, in
  /// force until a day, or in force without an end.
  ///
  /// - Parameter date: The day (`--as-of`).
  /// - Returns: The standing.
  public func standing(on date: CatalogDate) -> Standing {
    if let validFrom, date < validFrom { return .offeredFrom(validFrom) }
    if let validTo, validTo < date { return .offeredUntil(validTo, ended: true) }
    if let validTo { return .offeredUntil(validTo, ended: false) }
    return .inForce
  }

  /// How an effectivity stands on a day; see ``standing(on:)``.
  public enum Standing: Hashable, Sendable {
    /// In force, with no end.
    case inForce
    /// Not in force before this day.
    case offeredFrom(CatalogDate)
    /// In force up to this day; `ended` when the day has passed.
    case offeredUntil(CatalogDate, ended: Bool)
  }
}
