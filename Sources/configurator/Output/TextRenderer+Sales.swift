internal import Dealership
internal import StockValuation
import Support

/// Stock numbers, `stock show`, `stock sell`, its voids and `sales` in words and tables.
extension TextRenderer {
  /// A line's stock number as its table cell: `S-3`.
  static func number(_ line: StockLine) -> String {
    line.stockNumber.map(StockNumber.text) ?? ""
  }

  /// `Sold 1 × S-6 VW Golf to Ann Lee for £17,000.00 (list £17,196.33) on 2025-03-03:
  /// sale 1; 0 left in stock.`, then the rate when the sale is not in USD.
  func sold(_ sale: Sale, left: Int64, money: MoneySettings) {
    let customer = sale.customer.map { " to \($0)" } ?? ""
    let each = sale.line.quantity == 1 ? "" : " each"
    out.line(
      ("Sold \(money.count(sale.line.quantity)) × \(Self.number(sale.line)) \(sale.line.name)"
        + "\(customer) for \(money.format(sale.price))\(each) (list "
        + "\(money.format(sale.listPrice))) on \(sale.date): sale \(sale.number); "
        + "\(money.count(left)) left in stock.").escapingControlCharacters)
    if let rate = sale.rate { out.line(Self.rateSentence(rate, currency: sale.currency)) }
    if let trade = sale.tradeIn {
      let over = (try? trade.overAllowance).map(money.format) ?? ""
      out.line(
        "Took in trade VIN \(trade.vin) as \(StockNumber.text(trade.stockNumber)) at "
          + "\(money.format(trade.acv)) (allowance \(money.format(trade.allowance)), "
          + "over-allowance \(over))."
      )
    }
  }

  /// `Voided sale 1 (1 × S-6 VW Golf, £17,000.00) on 2025-03-04: entry 2; 1 in stock.`
  func voided(_ void: Sale, inStock: Int64, money: MoneySettings) {
    let charged = (try? void.price.multiplied(by: void.line.quantity)).map(money.format) ?? ""
    out.line(
      ("Voided sale \(void.voids ?? 0) (\(money.count(void.line.quantity)) × "
        + "\(Self.number(void.line)) \(void.line.name), \(charged)) on \(void.date): "
        + "entry \(void.number); \(money.count(inStock)) in stock.").escapingControlCharacters)
    if let trade = void.tradeIn {
      out.line(
        "Trade-in \(StockNumber.text(trade.stockNumber)) (VIN \(trade.vin)) left stock, "
          + "back to the customer.")
    }
  }

  /// `Rate: 1 USD = 0.60338 GBP (command line, 2025-02-28).`
  static func rateSentence(_ rate: SaleRate, currency: Currency) -> String {
    let notes = [rate.source] + (rate.date.map { [$0.description] } ?? [])
    return "Rate: 1 USD = \(rate.value) \(currency.code) (\(notes.joined(separator: ", ")))."
  }

  /// `stock show S-N`: the line's fields, then the car's detail block.
  func stockLine(_ view: StockLineView, money: MoneySettings) {
    let line = view.line
    var fields: [(String, String)] = [
      ("Stock number", Self.number(line)), ("Product", line.name), ("Category", line.category),
    ]
    if let vin = line.vin { fields.append(("VIN", vin)) }
    fields += [
      ("Quantity", money.count(line.quantity)),
      ("Unit price", money.shown(line.unitPrice, in: money.currency)),
    ]
    if let tax = line.taxPercent { fields.append(("Tax", "\(tax)%")) }
    if let cost = line.cost { fields.append(("Cost", money.format(cost))) }
    if let received = line.received {
      let days = money.reportDay.map { max(0, received.days(until: $0)) }
      fields.append(("Received", "\(received)" + (days.map { " (\($0) days in stock)" } ?? "")))
    }
    for (label, value) in fields { out.line("\(label): \(value)".escapingControlCharacters) }
    guard let build = view.build else {
      out.line("Specification: none (the line came from an inventory)")
      return
    }
    guard let car = view.view else {
      out.line("Specification: build #\(build), whose model can no longer make it")
      return
    }
    out.line("Specification (stocked from build #\(build)):")
    out.write(bytes: block(of: car, money: money))
  }

