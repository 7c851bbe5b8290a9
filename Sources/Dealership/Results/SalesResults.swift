package import CarFactory
package import StockValuation

/// `stock show S-N`: one stock line and the whole car it holds.
package struct StockLineView {
  package let line: StockLine
  /// The build it was stocked from and the car made again from its specification, when it
  /// came from a build (`nil` view when its model can no longer make it).
  package let build: Int?
  package let view: BuildView?
}

/// `sales [from=…] [to=…] [CODE…]`: the ledger's entries in the days asked for, with each
/// entry's figures and the totals in every currency asked for.
package struct SalesReport {
  package let from: CalendarDate?
  package let to: CalendarDate?
  package let currencies: [Currency]
  /// The rate used for each currency, in order.
  package let rates: [AppliedRate]
  package let rounding: Rounding
  package let rows: [Row]
  /// The totals, one per currency.
  package let totals: [Figures]
  /// The net quantity sold (voids count negative).
  package let quantity: Int64
  /// What was charged (net of tax) and the tax on it, one total each per sale currency in
  /// the order they first appear: what an accounting export's revenue and tax accounts hold.
  package let charged: [Money]
  package let tax: [Money]
  /// The front gross of the entries whose cost is known, one total per sale currency in
  /// the order they first appear.
  package let gross: [Money]
  /// The net quantity whose gross is not known (no cost, or one in a third currency).
  package let withoutGross: Int64

  /// An entry and its figures.
  package struct Row {
    package let sale: Sale
    /// What was charged in the sale's currency: unit price × quantity, negative for a void.
    package let charged: Money
    /// The figures in each currency asked for.
    package let figures: [Figures]
    /// The entry's cost, floor plan and front gross in the sale's currency, negative for a
    /// void; `nil` when its cost is not known.
    package let earned: UnitGross?
  }

  /// List price, price and their difference (price − list), each the entry's whole
  /// quantity, converted once from its exact USD figure.
  package struct Figures {
    package let list: Money
    package let price: Money
    package let difference: Money
  }

  /// The number of sales and of voids listed.
  package var saleCount: Int { rows.count { $0.sale.voids == nil } }
  package var voidCount: Int { rows.count { $0.sale.voids != nil } }
}
