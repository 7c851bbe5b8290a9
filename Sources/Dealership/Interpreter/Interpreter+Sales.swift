package import StockValuation
package import Support

/// `stock sell`, its voids and `sales` (SPEC §12): a sale takes cars out of stock and
/// appends an entry to the ledger; a void appends an entry reversing one and puts the cars
/// back; `sales` reports the entries.
extension Interpreter {
  /// The longest customer name kept.
  static let customerLimit = 200

  /// `stock sell S-N|N|NAME [QTY] [price=AMOUNT|order=O-K] [customer=TEXT]`.
  func sell(
    _ target: StockTarget, quantity: Int64, price: String?, customer: String?, order: Int?,
    trade: TradeInRequest? = nil, _ state: inout SessionState
  ) throws(CommandError) -> CommandResult {
    let command = "stock sell"
    let index = try stockLineIndex(target, for: command, state)
    let line = state.stock.lines[index]
    guard quantity <= line.quantity else {
      throw .limit(command: command, .moreThanInStock(quantity, line: line, selling: true))
    }
    // Printed on the sales page: no control characters, no bidirectional controls (issue 49).
    if let customer, customer.containsControlOrBidi {
      throw .badValue(
        command: command, .documentName(.customer, .controlCharacter),
        value: customer.capped(at: 40))
    }
    if let customer, customer.count > Self.customerLimit {
      throw .badValue(
        command: command, .customerTooLong(limit: Self.customerLimit),
        value: customer.capped(at: 40))
    }
    let date = try Today.date(for: command, in: environment)
    if let order {
      return try sell(
        line, at: index, order: order, customer: customer, trade: trade, date: date, &state)
    }
    let currency = state.currency
    let converter = try state.money.converter(to: currency)
    let listPrice: Money
    do {
      listPrice = try converter.convert(line.unitPrice)
    } catch {
      throw .failed(command: command, error)
    }
    var unitPrice = listPrice
    var priceUSD = line.unitPrice
    if let price {
      (unitPrice, priceUSD) = try Self.salePrice(
        price, line: line, list: listPrice, converter, state.money)
    }
    do {
      // Every figure of the sale's whole quantity must fit, so a report can always add it.
      for amount in [unitPrice, priceUSD, listPrice, line.unitPrice] {
        _ = try amount.multiplied(by: quantity)
      }
    } catch {
      throw .limit(command: command, .saleTotal(error))
    }
    let traded = try Self.takingIn(
      trade, selling: quantity, ofLine: index, currency: currency,
      list: (listPrice, line.unitPrice), date: date, state)
    let sale = Sale(
      number: state.sales.nextNumber, date: date, voids: nil, line: line.with(quantity: quantity),
      specification: state.stock.specification(ofLine: index), currency: currency,
      rate: currency == .usd ? nil : SaleRate(converter.effectiveRate), listPrice: listPrice,
      price: unitPrice, priceUSD: priceUSD, customer: customer,
      floorPlan: try Self.floorPlan(of: line, soldOn: date, state), tradeIn: traded?.tradeIn)
    do {
      try Self.checkLedgerRoom(state.sales, adding: sale, converter)
    } catch {
      throw .limit(command: command, .ledgerTotals(price: unitPrice, error))
    }
    let left = Self.take(quantity, fromLine: index, or: traded, &state)
    state.sales.append(sale)
    return .event(.stockSold(sale, left: left))
  }

  /// The stock a sale with a trade-in leaves: the sold cars out of a copy of the stock and
  /// the customer's car into it, with the trade-in as the sale records it; `nil` for a sale
  /// without one (its cars are taken out in place, no copy, once the sale is sure).
  private static func takingIn(
    _ request: TradeInRequest?, selling quantity: Int64, ofLine index: Int, currency: Currency,
    list: (Money, Money), date: CalendarDate, _ state: SessionState
  ) throws(CommandError) -> (stock: Stock, left: Int64, tradeIn: TradeIn)? {
    guard let request else { return nil }
    var stock = state.stock
    let left = stock.take(quantity, fromLine: index)
    let tradeIn = try takeIn(
      request, currency: currency, list: list, sale: state.sales.nextNumber, date: date,
      into: &stock, state)
    return (stock, left, tradeIn)
  }

