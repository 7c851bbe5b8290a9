internal import Dealership
internal import StockValuation
import Support

/// The pages' charts (SPEC §12, §15): the stock report's value by category and the sales
/// page's price by category, one chart a currency, each bar in proportion to its exact
/// amount in minor units.
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
    barChart(
      title: "Value by category", currency: report.total.currency,
      bars: report.categories.map { ($0.name, $0.value) }, money: money)
  }

  /// The sales page's charts: one a currency asked for, each category's price sold (voids
  /// counted negative), in that currency.
  static func charts(of report: SalesReport, money: MoneySettings) -> [String] {
    report.currencies.enumerated().map { index, currency in
      var categories: [String] = []
      var totals: [String: Int64] = [:]
      for row in report.rows where index < row.figures.count {
        let category = row.sale.line.category
        if totals[category] == nil { categories.append(category) }
        let (sum, overflow) = (totals[category] ?? 0).addingReportingOverflow(
          row.figures[index].price.minorUnits)
        totals[category] = overflow ? totals[category] : sum
      }
      return barChart(
        title: "Sales by category", currency: currency,
        bars: categories.map { ($0, Money(minorUnits: totals[$0] ?? 0, currency: currency)) },
        money: money)
    }
  }

  /// An inline SVG bar chart: a bar per label, its length in proportion to its amount
  /// (negative amounts draw none), the amount written after it.
  ///
  /// - Returns: The SVG, or an empty string without bars.
  static func barChart(
    title: String, currency: Currency, bars: [(String, Money)], money: MoneySettings
  ) -> String {
    guard !bars.isEmpty else { return "" }
    let largest = bars.map { max(0, $0.1.minorUnits) }.max() ?? 0
    let (rowHeight, labelWidth, top) = (18, 150, 22)
    let height = top + rowHeight * bars.count + 6
    let width = labelWidth + barWidth + 120
    let code = escape(currency.code)
    var svg =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
      + "viewBox=\"0 0 \(width) \(height)\" role=\"img\" "
      + "aria-label=\"\(escape(title)) in \(code)\">\n"
    svg += "<text x=\"0\" y=\"12\">\(escape(title)) (\(code))</text>\n"
    for (index, (name, amount)) in bars.enumerated() {
      let y = top + rowHeight * index
      let length = Self.length(of: amount.minorUnits, largest: largest)
      let label = escape(name)
      // The label column holds about 26 characters; the bar's title has the whole name.
      svg += "<text x=\"0\" y=\"\(y + 12)\">\(escape(name.capped(at: 26)))</text>\n"
      svg +=
        "<rect x=\"\(labelWidth)\" y=\"\(y + 2)\" width=\"\(length)\" height=\"\(rowHeight - 6)\" "
        + "fill=\"#3b6ea8\"><title>\(label): \(escape(money.format(amount)))</title></rect>\n"
      svg +=
        "<text x=\"\(labelWidth + barWidth + 6)\" y=\"\(y + 12)\">"
        + "\(escape(money.format(amount)))</text>\n"
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
