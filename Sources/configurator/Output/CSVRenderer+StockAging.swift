internal import Dealership
internal import StockValuation

extension CSVRenderer {
  /// `stock aging`: a row per band of days since received and a total row.
  func stockAging(_ aging: StockAging) {
    header(
      CSV.row([
        "kind", "band", "from_days", "to_days", "cars", "uncosted", "cost", "value", "currency",
        "date", "floor_plan",
      ]))
    let code = aging.currency.code
    for band in aging.bands {
      let (from, to): (String, String) =
        switch band.span {
        case .days(let lower, let upper): (String(lower), String(upper))
        case .over(let days): (String(days + 1), "")
        case .undated: ("", "")
        }
      out.line(
        CSV.row([
          "band", band.span.label, from, to, String(band.count), String(band.uncosted),
          band.cost.decimalString, band.value.decimalString, code, aging.date.description,
          band.interest?.decimalString ?? "",
        ]))
    }
    let total = aging.total
    out.line(
      CSV.row([
        "total", "", "", "", String(total.count), String(total.uncosted),
        total.cost.decimalString, total.value.decimalString, code, aging.date.description,
        total.interest?.decimalString ?? "",
      ]))
  }
}
