package import StockValuation

/// `order` and `orders` (SPEC §15): an accepted quote becomes an order, with the deposit
/// the customer paid; a sale of the order (`stock sell S-N order=O-K`) closes it.
extension Interpreter {
  /// `order Q-K [deposit=AMOUNT]`: records order `O-K` of a quote still valid today, not
  /// ordered yet, with its deposit in the quote's currency.
  func placeOrder(_ number: Int, deposit text: String?, _ state: inout SessionState)
    throws(CommandError) -> CommandResult
  {
    let command = "order"
    guard let quote = state.quotes.entry(number) else {
      throw .notFound(command: command, .quote(number, known: state.quotes.entries.map(\.number)))
    }
    if let placed = state.orders.order(ofQuote: number) {
      throw .invalid(command: command, .quoteOrdered(quote: number, order: placed.number))
    }
    let today = try Today.date(for: command, in: environment)
    guard today <= quote.validUntil else {
      throw .invalid(
        command: command, .quoteExpired(quote: number, validUntil: quote.validUntil, today: today))
    }
    let deposit = try text.map { text throws(CommandError) in
      try Self.deposit(text, in: quote.currency)
    }
    if let deposit, deposit.minorUnits > quote.total.minorUnits {
      throw .invalid(command: command, .depositPastTotal(deposit, total: quote.total))
    }
    let order = Order(
      number: state.orders.nextNumber, quote: number, date: today, deposit: deposit)
    state.orders.append(order)
    return .order(Self.entry(order, quote: quote, state))
  }

  /// `order O-K cancel [refund=AMOUNT]`: appends the entry cancelling an open order, with
  /// the part of its deposit given back (all of it unless said; the rest the dealer keeps).
  func cancelOrder(_ number: Int, refund text: String?, _ state: inout SessionState)
    throws(CommandError) -> CommandResult
  {
    let command = "order"
    let (order, quote) = try Self.openOrder(number, for: command, state)
    let deposit = order.deposit ?? .zero(quote.currency)
    let refund =
      try text.map { text throws(CommandError) in
        try Self.deposit(text, in: quote.currency)
      } ?? deposit
    guard refund.minorUnits <= deposit.minorUnits else {
      throw .invalid(command: command, .refundPastDeposit(refund, deposit: deposit))
    }
    let today = try Today.date(for: command, in: environment)
    let entry = Order(
      number: number, quote: order.quote, date: today, deposit: nil, cancels: true,
      refund: refund)
    state.orders.append(entry)
    return .order(Self.entry(order, quote: quote, state))
  }

  /// Order `number` and its quote, while it is open: neither cancelled nor sold (a sale of it
  /// not voided).
  static func openOrder(_ number: Int, for command: String, _ state: SessionState)
    throws(CommandError) -> (Order, Quote)
  {
    guard let order = state.orders.entry(number), let quote = state.quotes.entry(order.quote)
    else {
      throw .notFound(command: command, .order(number, known: state.orders.orders.map(\.number)))
    }
    if let cancelled = state.orders.cancellation(of: number) {
      throw .invalid(command: command, .orderCancelled(order: number, date: cancelled.date))
    }
    if let sold = state.sales.sale(ofOrder: number) {
      throw .invalid(command: command, .orderClosed(order: number, sale: sold.number))
    }
    return (order, quote)
  }

  /// `orders`: every order, oldest first, with its quote and whether a sale closed it.
  func listOrders(_ state: SessionState) -> CommandResult {
    .orders(
      state.orders.orders.compactMap { order in
        state.quotes.entry(order.quote).map { Self.entry(order, quote: $0, state) }
      })
  }

  /// An order as reports show it.
  static func entry(_ order: Order, quote: Quote, _ state: SessionState) -> OrderEntry {
    OrderEntry(
      order: order, quote: quote, sale: state.sales.sale(ofOrder: order.number)?.number,
      cancellation: state.orders.cancellation(of: order.number))
  }

  /// A deposit or refund as typed (`500`, `£500.00`, `500 GBP`): an amount in the quote's
  /// currency.
  private static func deposit(_ text: String, in currency: Currency) throws(CommandError)
    -> Money
  {
    guard let amount = PriceText.amount(text, in: currency) else {
      throw .badValue(command: "order", .deposit(currency), value: text)
    }
    return amount
  }
}
