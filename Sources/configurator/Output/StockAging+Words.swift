internal import Dealership

extension StockAging.Span {
  /// The band as the renderers name it: `0-30`, `31-60`, `61-90`, `90+`, `undated`.
  var label: String {
    switch self {
    case .days(let lower, let upper): "\(lower)-\(upper)"
    case .over(let days): "\(days)+"
    case .undated: "undated"
    }
  }
}
