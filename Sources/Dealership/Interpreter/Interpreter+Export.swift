package import StockValuation

/// `export hledger FILE` (SPEC §15): the books written as an hledger journal.
extension Interpreter {
  /// Writes the session's ``Journal`` to `path` as hledger reads it, atomically.
  func exportJournal(to path: String, _ state: SessionState) throws(CommandError)
    -> CommandResult
  {
    let command = "export"
    let today = try Today.date(for: command, in: environment)
    let journal: Journal
    do {
      journal = try Self.journal(of: state, on: today)
    } catch {
      throw .limit(command: command, .salesTotals(error))
    }
    try environment.writeFile(Array(journal.hledgerText.utf8), to: path, for: command)
    return .event(
      .exported(
        file: path, transactions: journal.transactions.count, uncosted: journal.uncosted))
  }

  /// The books: receipts of every costed lot, deposits, sales with their cost and floor
  /// plan, and voids, ordered by day (on one day: receipts, deposits, then the ledger's order).
  static func journal(of state: SessionState, on today: CalendarDate) throws(MoneyError)
    -> Journal
  {
    typealias Account = Journal.Account
    // What each stock number received: the cars in stock and those sold (net of voids).
    var lots: [Int: (line: StockLine, quantity: Int64)] = [:]
    var order: [Int] = []
    func count(_ line: StockLine, _ quantity: Int64) throws(MoneyError) {
      guard let number = line.stockNumber else { return }
      let held = lots[number]?.quantity ?? 0
      let (sum, overflow) = held.addingReportingOverflow(quantity)
      guard !overflow else { throw .overflow("count of \(StockNumber.text(number))") }
      if lots[number] == nil { order.append(number) }
      lots[number] = (lots[number]?.line ?? line, sum)
    }
    for line in state.stock.lines where line.quantity > 0 { try count(line, line.quantity) }
    for sale in state.sales.entries { try count(sale.line, sale.signedQuantity) }
    var receipts: [Journal.Transaction] = []
    var uncosted: [Int] = []
    // A trade-in enters its lot in the transaction of the sale it came with.
    let tradeIns = Set(state.sales.entries.compactMap { $0.tradeIn?.stockNumber })
    let lender = state.floorPlan.isSet ? Account.floorPlan : Account.payable
    for number in order.sorted() {
      guard let (line, quantity) = lots[number], quantity > 0, !tradeIns.contains(number) else {
        continue
      }
      guard let cost = line.cost else {
        uncosted.append(number)
        continue
      }
      let value = try cost.multiplied(by: quantity)
      let vin = line.vin.map { " VIN \($0)" } ?? ""
      receipts.append(
        Journal.Transaction(
          date: line.received ?? today,
          description: "Received \(StockNumber.text(number)) \(quantity) × \(line.name)\(vin)",
          postings: [
            Journal.Posting(account: Account.inventory(number), amount: value),
            Journal.Posting(account: lender, amount: try value.negated()),
          ]))
    }
    var deposits: [Journal.Transaction] = []
    for entry in state.orders.entries {
      // A cancellation gives back its refund; the rest of the deposit the dealer keeps.
      if entry.cancels {
        let held = state.orders.entry(entry.number)?.deposit
        guard let held, held.minorUnits != 0 else { continue }
        let refund = entry.refund ?? .zero(held.currency)
        var postings = [Journal.Posting(account: Account.deposits, amount: held)]
        if refund.minorUnits != 0 {
          postings.append(Journal.Posting(account: Account.cash, amount: try refund.negated()))
        }
        let kept = try held.subtracting(refund)
        if kept.minorUnits != 0 {
          postings.append(
            Journal.Posting(account: Account.forfeitedDeposits, amount: try kept.negated()))
        }
        deposits.append(
          Journal.Transaction(
            date: entry.date, description: "Cancelled \(entry.reference) (quote Q-\(entry.quote))",
            postings: postings))
        continue
      }
      guard let deposit = entry.deposit, deposit.minorUnits != 0 else { continue }
      let customer = state.quotes.entry(entry.quote)?.customer.map { " from \($0)" } ?? ""
      deposits.append(
        Journal.Transaction(
          date: entry.date,
          description: "Deposit \(entry.reference)\(customer) (quote Q-\(entry.quote))",
          postings: [
            Journal.Posting(account: Account.cash, amount: deposit),
            Journal.Posting(account: Account.deposits, amount: try deposit.negated()),
          ]))
    }
    var sales: [Journal.Transaction] = []
    for sale in state.sales.entries {
      sales += try transactions(of: sale, state)
    }
    // Sorted by day, stably: the kinds keep their order within a day.
    let all = (receipts + deposits + sales).enumerated().sorted { a, b in
      a.element.date != b.element.date ? a.element.date < b.element.date : a.offset < b.offset
    }.map(\.element)
    return Journal(
      date: today, dealer: state.dealer?.name, transactions: all, uncosted: uncosted)
  }

