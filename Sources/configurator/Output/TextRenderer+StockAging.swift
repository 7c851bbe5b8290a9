internal import Dealership
internal import StockValuation

extension TextRenderer {
  /// `stock aging`: a row per band of days since received, then the total.
  func stockAging(_ aging: StockAging, money: MoneySettings) {
    out.line("Stock aging on \(aging.date) in \(aging.currency.code) (days since received).")
    var table = TextTable([
      ("DAYS", .left), ("CARS", .right), ("NO COST", .right), ("COST", .right),
      ("VALUE", .right),
    ])
    // The total is the last row by place: an undated band holding the whole stock has the
    // total's figures, and is still its own row.
    let rows = aging.bands.map { ($0.span.label, $0) } + [("Total", aging.total)]
    for (label, band) in rows {
      table.append([
        label, money.count(band.count), money.count(band.uncosted), money.format(band.cost),
        money.format(band.value),
      ])
    }
    table.write(to: out, width: width)
  }
}
