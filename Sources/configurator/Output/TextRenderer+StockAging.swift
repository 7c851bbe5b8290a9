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
    for band in aging.bands + [aging.total] {
      table.append([
        band == aging.total ? "Total" : band.span.label, money.count(band.count),
        money.count(band.uncosted), money.format(band.cost), money.format(band.value),
      ])
    }
    table.write(to: out, width: width)
  }
}
