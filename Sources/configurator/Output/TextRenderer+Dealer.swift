internal import CarFactory
internal import StockValuation
import Support

extension TextRenderer {
  /// `quote N`: the items with their amounts in USD, the total, and the total in the
  /// quote's currency with the rate used.
  func quote(_ quote: Quote, money: MoneySettings) {
    out.line("Quote for build #\(quote.build): \(quote.name.escapingControlCharacters)")
    var table = TextTable([("ITEM", .left), ("USD", .right)])
    for (index, item) in quote.items.enumerated() {
      let amount = money.usd(item.amount)
      table.append([
        item.label + (item.note.map { " (\($0))" } ?? ""), index == 0 ? amount : "+" + amount,
      ])
    }
    table.append(["Total", money.usd(quote.total)])
    for line in table.render() { out.line(line) }
    if let converted = quote.converted {
      out.line(
        "Total in \(converted.total.currency.code): \(money.format(converted.total)) "
          + "(rate: \(converted.rate.description), rounding \(converted.rounding.rawValue); "
          + "converted once from the USD total)")
    }
  }

  /// `compare N M`: what differs, then the prices and their difference.
  func comparison(_ comparison: Comparison, money: MoneySettings) {
    let (a, b) = ("#\(comparison.first)", "#\(comparison.second)")
    out.line(
      "Build \(a): \(comparison.firstName.escapingControlCharacters); "
        + "build \(b): \(comparison.secondName.escapingControlCharacters)")
    var table = TextTable([("", .left), (a, .left), (b, .left)])
    for difference in comparison.differences {
      table.append([difference.group, difference.first, difference.second])
    }
    table.append([
      "price", money.listed(comparison.firstPrice), money.listed(comparison.secondPrice),
    ])
    for line in table.render() { out.line(line) }
    if comparison.differences.isEmpty { out.line("Same values.") }
    let (difference, overflow) = comparison.secondPrice.cents.subtractingReportingOverflow(
      comparison.firstPrice.cents)
    guard !overflow else { return }
    let sign = difference > 0 ? "+" : ""
    out.line("Difference \(b) - \(a): \(sign)\(money.listed(Price(cents: difference)))")
  }
}
