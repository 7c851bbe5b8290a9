/// The stock of a large inventory file kept as totals per category instead of lines, so a
/// session can hold a ten-million-row file in constant memory and still value it exactly.
///
/// The totals stay in the compact form the file was valued in (a ``StockAccumulator``: about
/// 60 bytes per category plus its name), so a file with millions of distinct categories costs
/// no more to keep than it did to read.
public struct StockSummary: Sendable, Hashable {
  /// Where the lines came from (the file as the user named it).
  public let source: String
  /// How many lines the file had.
  public let lineCount: Int
  /// The totals.
  let totals: StockAccumulator

  /// The exact USD total and item count of each category, in first-seen order.
  public var categories: CategoryTotals { totals.categoryTotals }

  /// Creates a summary (as read back from a saved session: `package`, for the command-line
  /// front's storage).
  ///
  /// - Parameters:
  ///   - source: Where the lines came from.
  ///   - lineCount: How many lines there were.
  ///   - categories: The totals per category, in USD; a name given twice adds up.
  /// - Throws: ``MoneyError/overflow(_:)`` if the totals do not fit together.
  package init(
    source: String, lineCount: Int, categories: some Sequence<StockAccumulator.CategoryTotal>
  ) throws(MoneyError) {
    var totals = StockAccumulator()
    for category in categories {
      try totals.add(
        category: category.name, scaled: category.exactTotal.scaled,
        quantity: category.itemCount)
    }
    self.init(source: source, lineCount: lineCount, totals: totals)
  }

  private init(source: String, lineCount: Int, totals: StockAccumulator) {
    self.source = source
    self.lineCount = lineCount
    self.totals = totals
  }

  /// Summarizes what an accumulator has seen (sharing its storage).
  ///
  /// - Parameters:
  ///   - accumulator: The accumulated file.
  ///   - source: Where its lines came from.
  public init(_ accumulator: StockAccumulator, source: String) {
    self.init(source: source, lineCount: accumulator.lineCount, totals: accumulator)
  }

  /// The number of items: the sum of the categories' item counts (checked when summed).
  public var itemCount: Int64 { totals.itemCount }

  /// Two summaries are equal when they hold the same totals under the same names, in order.
  public static func == (lhs: StockSummary, rhs: StockSummary) -> Bool {
    lhs.source == rhs.source && lhs.lineCount == rhs.lineCount
      && lhs.totals.itemCount == rhs.totals.itemCount
      && lhs.categories.elementsEqual(rhs.categories)
  }

  /// Hashes the source, line count and totals (not every category).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(source)
    hasher.combine(lineCount)
    hasher.combine(totals.itemCount)
    hasher.combine(totals.categoryCount)
  }
}

extension StockAccumulator {
  /// Adds a summary's category totals (``lineCount`` grows by one per category).
  ///
  /// - Parameter summary: The summary to add.
  /// - Throws: ``MoneyError/overflow(_:)`` if a total no longer fits;
  ///   ``MoneyError/currencyMismatch(expected:actual:)`` for totals in another currency.
  public mutating func add(_ summary: StockSummary) throws(MoneyError) {
    guard summary.totals.currency == currency else {
      throw .currencyMismatch(expected: currency.code, actual: summary.totals.currency.code)
    }
    for category in summary.categories {
      try add(
        category: category.name, scaled: category.exactTotal.scaled,
        quantity: category.itemCount)
    }
  }
}
