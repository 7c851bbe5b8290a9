/// The stock of a large inventory file kept as totals per category instead of lines, so a
/// session can hold a ten-million-row file in constant memory and still value it exactly.
public struct StockSummary: Sendable, Hashable {
  /// Where the lines came from (the file as the user named it).
  public let source: String
  /// How many lines the file had.
  public let lineCount: Int
  /// The exact USD total and item count of each category, in first-seen order.
  public let categories: [StockAccumulator.CategoryTotal]

  /// Creates a summary (as read back from a saved session: `package`, for the command-line
  /// front's storage).
  ///
  /// - Parameters:
  ///   - source: Where the lines came from.
  ///   - lineCount: How many lines there were.
  ///   - categories: The totals per category.
  package init(source: String, lineCount: Int, categories: [StockAccumulator.CategoryTotal]) {
    self.source = source
    self.lineCount = lineCount
    self.categories = categories
  }

  /// Summarizes what an accumulator has seen.
  ///
  /// - Parameters:
  ///   - accumulator: The accumulated file.
  ///   - source: Where its lines came from.
  public init(_ accumulator: StockAccumulator, source: String) {
    self.init(
      source: source, lineCount: accumulator.lineCount, categories: accumulator.categories)
  }

  /// The number of items: the sum of the categories' item counts (checked when summed).
  public var itemCount: Int64 {
    categories.reduce(Int64(0)) { $0 &+ $1.itemCount }
  }
}

extension StockAccumulator {
  /// Adds a summary's category totals (``lineCount`` grows by one per category).
  ///
  /// - Parameter summary: The summary to add.
  /// - Throws: ``MoneyError/overflow(_:)`` if a total no longer fits;
  ///   ``MoneyError/currencyMismatch(expected:actual:)`` for totals in another currency.
  public mutating func add(_ summary: StockSummary) throws(MoneyError) {
    for category in summary.categories {
      guard category.exactTotal.currency == currency else {
        throw .currencyMismatch(
          expected: currency.code, actual: category.exactTotal.currency.code)
      }
      try add(
        category: category.name, scaled: category.exactTotal.scaled,
        quantity: category.itemCount)
    }
  }
}
