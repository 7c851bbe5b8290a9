internal import CarFactory
internal import Dealership
internal import StockValuation

extension CSVRenderer {
  /// `quote N …` as a table: one row per line (`kind` line or included), then subtotal,
  /// discount, tax and total, every amount in the quote currency; then an `attribute` row per
  /// declared attribute's total (its unit in `currency`).
  func quote(_ quote: Quote) {
    header(CSV.row(["build", "kind", "item", "amount", "currency", "percent"]))
    let build = String(quote.build)
    let code = quote.currency.code
    for line in quote.lines {
      out.line(
        CSV.row([
          build, line.isIncluded ? "included" : "line", line.label, line.amount.decimalString,
          code, "",
        ]))
    }
    out.line(CSV.row([build, "subtotal", "Subtotal", quote.subtotal.decimalString, code, ""]))
    if let discount = quote.discount {
      out.line(
        CSV.row([
          build, "discount", "Discount", discount.amount.decimalString, code,
          discount.percent?.description ?? "",
        ]))
    }
    if let tax = quote.tax {
      out.line(
        CSV.row([
          build, "tax", tax.label ?? "Tax", tax.amount.decimalString, code, tax.percent.description,
        ]))
    }
    out.line(CSV.row([build, "total", "Total", quote.total.decimalString, code, ""]))
    // The car's attribute totals (SPEC §13): the name as the item, the unit as the currency.
    for total in quote.totals {
      out.line(
        CSV.row([
          build, "attribute", total.attribute.name, total.plainText, total.attribute.unit, "",
        ]))
    }
  }

  /// `compare N M` as a table: one row per difference, then the prices (USD).
  func comparison(_ comparison: Comparison) {
    let (a, b) = (String(comparison.first), String(comparison.second))
    header(CSV.row(["value", "build_\(a)", "build_\(b)"]))
    for difference in comparison.differences {
      out.line(CSV.row([difference.group, difference.first, difference.second]))
    }
    out.line(
      CSV.row([
        "price_usd", Self.decimal(comparison.firstPrice), Self.decimal(comparison.secondPrice),
      ]))
  }
}
