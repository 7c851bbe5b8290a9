package import StockValuation

/// The session's quotes (SPEC §15): each `quote N …` records one, `Q-1`, `Q-2`, … never
/// reused; a quote is never edited, so `show Q-K` prints the figures it was given.
package struct QuoteBook: Equatable {
  package private(set) var entries: [Quote] = []
  /// Which book of the session this is: one that replaces another (`load`) has a higher
  /// generation, so a store can tell appended quotes from a new book.
  package var generation = 0

  package init(entries: [Quote] = []) {
    self.entries = entries
  }

  package static func == (lhs: QuoteBook, rhs: QuoteBook) -> Bool { lhs.entries == rhs.entries }

  /// The number the next quote gets.
  package var nextNumber: Int { (entries.last?.number ?? 0) + 1 }

  /// Appends a quote (numbered ``nextNumber`` by the interpreter).
  package mutating func append(_ quote: Quote) {
    entries.append(quote)
  }

  /// Quote `number`, if there is one.
  package func entry(_ number: Int) -> Quote? {
    entries.first { $0.number == number }
  }
}

/// The rate a quote used, as it stated it then: kept with the quote so that `show Q-K`
/// states it again after the rates moved.
package struct QuoteRate: Equatable {
  package let from: Currency
  package let to: Currency
  /// Units of `to` per unit of `from`, as the rate's text gives it.
  package let value: String
  package let isExact: Bool
  package let via: Currency?
  package let dates: [CalendarDate]
  package let sources: [String]
  /// `1 USD = 0.60338 GBP (command line)`.
  package let text: String

  package init(
    from: Currency, to: Currency, value: String, isExact: Bool, via: Currency?,
    dates: [CalendarDate], sources: [String], text: String
  ) {
    self.from = from
    self.to = to
    self.value = value
    self.isExact = isExact
    self.via = via
    self.dates = dates
    self.sources = sources
    self.text = text
  }

  init(_ rate: AppliedRate) {
    self.init(
      from: rate.from, to: rate.to, value: rate.value.description, isExact: rate.isExact,
      via: rate.via, dates: rate.dates, sources: rate.sources, text: rate.description)
  }
}

/// Quote numbers as users write them: `Q-3` (any case).
package enum QuoteNumber {
  /// The number of `Q-K`, or `nil` when the word is not one.
  static func number(in word: String) -> Int? {
    guard word.count >= 3, word.prefix(2).lowercased() == "q-" else { return nil }
    let digits = word.dropFirst(2)
    guard digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      let number = Int(digits), number >= 1
    else { return nil }
    return number
  }
}
