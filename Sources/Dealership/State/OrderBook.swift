package import StockValuation

/// The session's orders (SPEC §15): `order Q-K` turns a recorded quote into order `O-1`,
/// `O-2`, … never reused. Entries are only appended; an order is closed by the sale that
/// names it (`stock sell S-N order=O-K`), which the ledger keeps, or cancelled by an entry of
/// its own (`order O-K cancel`, with the deposit refunded), so no order is ever edited.
package struct OrderBook: Equatable {
  package private(set) var entries: [Order] = []
  /// Which book of the session this is: one that replaces another (`load`) has a higher
  /// generation, so a store can tell appended orders from a new book.
  package var generation = 0

  package init(entries: [Order] = []) {
    self.entries = entries
  }

  package static func == (lhs: OrderBook, rhs: OrderBook) -> Bool { lhs.entries == rhs.entries }

  /// The number the next order gets.
  package var nextNumber: Int { (entries.last { !$0.cancels }?.number ?? 0) + 1 }

  /// Appends an order (numbered ``nextNumber`` by the interpreter).
  package mutating func append(_ order: Order) {
    entries.append(order)
  }

  /// Order `number`, if there is one.
  package func entry(_ number: Int) -> Order? {
    entries.first { $0.number == number && !$0.cancels }
  }

  /// The orders, oldest first, without their cancellations.
  package var orders: [Order] { entries.filter { !$0.cancels } }

  /// The entry cancelling order `number`, if it was cancelled.
  package func cancellation(of number: Int) -> Order? {
    entries.first { $0.number == number && $0.cancels }
  }

  /// The orders neither cancelled nor closed by a sale of `ledger` not voided.
  package func openOrders(soldBy ledger: SalesLedger) -> [Order] {
    orders.filter { cancellation(of: $0.number) == nil && ledger.sale(ofOrder: $0.number) == nil }
  }

  /// The order of quote `number` not cancelled, if it has one.
  package func order(ofQuote number: Int) -> Order? {
    entries.first { $0.quote == number && !$0.cancels && cancellation(of: $0.number) == nil }
  }
}

/// An order: the quote the customer accepted, the day, and the deposit taken; or the entry
/// cancelling order `number` (``cancels``), dated the day of the cancellation, with the part
/// of the deposit refunded (the rest is kept by the dealer).
package struct Order: Equatable {
  /// The order's number (`O-3` is 3), from 1, never reused; a cancellation's, its order's.
  package let number: Int
  /// The number of the quote it turns into an order (`Q-K`).
  package let quote: Int
  package let date: CalendarDate
  /// The deposit held for the customer, in the quote's currency; `nil` for none (and for a
  /// cancellation).
  package let deposit: Money?
  /// Whether the entry cancels order ``number``.
  package let cancels: Bool
  /// What a cancellation gave back of the deposit.
  package let refund: Money?

  package init(
    number: Int, quote: Int, date: CalendarDate, deposit: Money?, cancels: Bool = false,
    refund: Money? = nil
  ) {
    self.number = number
    self.quote = quote
    self.date = date
    self.deposit = deposit
    self.cancels = cancels
    self.refund = refund
  }

  /// `O-3`.
  package var reference: String { "O-\(number)" }
}

/// Order numbers as users write them: `O-3` (any case).
package enum OrderNumber {
  /// The number of `O-K`, or `nil` when the word is not one.
  static func number(in word: String) -> Int? {
    guard word.count >= 3, word.prefix(2).lowercased() == "o-" else { return nil }
    let digits = word.dropFirst(2)
    guard digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      let number = Int(digits), number >= 1
    else { return nil }
    return number
  }
}

/// An order as `order` and `orders` report it: the order, its quote, and the sale that
/// closed it, if one did and is not voided, or the entry that cancelled it.
package struct OrderEntry: Equatable {
  package let order: Order
  package let quote: Quote
  /// The ledger entry that sold it, `nil` while it is open.
  package let sale: Int?
  /// The entry that cancelled it, if one did.
  package let cancellation: Order?

  package init(order: Order, quote: Quote, sale: Int?, cancellation: Order? = nil) {
    self.order = order
    self.quote = quote
    self.sale = sale
    self.cancellation = cancellation
  }

  /// Whether neither a sale nor a cancellation has closed it.
  package var isOpen: Bool { sale == nil && cancellation == nil }

  /// `open`, `closed` (sold) or `cancelled`.
  package var status: String { cancellation != nil ? "cancelled" : sale != nil ? "closed" : "open" }
}
