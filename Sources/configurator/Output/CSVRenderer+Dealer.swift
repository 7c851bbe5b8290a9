internal import CarFactory
internal import StockValuation

extension CSVRenderer {
  /// `quote N` as a table: one row per item, then the total (and the converted total).
  func quote(_ quote: Quote) {
    header(CSV.row(["build", "item", "amount", "currency", "note"]))
    let build = String(quote.build)
    for item in quote.items {
      out.line(CSV.row([build, item.label, Self.decimal(item.amount), "USD", item.note ?? ""]))
    }
    out.line(CSV.row([build, "Total", Self.decimal(quote.total), "USD", ""]))
    if let converted = quote.converted {
      out.line(
        CSV.row([
          build, "Total", converted.total.decimalString, converted.total.currency.code,
          converted.rate.description,
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