  /// Takes the sold cars out of stock, or puts in the stock a trade-in left; returns how many
  /// of the line are left.
  private static func take(
    _ quantity: Int64, fromLine index: Int,
    or traded: (stock: Stock, left: Int64, tradeIn: TradeIn)?, _ state: inout SessionState
  ) -> Int64 {
    guard let traded else { return state.stock.take(quantity, fromLine: index) }
    state.stock = traded.stock
    return traded.left
  }

  /// The customer's car taken in trade: its amounts read in the sale's currency, its VIN
  /// not in stock, and the car put into `stock` as a used car costing its actual cash value,
  /// valued in USD at the sale's rate (`list`: the sold car's list price in the sale's
  /// currency and in USD).
  private static func takeIn(
    _ request: TradeInRequest, currency: Currency, list: (Money, Money), sale: Int,
    date: CalendarDate, into stock: inout Stock, _ state: SessionState
  ) throws(CommandError) -> TradeIn {
    let command = "stock sell"
    func amount(_ text: String, _ key: String) throws(CommandError) -> Money {
      guard let amount = PriceText.amount(text, in: currency) else {
        throw .badValue(command: command, .tradeInAmount(key), value: text)
      }
      return amount
    }
    let acv = try amount(request.acv, "acv")
    let allowance = try amount(request.allowance, "allowance")
    // Looked for before the sold car left: a car is not traded in for itself.
    if let held = state.stock.lines.first(where: { $0.vin == request.vin }) {
      throw .invalid(
        command: command, .vinTaken(request.vin, stockNumber: held.stockNumber, sale: nil))
    }
    let usd = try usdPrice(acv, list: list.0, listUSD: list.1, rounding: state.money.rounding)
    let added = try stock.add(
      {
        StockLineKey(
          name: "Trade-in (sale \(sale))", category: "used", unitPrice: usd, tax: nil,
          vin: request.vin, cost: acv, received: date)
      }, quantity: 1, configuration: nil,
      matching: StockLine.Arrival(vin: request.vin, cost: acv, received: date))
    return TradeIn(vin: request.vin, acv: acv, allowance: allowance, stockNumber: added.number)
  }

  /// The unit price of `stock sell … price=TEXT` in the sale's currency and in USD. A bare
  /// amount or one in the sale's currency is the price; one in another currency is taken to
  /// USD (USD as given, else at the rate as it applied to this car, like every sale's USD
  /// figure) and converted once into the sale's currency at the session's rate, as the list
  /// price is (SPEC §15).
  static func salePrice(
    _ text: String, line: StockLine, list: Money, _ converter: any CurrencyConverting,
    _ money: MoneySettings
  ) throws(CommandError) -> (price: Money, usd: Money) {
    let command = "stock sell"
    let currency = converter.target
    guard let read = PriceText.read(text) else {
      throw .badValue(command: command, .salePrice(currency, example: list), value: text)
    }
    let named = read.currency ?? currency
    let given: Money
    do {
      given = try Money(parsing: read.digits, currency: named)
    } catch {
      throw .badValue(command: command, .salePrice(named, example: list), value: text)
    }
    if named == currency {
      let usd = try usdPrice(given, list: list, listUSD: line.unitPrice, rounding: money.rounding)
      return (given, usd)
    }
    let usd: Money
    if named == .usd {
      usd = given
    } else {
      let toNamed = try money.converter(to: named)
      let listNamed: Money
      do {
        listNamed = try toNamed.convert(line.unitPrice)
      } catch {
        throw .failed(command: command, error)
      }
      usd = try usdPrice(given, list: listNamed, listUSD: line.unitPrice, rounding: money.rounding)
    }
    do {
      return (try converter.convert(usd), usd)
    } catch {
      throw .limit(command: command, .salePrice(error))
    }
  }

