internal import Dealership
internal import StockValuation
import Support

/// The stock report page's chart: one bar per category, its length in proportion to the
/// category's exact value (SPEC §12, "Stock report page").
extension HTMLPage {
  /// The chart's drawing width for the longest bar, in SVG units.
  static let barWidth = 420

  /// An inline SVG bar chart of a report's value by category.
  ///
  /// - Parameters:
  ///   - report: The report (its currency's values are drawn).
  ///   - money: The session's money settings, which format the amounts.
  /// - Returns: The SVG, or an empty string for a report without categories.
  static func chart(of report: StockReport, money: MoneySettings) -> String {
    let categories = Array(report.categories)
    guard !categories.isEmpty else { return "" }
    let largest = categories.map { max(0, $0.value.minorUnits) }.max() ?? 0
    let (rowHeight, labelWidth, top) = (18, 150, 22)
    let height = top + rowHeight * categories.count + 6
    let width = labelWidth + barWidth + 120
    let code = escape(report.total.currency.code)
    var svg =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
      + "viewBox=\"0 0 \(width) \(height)\" role=\"img\" "
      + "aria-label=\"Stock value by category in \(code)\">\n"
    svg += "<text x=\"0\" y=\"12\">Value by category (\(code))</text>\n"
    for (index, category) in categories.enumerated() {
      let y = top + rowHeight * index
      let length = Self.length(of: category.value.minorUnits, largest: largest)
      let label = escape(category.name)
      // The label column holds about 26 characters; the bar's title has the whole name.
      svg += "<text x=\"0\" y=\"\(y + 12)\">\(escape(category.name.capped(at: 26)))</text>\n"
      svg +=
        "<rect x=\"\(labelWidth)\" y=\"\(y + 2)\" width=\"\(length)\" height=\"\(rowHeight - 6)\" "
        + "fill=\"#3b6ea8\"><title>\(label): \(escape(money.format(category.value)))</title></rect>\n"
      svg +=
        "<text x=\"\(labelWidth + barWidth + 6)\" y=\"\(y + 12)\">"
        + "\(escape(money.format(category.value)))</text>\n"
    }
    return svg + "</svg>"
  }

  /// A bar's length for `value` when the largest is `largest`, in tenths of a unit, written
  /// as a decimal (`210.5`): integer arithmetic on the exact minor units, no floating point.
  static func length(of value: Int64, largest: Int64) -> String {
    guard largest > 0, value > 0 else { return "0" }
    let tenths = Int128(value) * Int128(barWidth * 10) / Int128(largest)
    return "\(tenths / 10).\(tenths % 10)"
  }
}
