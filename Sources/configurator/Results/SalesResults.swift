internal import CarFactory
internal import StockValuation

/// `stock show S-N`: one stock line and the whole car it holds.
struct StockLineView {
  let line: StockLine
  /// The build it was stocked from and the car made again from its specification, when it
  /// came from a build (`nil` view when its model can no longer make it).
  let build: Int?
  let view: BuildView?
}

/// `sales [from=…] [to=…] [CODE…]`: the ledger's entries in the days asked for, with each
/// entry's figures and the totals in every currency asked for.
struct SalesReport {
  let from: CalendarDate?
  let to: CalendarDate?
  let currencies: [Currency]
  /// The rate used for each currency, in order.
  let rates: [AppliedRate]
  let rounding: Rounding
  let rows: [Row]
  /// The totals, one per currency.
  let totals: [Figures]
  /// The net quantity sold (voids count negative).
  let quantity: Int64

  /// An entry and its figures.
  struct Row {
    let sale: Sale
    /// What was charged in the sale's currency: unit price × quantity, negative for a void.
    let charged: Money
    /// The figures in each currency asked for.
    let figures: [Figures]
  }

  /// List price, price and their difference (price − list), each the entry's whole
  /// quantity, converted once from its exact USD figure.
  struct Figures {
    let list: Money
    let price: Money
    let difference: Money
  }

  /// The number of sales and of voids listed.
  var saleCount: Int { rows.count { $0.sale.voids == nil } }
  var voidCount: Int { rows.count { $0.sale.voids != nil } }
}
