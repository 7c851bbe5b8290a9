internal import Dealership
internal import StockValuation

extension TextRenderer {
  /// `stock aging`: a row per band of days since received, then the total.
  func stockAging(_ aging: StockAging, money: MoneySettings) {
    let plan = aging.floorPlanRate.map { "; floor plan \($0)% a year, Act/365" } ?? ""
    out.line(
      "Stock aging on \(aging.date) in \(aging.currency.code) (days since received\(plan)).")
    var columns: [(String, TextTable.Alignment)] = [
      ("DAYS", .left), ("CARS", .right), ("NO COST", .right), ("COST", .right),
      ("VALUE", .right),
    ]
    let showsInterest = aging.total.interest != nil
    if showsInterest { columns.append(("FLOOR PLAN", .right)) }
    var table = TextTable(columns)
    // The total is the last row by place: an undated band holding the whole stock has the
    // total's figures, and is still its own row.
    let rows = aging.bands.map { ($0.span.label, $0) } + [("Total", aging.total)]
    for (label, band) in rows {
      var row = [
        label, money.count(band.count), money.count(band.uncosted), money.format(band.cost),
        money.format(band.value),
      ]
      if showsInterest { row.append(band.interest.map(money.format) ?? "") }
      table.append(row)
    }
    table.write(to: out, width: width)
  }
}
