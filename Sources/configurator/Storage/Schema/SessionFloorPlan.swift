internal import Dealership
internal import StockValuation
import Support

/// The floor plan in a session file (version 8): its rates, oldest first,
/// `[{"from":"2025-03-10","apr":"7.3"}]`.
enum SessionFloorPlan {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case from, apr
  }

  /// The plan at `field`: a list of rates, each a day and a percent from 0 to 100 with at
  /// most four decimals, the days ascending.
  static func plan(_ field: any Decoder) throws -> FloorPlan {
    var list = try field.unkeyedContainer()
    var rates: [FloorPlan.Rate] = []
    while !list.isAtEnd {
      let entry = try list.superDecoder()
      guard rates.count < FloorPlan.maximumRates else {
        throw entry.invalid("more than \(FloorPlan.maximumRates) floor plan rates")
      }
      let container = try entry.strictContainer(keyedBy: CodingKeys.self)
      let dayField = try container.requiredDecoder(forKey: .from)
      let day = try SessionFields.date(dayField)
      if let last = rates.last, day <= last.from {
        throw dayField.invalid("must be after the rate before's day \(last.from), got \(day)")
      }
      let percentField = try container.requiredDecoder(forKey: .apr)
      let percent = try SessionFields.decimal(percentField)
      guard FloorPlan.accepts(percent) else {
        throw percentField.invalid("expected a percent from 0 to 100, got \(percent)")
      }
      rates.append(FloorPlan.Rate(from: day, percent: percent))
    }
    return FloorPlan(rates: rates)
  }

  /// The plan on one line.
  static func json(_ plan: FloorPlan) -> String {
    let entries = plan.rates.map { rate in
      var object = JSONObject()
      object.add("from", rate.from.description)
      object.add("apr", rate.percent.description)
      return object.rendered
    }
    return "[" + entries.joined(separator: ",") + "]"
  }
}