  /// `stock sell S-N order=O-K`: one car at the order's quote's net price (after the
  /// discount, before tax), in its currency and at its recorded rate, with its tax and the
  /// order's deposit; the sale closes the order.
  private func sell(
    _ line: StockLine, at index: Int, order number: Int, customer: String?,
    trade: TradeInRequest?, date: CalendarDate, _ state: inout SessionState
  ) throws(CommandError) -> CommandResult {
    let command = "stock sell"
    let (order, quote) = try Self.openOrder(number, for: command, state)
    guard state.stock.specification(ofLine: index)?.build == quote.build else {
      throw .invalid(
        command: command,
        .orderOfOtherCar(order: number, build: quote.build, stockNumber: line.stockNumber ?? 0))
    }
    let net: Money
    do {
      net = try quote.subtotal.subtracting(quote.discount?.amount ?? .zero(quote.currency))
    } catch {
      throw .limit(command: command, .salePrice(error))
    }
    let priceUSD = try Self.usdPrice(
      net, list: quote.subtotal, listUSD: line.unitPrice, rounding: quote.rounding)
    let traded = try Self.takingIn(
      trade, selling: 1, ofLine: index, currency: quote.currency,
      list: (quote.subtotal, line.unitPrice), date: date, state)
    let sale = Sale(
      number: state.sales.nextNumber, date: date, voids: nil, line: line.with(quantity: 1),
      specification: state.stock.specification(ofLine: index), currency: quote.currency,
      rate: quote.rate.map { rate in
        SaleRate(
          value: rate.value, date: rate.dates.last, source: rate.sources.joined(separator: ", "))
      }, listPrice: quote.subtotal, price: net, priceUSD: priceUSD,
      customer: customer ?? quote.customer, order: number, tax: quote.tax?.amount,
      deposit: order.deposit, floorPlan: try Self.floorPlan(of: line, soldOn: date, state),
      tradeIn: traded?.tradeIn)
    let converter = try state.money.converter(to: state.currency)
    do {
      try Self.checkLedgerRoom(state.sales, adding: sale, converter)
    } catch {
      throw .limit(command: command, .ledgerTotals(price: net, error))
    }
    let left = Self.take(1, fromLine: index, or: traded, &state)
    state.sales.append(sale)
    return .event(.stockSold(sale, left: left))
  }

  /// The floor-plan interest one car of `line` accrued from the day it was received to
  /// `date`, when the line has a cost and a day received and a floor plan is set.
  private static func floorPlan(
    of line: StockLine, soldOn date: CalendarDate, _ state: SessionState
  )
    throws(CommandError) -> Money?
  {
    guard state.floorPlan.isSet, let cost = line.cost, let received = line.received else {
      return nil
    }
    do {
      return try state.floorPlan.interest(
        on: cost, from: received, to: date, rounding: state.money.rounding)
    } catch {
      throw .limit(command: "stock sell", .saleTotal(error))
    }
  }

  /// A price in another currency taken back to USD at the rate as it applied to this car:
  /// `price × list price in USD ÷ list price in the sale's currency`, rounded once.
  package static func usdPrice(_ price: Money, list: Money, listUSD: Money, rounding: Rounding)
    throws(CommandError) -> Money
  {
    guard price.currency != .usd else { return price }
    guard list.minorUnits > 0 else {
      guard price.minorUnits == 0 else {
        throw .invalid(
          command: "stock sell", .priceWithoutRate(list: list, currency: price.currency))
      }
      return Money(minorUnits: 0, currency: .usd)
    }
    do {
      return try price.scaled(
        by: listUSD.minorUnits, over: list.minorUnits, in: .usd, rounding: rounding)
    } catch {
      throw .limit(command: "stock sell", .salePrice(error))
    }
  }

