internal import Dealership
internal import StockValuation

extension TextRenderer {
  /// `stock usd gbp eur`: the lines once, a value column per currency, then each currency's
  /// rate and headline. The reports share their lines, so their nodes pair up in order.
  func stockColumns(_ reports: [StockReport], money: MoneySettings) {
    guard let first = reports.first else { return }
    let codes = reports.map(\.total.currency.code)
    out.line("Stock in \(codes.joined(separator: ", ")).")
    for report in reports where !report.rate.legs.isEmpty {
      out.line("\(Self.rateLine(report, on: money.reportDay)).")
    }
    if !first.categories.isEmpty {
      let vin = first.hasVIN
      let table = TextTable(
        [("NO.", .left), ("CATEGORY", .left), ("PRODUCT", .left)]
          + (vin ? [("VIN", .left)] : [])
          + [("QTY", .right), ("UNIT PRICE", .right), ("TAX", .right)]
          + codes.map { ("VALUE \($0)", .right) })
      table.stream(to: out, width: width) { row in
        let categories = reports.map { Array($0.categories) }
        for (position, category) in categories[0].enumerated() {
          let children = categories.map { Array($0[position].children) }
          for (index, node) in category.children.enumerated() {
            let values = children.map { money.format($0[index].value) }
            guard let line = node.line else {
              row(
                ["", category.name, "(lines of \(node.name))"] + (vin ? [""] : [])
                  + [money.count(node.itemCount), "", ""] + values)
              continue
            }
            row(
              [Self.number(line), category.name, line.name] + (vin ? [line.vin ?? ""] : [])
                + [
                  money.count(line.quantity), money.shown(line.unitPrice, in: money.currency),
                  line.taxPercent.map { "\($0)%" } ?? "",
                ] + values)
          }
          row(
            ["", category.name, "Subtotal"] + (vin ? [""] : [])
              + [money.count(category.itemCount), "", ""]
              + categories.map { money.format($0[position].value) })
        }
      }
    }
    for report in reports { out.line(money.headline(of: report)) }
  }
}
