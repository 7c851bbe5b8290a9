internal import CarFactory
internal import Dealership
internal import StockValuation

/// `stock show` and `sales` as CSV tables.
extension CSVRenderer {
  /// `stock show`: one row, the line and the build it came from.
  func stockLine(_ view: StockLineView) {
    let line = view.line
    header(
      CSV.row([
        "stock_number", "name", "category", "vin", "quantity", "unit_price_usd", "tax_percent",
        "build", "model",
      ]))
    out.line(
      CSV.row([
        line.stockNumber.map(StockNumber.text) ?? "", line.name, line.category, line.vin ?? "",
        String(line.quantity), line.unitPrice.decimalString, line.taxPercent?.description ?? "",
        view.build.map(String.init) ?? "", view.view?.line.model.rawValue ?? "",
      ]))
  }

  /// `sales`: a row per entry and a total row; per currency its list, price and difference.
  func sales(_ report: SalesReport) {
    let codes = report.currencies.map { $0.code.lowercased() }
    header(
      CSV.row(
        [
          "kind", "sale", "voids", "date", "stock_number", "name", "category", "vin", "quantity",
          "currency", "charged", "customer", "order", "tax", "deposit", "cost", "floor_plan",
          "gross", "trade_vin", "trade_acv", "trade_allowance",
        ] + codes.flatMap { ["list_\($0)", "price_\($0)", "difference_\($0)"] }))
    for row in report.rows {
      let sale = row.sale
      let earned: [String] = [
        row.earned?.cost.decimalString ?? "", row.earned?.floorPlan.decimalString ?? "",
        row.earned?.gross.decimalString ?? "", sale.tradeIn?.vin ?? "",
        sale.tradeIn?.acv.decimalString ?? "", sale.tradeIn?.allowance.decimalString ?? "",
      ]
      out.line(
        CSV.row(
          [
            sale.voids == nil ? "sale" : "void", String(sale.number),
            sale.voids.map(String.init) ?? "", sale.date.description,
            StockNumber.text(sale.stockNumber), sale.line.name, sale.line.category,
            sale.line.vin ?? "", String(sale.signedQuantity), sale.currency.code,
            row.charged.decimalString, sale.customer ?? "",
            sale.order.map { "O-\($0)" } ?? "", sale.tax?.decimalString ?? "",
            sale.deposit?.decimalString ?? "",
          ] + earned + row.figures.flatMap(Self.cells)))
    }
    out.line(
      CSV.row(
        ["total", "", "", "", "", "", "", "", String(report.quantity), "", "", "", "", "", ""]
          + ["", "", report.gross.count == 1 ? report.gross[0].decimalString : "", "", "", ""]
          + report.totals.flatMap(Self.cells)))
  }

  private static func cells(_ figures: SalesReport.Figures) -> [String] {
    [figures.list.decimalString, figures.price.decimalString, figures.difference.decimalString]
  }
}
