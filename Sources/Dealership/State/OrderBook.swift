package import StockValuation

/// The session's orders (SPEC §15): `order Q-K` turns a recorded quote into order `O-1`,
/// `O-2`, … never reused. Orders are only appended; an order is closed by the sale that names
/// it (`stock sell S-N order=O-K`), which the ledger keeps, so no order is ever edited.
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
  package var nextNumber: Int { (entries.last?.number ?? 0) + 1 }

  /// Appends an order (numbered ``nextNumber`` by the interpreter).
  package mutating func append(_ order: Order) {
    entries.append(order)
  }

  /// Order `number`, if there is one.
  package func entry(_ number: Int) -> Order? {
    entries.first { $0.number == number }
  }

  /// The order of quote `number`, if it has one.
  package func order(ofQuote number: Int) -> Order? {
    entries.first { $0.quote == number }
  }
}

/// An order: the quote the customer accepted, the day, and the deposit taken.
package struct Order: Equatable {
  /// The order's number (`O-3` is 3), from 1, never reused.
  package let number: Int
  /// The number of the quote it turns into an order (`Q-K`).
  package let quote: Int
  package let date: CalendarDate
  /// The deposit held for the customer, in the quote's currency; `nil` for none.
  package let deposit: Money?

  package init(number: Int, quote: Int, date: CalendarDate, deposit: Money?) {
    self.number = number
    self.quote = quote
    self.date = date
    self.deposit = deposit
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
/// closed it, if one did and is not voided.
package struct OrderEntry: Equatable {
  package let order: Order
  package let quote: Quote
  /// The ledger entry that sold it, `nil` while it is open.
  package let sale: Int?

  package init(order: Order, quote: Quote, sale: Int?) {
    self.order = order
    self.quote = quote
    self.sale = sale
  }

  /// Whether no sale has closed it yet.
  package var isOpen: Bool { sale == nil }
}