  /// A ledger entry's transactions: the sale in its currency (revenue, tax, the deposit
  /// applied, the receivable), then its cost of sale and floor-plan interest in the cost's
  /// currency; a void's are the same, negated, on its day.
  private static func transactions(of sale: Sale, _ state: SessionState) throws(MoneyError)
    -> [Journal.Transaction]
  {
    typealias Account = Journal.Account
    let sign: Int64 = sale.voids == nil ? 1 : -1
    let quantity = sale.line.quantity
    func signed(_ amount: Money) throws(MoneyError) -> Money {
      try amount.multiplied(by: sign)
    }
    let number = StockNumber.text(sale.stockNumber)
    let what =
      sale.voids.map { "Void of sale \($0) (entry \(sale.number))" } ?? "Sale \(sale.number)"
    let customer = sale.customer.map { " to \($0)" } ?? ""
    let order = sale.order.map { ", order O-\($0)" } ?? ""
    let price = try sale.price.multiplied(by: quantity)
    let tax = try (sale.tax ?? .zero(sale.currency)).multiplied(by: quantity)
    let deposit = sale.deposit ?? .zero(sale.currency)
    let allowance = sale.tradeIn?.allowance ?? .zero(sale.currency)
    let receivable = try price.adding(tax).subtracting(deposit).subtracting(allowance)
    var postings = [Journal.Posting(account: Account.receivables, amount: try signed(receivable))]
    if deposit.minorUnits != 0 {
      postings.append(Journal.Posting(account: Account.deposits, amount: try signed(deposit)))
    }
    // The car taken in trade: into its lot at its actual cash value, the rest of the
    // allowance an expense of the deal.
    if let trade = sale.tradeIn {
      postings.append(
        Journal.Posting(
          account: Account.inventory(trade.stockNumber), amount: try signed(trade.acv)))
      let over = try trade.overAllowance
      if over.minorUnits != 0 {
        postings.append(Journal.Posting(account: Account.overAllowance, amount: try signed(over)))
      }
    }
    postings.append(
      Journal.Posting(account: Account.sales, amount: try signed(try price.negated())))
    if tax.minorUnits != 0 {
      let label =
        sale.order.flatMap { state.orders.entry($0) }
        .flatMap { state.quotes.entry($0.quote)?.tax?.label } ?? "sales-tax"
      postings.append(
        Journal.Posting(account: Account.tax(label), amount: try signed(try tax.negated())))
    }
    var result = [
      Journal.Transaction(
        date: sale.date,
        description: "\(what): \(number) \(quantity) × \(sale.line.name)\(customer)\(order)",
        postings: postings)
    ]
    guard let cost = sale.line.cost else { return result }
    let lot = try signed(try cost.multiplied(by: quantity))
    var costs = [
      Journal.Posting(account: Account.costOfSales, amount: lot),
      Journal.Posting(account: Account.inventory(sale.stockNumber), amount: try lot.negated()),
    ]
    if let interest = sale.floorPlan, interest.minorUnits != 0 {
      let accrued = try signed(try interest.multiplied(by: quantity))
      costs += [
        Journal.Posting(account: Account.interestExpense, amount: accrued),
        Journal.Posting(account: Account.floorPlanInterest, amount: try accrued.negated()),
      ]
    }
    result.append(
      Journal.Transaction(
        date: sale.date,
        description: "Cost of \(what.prefix(1).lowercased() + what.dropFirst()): \(number)",
        postings: costs))
    return result
  }
}
