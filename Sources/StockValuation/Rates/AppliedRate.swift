/// The rate a converter applies, with the rates it is made of, for reports to state.
///
/// Its description reads `1 USD = 0.793468 GBP (ECB euro reference rates, 2025-02-28, via EUR)`.
/// A rate taken straight from a table or override is shown exactly; a rate computed through
/// the table's base is shown rounded half-even to six significant digits (``isExact`` is then
/// `false`). Conversions never use the displayed value: they use the legs exactly.
///
/// A leg older than the table's date (its currency had no rate that day, so the latest
/// earlier one was used) is stale, and the description names it:
/// `(…, 2025-03-04, via EUR; stale: USD rate of 2025-03-03, none on 2025-03-04)`.
public struct AppliedRate: Sendable, Hashable, CustomStringConvertible {
  /// The currency converted from.
  public let from: Currency
  /// The currency converted to.
  public let to: Currency
  /// The rates the conversion is made of: none for the identity, one for a direct or base
  /// rate, two for a cross rate through the base.
  public let legs: [ExchangeRate]
  /// The base currency the rate goes through, for rates computed from a table.
  public let via: Currency?
  /// Units of `to` per unit of `from`: exact if ``isExact``, else six significant digits.
  public let value: DecimalFigure
  /// Whether ``value`` is the exact rate used.
  public let isExact: Bool
  /// The date of the table the legs come from (its latest rate), if its rates are dated.
  public let tableDate: CalendarDate?

  /// The distinct dates of the legs, in order.
  public var dates: [CalendarDate] { Array(Set(legs.compactMap(\.date))).sorted() }

  /// The legs older than ``tableDate``: their currency had no rate on the table's date.
  public var staleLegs: [ExchangeRate] {
    guard let tableDate else { return [] }
    return legs.filter { leg in leg.date.map { $0 < tableDate } ?? false }
  }

  /// How many days a report's rates may be older than the report before it says so (SPEC §15).
  public static let freshDays = 7

  /// The oldest date of the legs and its age in days on `day`, when it is more than
  /// ``freshDays`` before `day`; `nil` for undated legs or rates fresh enough.
  public func age(on day: CalendarDate) -> (date: CalendarDate, days: Int)? {
    guard let oldest = dates.first else { return nil }
    let days = oldest.days(until: day)
    return days > Self.freshDays ? (oldest, days) : nil
  }

  /// The distinct sources of the legs, in order of first use.
  public var sources: [String] {
    var seen: [String] = []
    for leg in legs where !seen.contains(leg.source) { seen.append(leg.source) }
    return seen
  }

  /// `1 USD = 0.793468 GBP (ECB euro reference rates, 2025-02-28, via EUR)`.
  public var description: String {
    guard !legs.isEmpty else { return "1 \(from.code) = 1 \(to.code) (same currency)" }
    var notes = sources
    let stale = staleLegs
    if let tableDate, !stale.isEmpty {
      notes.append(tableDate.description)
    } else {
      let dateText = dates.map(\.description).joined(separator: " and ")
      if !dateText.isEmpty { notes.append(dateText) }
    }
    if let via {
      if legs.count == 2 {
        notes.append("via \(via.code)")
      } else if let leg = legs.first, leg.quote == from {
        notes.append("from 1 \(leg.base.code) = \(leg.value) \(leg.quote.code)")
      }
    }
    var text = "1 \(from.code) = \(value) \(to.code) (\(notes.joined(separator: ", "))"
    if let tableDate, !stale.isEmpty {
      let legText = stale.map { "\($0.quote.code) rate of \($0.date?.description ?? "")" }
      text += "; stale: \(legText.joined(separator: ", ")), none on \(tableDate)"
    }
    return text + ")"
  }
}
