package import StockValuation

/// The dealer's floor plan (SPEC §15): the yearly rates the lender charges on what the cars
/// in stock cost, each from the day it was set. A car accrues interest every day from the day
/// it was received until the day it is sold (or the day of the report), at the rate in force
/// that day, Act/365: `cost × Σ(APR × days) / 365`, rounded once per car.
package struct FloorPlan: Equatable, Sendable {
  /// A rate and the first day it applies.
  package struct Rate: Equatable, Sendable {
    package let from: CalendarDate
    /// The yearly percent, 0…100 with at most ``maximumDecimals`` decimals.
    package let percent: ExactDecimal

    package init(from: CalendarDate, percent: ExactDecimal) {
      self.from = from
      self.percent = percent
    }
  }

  /// The most decimals a rate may have (`7.3125%`).
  package static let maximumDecimals = 4
  /// The longest history kept: a rate a day for ten years and more.
  package static let maximumRates = 4_096

  /// The rates, oldest first, at most one per day. The first also covers the days before it:
  /// a floor plan set today charges the cars already in stock from the day they came.
  package private(set) var rates: [Rate]

  package init(rates: [Rate] = []) {
    self.rates = rates.sorted { $0.from < $1.from }
  }

  /// Whether `percent` can be a rate: 0 to 100 with at most ``maximumDecimals`` decimals.
  package static func accepts(_ percent: ExactDecimal) -> Bool {
    guard percent.significand >= 0, percent.scale <= maximumDecimals else { return false }
    return percent.significand <= 100 * scaleFactor(0) / scaleFactor(percent.scale)
  }

  /// Whether a rate is set.
  package var isSet: Bool { !rates.isEmpty }

  /// The rate in force on `day`.
  package func rate(on day: CalendarDate) -> Rate? {
    rates.last { $0.from <= day } ?? rates.first
  }

  /// The plan with `percent` in force from `day`: a rate already set that day is replaced.
  func setting(_ percent: ExactDecimal, from day: CalendarDate) -> FloorPlan {
    var kept = rates.filter { $0.from != day }
    kept.append(Rate(from: day, percent: percent))
    return FloorPlan(rates: kept)
  }

  /// What one car costing `cost` accrues from `received` until `end` (days `received` up to,
  /// not including, `end`), in the cost's currency, rounded once by `rounding`; zero when no
  /// rate is set or `end` is not after `received`.
  ///
  /// - Throws: ``MoneyError/overflow(_:)`` when the interest does not fit.
  package func interest(
    on cost: Money, from received: CalendarDate, to end: CalendarDate, rounding: Rounding
  ) throws(MoneyError) -> Money {
    let zero = Money(minorUnits: 0, currency: cost.currency)
    guard !rates.isEmpty, received < end else { return zero }
    // Σ percent × 10^4 × days over the stretches of one rate, then one division.
    var weighted: Int64 = 0
    var day = received
    for (index, rate) in rates.enumerated() {
      let next = index + 1 < rates.count ? rates[index + 1].from : end
      guard next > day else { continue }
      let stop = min(next, end)
      let days = Int64(day.days(until: stop))
      let scaled = rate.percent.significand * Self.scaleFactor(rate.percent.scale)
      let (part, overflow) = scaled.multipliedReportingOverflow(by: days)
      let (sum, overflowed) = weighted.addingReportingOverflow(part)
      guard !overflow, !overflowed else { throw .overflow("floor plan on \(cost)") }
      weighted = sum
      day = stop
      if day >= end { break }
    }
    return try cost.scaled(
      by: weighted, over: 365 * 100 * Self.scaleFactor(0), in: cost.currency, rounding: rounding)
  }

  /// 10^(4 − scale): a percent's significand put at four decimals.
  private static func scaleFactor(_ scale: Int) -> Int64 {
    var factor: Int64 = 1
    for _ in 0..<max(0, maximumDecimals - scale) { factor *= 10 }
    return factor
  }
}