  /// `stock sell S-N|N|NAME void [sale=K]`: appends an entry voiding the target's last sale
  /// not voided yet (or sale K), and puts its cars back into stock.
  func voidSale(_ target: StockTarget, sale number: Int?, _ state: inout SessionState)
    throws(CommandError) -> CommandResult
  {
    let command = "stock sell"
    let ledger = state.sales
    let sales = ledger.entries.filter { $0.voids == nil && Self.sale($0, isOf: target, state) }
    let sale: Sale
    if let number {
      guard let entry = ledger.entry(number) else {
        throw .notFound(command: command, .sale(number, entries: ledger.entries.count))
      }
      if let voided = entry.voids {
        throw .invalid(command: command, .voidOfVoid(entry: number, voids: voided))
      }
      guard sales.contains(entry) else {
        throw .invalid(
          command: command, .saleOfOther(sale: number, line: entry.line, target: target))
      }
      sale = entry
    } else {
      let open = sales.filter { ledger.void(of: $0.number) == nil }
      guard let last = open.last else {
        throw .notFound(command: command, .saleToVoid(target, allVoided: !sales.isEmpty))
      }
      let numbers = Set(open.map(\.stockNumber))
      guard numbers.count == 1 else {
        throw .invalid(command: command, .salesOfSeveral(target, numbers: numbers.sorted()))
      }
      sale = last
    }
    if let void = ledger.void(of: sale.number) {
      throw .invalid(
        command: command, .voidedAlready(sale: sale.number, void: void.number, date: void.date))
    }
    let date = try Today.date(for: command, in: environment)
    let entry = Sale(
      number: ledger.nextNumber, date: date, voids: sale.number, line: sale.line,
      specification: sale.specification, currency: sale.currency, rate: sale.rate,
      listPrice: sale.listPrice, price: sale.price, priceUSD: sale.priceUSD,
      customer: sale.customer, order: sale.order, tax: sale.tax, deposit: sale.deposit,
      floorPlan: sale.floorPlan, tradeIn: sale.tradeIn)
    let converter = try state.money.converter(to: state.currency)
    do {
      try Self.checkLedgerRoom(state.sales, adding: entry, converter)
    } catch {
      throw .limit(command: command, .ledgerTotals(price: sale.price, error))
    }
    let held: Int64
    if let trade = sale.tradeIn {
      // The trade-in goes back to the customer: it must still be in stock. On a copy, so a
      // void that cannot put the sold cars back changes nothing.
      var stock = state.stock
      guard let index = stock.index(ofNumber: trade.stockNumber),
        stock.lines[index].quantity >= 1
      else {
        throw .invalid(
          command: command, .tradeInGone(sale: sale.number, stockNumber: trade.stockNumber))
      }
      _ = stock.take(1, fromLine: index)
      held = try stock.putBack(
        sale.line.quantity, of: sale.line, specification: sale.specification, for: command)
      state.stock = stock
    } else {
      held = try state.stock.putBack(
        sale.line.quantity, of: sale.line, specification: sale.specification, for: command)
    }
    state.sales.append(entry)
    return .event(.saleVoided(entry, inStock: held))
  }

  /// Whether a sale is of the line a target names: its stock number, the build its car came
  /// from, or its name (any case).
  private static func sale(_ sale: Sale, isOf target: StockTarget, _ state: SessionState) -> Bool {
    switch target {
    case .number(let number): return sale.stockNumber == number
    case .build(let number):
      guard let specification = sale.specification else { return false }
      if let configuration = state.builds.configuration(of: number) {
        return specification.configuration.car == configuration.car
      }
      return specification.build == number
    case .name(let name): return sale.line.name.lowercased() == name.lowercased()
    }
  }

