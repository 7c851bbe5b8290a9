internal import Dealership
internal import StockValuation

/// `stock show`, sales, voids and `sales` as JSON objects.
extension JSONLinesRenderer {
  /// A ledger entry: `{"type":"sale","sale":1,"date":"2025-03-03","stockNumber":"S-6",…}`.
  static func saleObject(_ sale: Sale, type: String) -> JSONObject {
    var object = JSONObject()
    object.add("type", type)
    object.add("sale", sale.number)
    if let voids = sale.voids { object.add("voids", voids) }
    object.add("date", sale.date.description)
    object.add("stockNumber", StockNumber.text(sale.stockNumber))
    object.add("name", sale.line.name)
    object.add("category", sale.line.category)
    object.add("vin", sale.line.vin)
    object.add("build", sale.specification?.build)
    object.add("quantity", sale.signedQuantity)
    object.add("currency", sale.currency.code)
    if let rate = sale.rate {
      var entry = JSONObject()
      entry.add("value", rate.value)
      entry.add("date", rate.date?.description)
      entry.add("source", rate.source)
      object.add("rate", entry)
    }
    object.add("listPrice", money(sale.listPrice))
    object.add("price", money(sale.price))
    object.add("listPriceUSD", money(sale.line.unitPrice))
    object.add("priceUSD", money(sale.priceUSD))
    object.add("customer", sale.customer)
    // A sale of an order (SPEC §15): the order, the unit tax and the deposit applied.
    if let order = sale.order { object.add("order", "O-\(order)") }
    if let tax = sale.tax { object.add("tax", money(tax)) }
    if let deposit = sale.deposit { object.add("deposit", money(deposit)) }
    if let cost = sale.line.cost { object.add("unitCost", money(cost)) }
    if let received = sale.line.received { object.add("received", received.description) }
    if let floorPlan = sale.floorPlan { object.add("unitFloorPlan", money(floorPlan)) }
    if let trade = sale.tradeIn {
      var entry = JSONObject()
      entry.add("vin", trade.vin)
      entry.add("stockNumber", StockNumber.text(trade.stockNumber))
      entry.add("acv", money(trade.acv))
      entry.add("allowance", money(trade.allowance))
      if let over = try? trade.overAllowance { entry.add("overAllowance", money(over)) }
      object.add("tradeIn", entry)
    }
    return object
  }

  /// `sales`: one object with every entry and the totals, in each currency asked for.
  func sales(_ report: SalesReport, on day: CalendarDate?) -> JSONObject {
    var object = JSONObject()
    object.add("type", "sales")
    object.add("from", report.from?.description)
    object.add("to", report.to?.description)
    object.add("currencies", strings: report.currencies.map(\.code))
    object.add("rates", report.rates.map { Self.rate($0, on: report.to ?? day) })
    object.add("rounding", report.rounding.rawValue)
    object.add(
      "entries",
      report.rows.map { row in
        var entry = Self.saleObject(row.sale, type: row.sale.voids == nil ? "sale" : "void")
        entry.add("charged", Self.money(row.charged))
        entry.add("values", Self.figures(row.figures, report.currencies))
        // The whole entry's cost, floor plan and front gross in the sale's currency.
        if let earned = row.earned {
          entry.add("cost", Self.money(earned.cost))
          entry.add("floorPlan", Self.money(earned.floorPlan))
          entry.add("overAllowance", Self.money(earned.overAllowance))
          entry.add("gross", Self.money(earned.gross))
        } else {
          entry.add("gross", nil as String?)
        }
        return entry
      })
    object.add("quantity", report.quantity)
    object.add("sales", report.saleCount)
    object.add("voids", report.voidCount)
    object.add("totals", Self.figures(report.totals, report.currencies))
    object.add("charged", report.charged.map(Self.money))
    object.add("tax", report.tax.map(Self.money))
    object.add("gross", report.gross.map(Self.money))
    object.add("withoutGross", report.withoutGross)
    return object
  }

  private static func figures(_ figures: [SalesReport.Figures], _ currencies: [Currency])
    -> [JSONObject]
  {
    zip(currencies, figures).map { currency, figures in
      var object = JSONObject()
      object.add("currency", currency.code)
      object.add("list", money(figures.list))
      object.add("price", money(figures.price))
      object.add("difference", money(figures.difference))
      return object
    }
  }

  /// `stock show`: the line, and its specification as the build object `show` writes.
  func stockLine(_ view: StockLineView, money: MoneySettings) {
    let line = view.line
    var object = JSONObject()
    object.add("type", "stockLine")
    object.add("stockNumber", line.stockNumber.map(StockNumber.text))
    object.add("name", line.name)
    object.add("category", line.category)
    object.add("vin", line.vin)
    object.add("quantity", line.quantity)
    object.add("unitPrice", Self.money(line.unitPrice))
    object.add("taxPercent", line.taxPercent?.description)
    if let cost = line.cost {
      object.add("cost", Self.money(cost))
    } else {
      object.add("cost", nil as String?)
    }
    object.add("received", line.received?.description)
    object.add("build", view.build)
    out.write(object.text)
    out.write(#","specification":"#)
    if let car = view.view {
      out.write(Self.buildPrefix)
      out.write(number: car.number)
      out.write(bytes: block(of: car, money: money).dropLast())
    } else {
      out.write("null")
    }
    out.write("}")
    out.write(byte: 10)
  }
}