  /// `sales`: a table of the entries, a totals row, the rates and a headline.
  func sales(_ report: SalesReport, money: MoneySettings) {
    let codes = report.currencies.map(\.code)
    let days =
      switch (report.from, report.to) {
      case (nil, nil): ""
      case (let from?, nil): " from \(from)"
      case (nil, let to?): " to \(to)"
      case (let from?, let to?): " from \(from) to \(to)"
      }
    out.line("Sales\(days) in \(codes.joined(separator: ", ")).")
    for rate in report.rates where !rate.legs.isEmpty {
      out.line(
        "Rate: \(rate.description), rounding \(report.rounding.rawValue)"
          + Self.ageNote(of: rate, on: report.to ?? money.reportDay) + ".")
    }
    // The gross column only when some entry's cost is known.
    let showsGross = !report.gross.isEmpty
    if !report.rows.isEmpty {
      var table = TextTable(
        [
          ("SALE", .right), ("DATE", .left), ("NO.", .left), ("PRODUCT", .left), ("QTY", .right),
          ("CHARGED", .right),
        ] + (showsGross ? [("GROSS", .right)] : []) + [("CUSTOMER", .left)]
          + codes.flatMap { code -> [(String, TextTable.Alignment)] in
            [("LIST \(code)", .right), ("PRICE \(code)", .right), ("DIFF \(code)", .right)]
          })
      for row in report.rows {
        let sale = row.sale
        let product = sale.line.name + (sale.voids.map { " (void of sale \($0))" } ?? "")
        let gross = showsGross ? [row.earned.map { money.format($0.gross) } ?? ""] : []
        table.append(
          [
            String(sale.number), sale.date.description, Self.number(sale.line), product,
            money.count(sale.signedQuantity), money.format(row.charged),
          ] + gross + [sale.customer ?? ""] + row.figures.flatMap(Self.cells(money)))
      }
      // The charged and gross totals when the entries are in one currency.
      let charged = report.charged.count == 1 ? money.format(report.charged[0]) : ""
      let gross =
        report.gross.count == 1 && report.charged.count == 1 ? money.format(report.gross[0]) : ""
      table.append(
        ["", "", "", "Total", money.count(report.quantity), charged]
          + (showsGross ? [gross] : []) + [""] + report.totals.flatMap(Self.cells(money)))
      table.write(to: out, width: width)
    }
    let cars = report.quantity == 1 ? "car" : "cars"
    let voids = report.voidCount == 0 ? "" : ", \(report.voidCount) voided"
    let total = report.totals.first.map { money.format($0.price) } ?? ""
    let difference = report.totals.first.map { money.format($0.difference) } ?? ""
    out.line(
      "\(money.count(report.quantity)) \(cars) sold (\(report.saleCount) "
        + "\(report.saleCount == 1 ? "sale" : "sales")\(voids)). Total: \(total) "
        + "(\(difference) to list).")
    // What the table cannot total: tax, and entries in several currencies.
    if report.charged.count > 1 || report.tax.contains(where: { $0.minorUnits != 0 }) {
      let taxed = zip(report.charged, report.tax).map { charged, tax in
        money.format(charged) + (tax.minorUnits == 0 ? "" : " + tax " + money.format(tax))
      }
      out.line("Charged: " + taxed.joined(separator: "; ") + ".")
    }
    if showsGross {
      let unknown =
        report.withoutGross == 0
        ? "" : "; \(money.count(report.withoutGross)) without a known cost"
      out.line(
        "Front gross (price − cost − floor plan"
          + (report.rows.contains { $0.sale.tradeIn != nil } ? " − trade-in over-allowance" : "")
          + "): "
          + report.gross.map(money.format).joined(separator: ", ") + unknown + ".")
    }
  }

  private static func cells(_ money: MoneySettings) -> (SalesReport.Figures) -> [String] {
    { [money.format($0.list), money.format($0.price), money.format($0.difference)] }
  }
}