  /// `sales [from=…] [to=…] [CODE…]`: every entry in the days asked for, with its figures in
  /// each currency converted once from its exact USD figure, and the totals converted once
  /// from the exact USD totals.
  func salesReport(
    from fromDay: DayReference?, to toDay: DayReference?, currencies: [Currency],
    _ state: SessionState
  ) throws(CommandError) -> CommandResult {
    let from = try fromDay?.date(for: "sales", in: environment)
    let to = try toDay?.date(for: "sales", in: environment)
    if let from, let to, to < from {
      throw .invalid(command: "sales", .emptyDateRange(from: from, to: to))
    }
    let currencies = currencies.isEmpty ? [state.currency] : currencies
    var converters: [any CurrencyConverting] = []
    for currency in currencies { converters.append(try state.money.converter(to: currency)) }
    let entries = state.sales.entries.filter { sale in
      (from.map { sale.date >= $0 } ?? true) && (to.map { sale.date <= $0 } ?? true)
    }
    var rows: [SalesReport.Row] = []
    var listTotal = Money(minorUnits: 0, currency: .usd)
    var priceTotal = listTotal
    var quantity: Int64 = 0
    var gross: [Money] = []
    var chargedTotals: [Money] = []
    var taxTotals: [Money] = []
    var withoutGross: Int64 = 0
    do {
      for sale in entries {
        let count = sale.signedQuantity
        let list = try sale.line.unitPrice.multiplied(by: count)
        let price = try sale.priceUSD.multiplied(by: count)
        listTotal = try listTotal.adding(list)
        priceTotal = try priceTotal.adding(price)
        quantity = try Self.sum(quantity, count)
        var figures: [SalesReport.Figures] = []
        for converter in converters {
          figures.append(try Self.figures(list: list, price: price, converter))
        }
        let unit = try sale.unitGross(rounding: state.money.rounding)
        let earned = try unit.map { unit throws(MoneyError) in
          UnitGross(
            cost: try unit.cost.multiplied(by: count),
            floorPlan: try unit.floorPlan.multiplied(by: count),
            overAllowance: try unit.overAllowance.multiplied(by: count),
            gross: try unit.gross.multiplied(by: count))
        }
        let charged = try sale.price.multiplied(by: count)
        try Self.add(charged, to: &chargedTotals)
        try Self.add(try (sale.tax ?? .zero(sale.currency)).multiplied(by: count), to: &taxTotals)
        if let earned {
          try Self.add(earned.gross, to: &gross)
        } else {
          withoutGross = try Self.sum(withoutGross, count)
        }
        rows.append(
          SalesReport.Row(
            sale: sale, charged: charged, figures: figures, earned: earned))
      }
      var totals: [SalesReport.Figures] = []
      for converter in converters {
        totals.append(try Self.figures(list: listTotal, price: priceTotal, converter))
      }
      return .sales(
        SalesReport(
          from: from, to: to, currencies: currencies, rates: converters.map(\.effectiveRate),
          rounding: state.money.rounding, rows: rows, totals: totals, quantity: quantity,
          charged: chargedTotals, tax: taxTotals, gross: gross, withoutGross: withoutGross))
    } catch {
      throw .limit(command: "sales", .salesTotals(error))
    }
  }

  /// Checks that `sales` can still add up the ledger with `sale` in it, whatever days it
  /// covers and whichever of its entries are voids: the entries' figures taken without their
  /// signs (list and price, in USD) must add up to an amount money can hold, in USD and in the
  /// session's currency. A report's every total and difference is at most that much.
  ///
  /// - Throws: ``MoneyError`` (overflow) when they would not.
  static func checkLedgerRoom(
    _ ledger: SalesLedger, adding sale: Sale, _ converter: any CurrencyConverting
  ) throws(MoneyError) {
    var bound = Money(minorUnits: 0, currency: .usd)
    func unsigned(_ amount: Money) throws(MoneyError) -> Money {
      amount.minorUnits < 0 ? try amount.negated() : amount
    }
    for entry in ledger.entries + [sale] {
      let count = entry.line.quantity
      bound = try bound.adding(try unsigned(try entry.line.unitPrice.multiplied(by: count)))
      bound = try bound.adding(try unsigned(try entry.priceUSD.multiplied(by: count)))
    }
    _ = try converter.convert(bound)
  }

  private static func figures(list: Money, price: Money, _ converter: any CurrencyConverting)
    throws(MoneyError) -> SalesReport.Figures
  {
    SalesReport.Figures(
      list: try converter.convert(list), price: try converter.convert(price),
      difference: try converter.convert(try price.subtracting(list)))
  }

  /// Adds `amount` to the total of its currency in `totals`, or starts that total.
  private static func add(_ amount: Money, to totals: inout [Money]) throws(MoneyError) {
    if let index = totals.firstIndex(where: { $0.currency == amount.currency }) {
      totals[index] = try totals[index].adding(amount)
    } else {
      totals.append(amount)
    }
  }

  private static func sum(_ a: Int64, _ b: Int64) throws(MoneyError) -> Int64 {
    let (total, overflow) = a.addingReportingOverflow(b)
    guard !overflow else { throw .overflow("quantity") }
    return total
  }
}
