internal import Dealership
internal import StockValuation

extension CSVRenderer {
  /// `stock usd gbp eur` as one table: the stock report's columns with a `value_CODE` column
  /// per currency asked for instead of `value_usd`, `value` and `currency`.
  func stockColumns(_ reports: [StockReport]) {
    guard let first = reports.first else { return }
    let codes = reports.map(\.total.currency.code)
    header(
      CSV.row(
        ["kind", "category", "name", "quantity", "unit_price_usd", "tax_percent"]
          + codes.map { "value_\($0.lowercased())" } + [
            "stock_number", "vin", "cost", "cost_currency", "received",
          ]))
    let categories = reports.map { Array($0.categories) }
    for (position, category) in categories[0].enumerated() {
      let children = categories.map { Array($0[position].children) }
      for (index, node) in category.children.enumerated() {
        let values = children.map { $0[index].value.decimalString }
        let kind = node.line == nil ? "summary" : "line"
        out.line(
          CSV.row(
            [
              kind, category.name, node.line?.name ?? node.name, String(node.itemCount),
              node.line?.unitPrice.decimalString ?? "",
              node.line?.taxPercent?.description ?? "",
            ] + values
              + [
                node.line.map(TextRenderer.number) ?? "", node.line?.vin ?? "",
                node.line?.cost?.decimalString ?? "", node.line?.cost?.currency.code ?? "",
                node.line?.received?.description ?? "",
              ]))
      }
      out.line(
        CSV.row(
          [
            "category", category.name, "", String(category.itemCount), "", "",
          ] + categories.map { $0[position].value.decimalString } + ["", "", "", "", ""]))
    }
    out.line(
      CSV.row(
        ["total", "", "", String(first.itemCount), "", ""]
          + reports.map(\.total.decimalString) + ["", "", "", "", ""]))
  }
}
