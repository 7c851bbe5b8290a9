package import StockValuation

/// `stock aging`: the stock grouped by the days since each line was received (SPEC §15),
/// with the cars, their cost and their value per band, in the session's currency.
package struct StockAging: Equatable, Sendable {
  /// A band of days since received.
  package enum Span: Equatable, Sendable {
    /// From `lower` to `upper` days, both included.
    case days(lower: Int, upper: Int)
    /// More than `days` days.
    case over(Int)
    /// Lines whose day received is not known (inventory lines without it, summarized files).
    case undated
  }

  /// The cars of one band.
  package struct Band: Equatable, Sendable {
    package var span: Span
    /// How many cars.
    package var count: Int64
    /// How many of them have no cost this report can add up (none given, or one in a
    /// currency other than the report's and USD).
    package var uncosted: Int64
    /// What the costed cars cost, in the report's currency.
    package var cost: Money
    /// Their value, in the report's currency.
    package var value: Money
    /// The floor-plan interest the costed, dated cars have accrued to the report's day, in
    /// the report's currency; `nil` when no floor plan is set.
    package var interest: Money?
  }

  /// The day the ages are counted to.
  package var date: CalendarDate
  /// The currency of the figures.
  package var currency: Currency
  /// 0–30, 31–60, 61–90 and over 90 days, then the undated lines if there are any.
  package var bands: [Band]
  /// Every band together.
  package var total: Band
  /// The floor plan's rate on the report's day, when one is set.
  package var floorPlanRate: ExactDecimal?

  /// The bands of SPEC §15, in order.
  package static let spans: [Span] = [
    .days(lower: 0, upper: 30), .days(lower: 31, upper: 60), .days(lower: 61, upper: 90),
    .over(90),
  ]

  /// The band a line received `days` ago falls in (a day after `date` counts as 0).
  static func band(ofDays days: Int?) -> Int {
    guard let days else { return spans.count }
    switch days {
    case ...30: return 0
    case ...60: return 1
    case ...90: return 2
    default: return 3
    }
  }
}
