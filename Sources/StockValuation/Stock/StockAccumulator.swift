/// Values stock lines one at a time without keeping them: per category, the exact total and
/// item count. Memory grows with the number of categories, not of lines.
public struct StockAccumulator: Sendable {
  /// The exact total and item count of one category.
  public struct CategoryTotal: Sendable, Hashable {
    /// The category name.
    public let name: String
    /// The sum of quantities in the category.
    public let itemCount: Int64
    /// The exact value of the category, not rounded.
    public let exactTotal: ExactMoney

    /// Creates a category total (as read back from a saved session: `package`, as only the
    /// command-line front's storage makes totals that an accumulator did not).
    ///
    /// - Parameters:
    ///   - name: The category.
    ///   - itemCount: The items in it.
    ///   - exactTotal: Their exact value.
    package init(name: String, itemCount: Int64, exactTotal: ExactMoney) {
      self.name = name
      self.itemCount = itemCount
      self.exactTotal = exactTotal
    }
  }

  /// The currency of the lines' unit prices.
  public let currency: Currency
  /// The number of lines added.
  public private(set) var lineCount = 0
  /// The sum of all quantities.
  public private(set) var itemCount: Int64 = 0

  /// The running sums of one category.
  private struct Sum {
    var scaled: Int128
    var items: Int64
  }

  private var order: [String] = []
  private var sums: [Sum] = []
  private var indexByName: [String: Int] = [:]
  private var lastCategory: (name: String, index: Int)?
  private var scaledTotal: Int128 = 0

  /// Creates an empty accumulator.
  /// - Parameter currency: The currency of the unit prices, USD by default.
  public init(currency: Currency = .usd) {
    self.currency = currency
  }

  /// The exact value of all lines added.
  public var exactTotal: ExactMoney { ExactMoney(scaled: scaledTotal, currency: currency) }

  /// The categories in order of first appearance.
  public var categories: [CategoryTotal] {
    zip(order, sums).map { name, sum in
      CategoryTotal(
        name: name, itemCount: sum.items,
        exactTotal: ExactMoney(scaled: sum.scaled, currency: currency))
    }
  }

  /// Adds one line's exact value and quantity to its category and to the total.
  /// - Parameter line: A stock line priced in ``currency``.
  /// - Throws: ``MoneyError/currencyMismatch(expected:actual:)`` or ``MoneyError/overflow(_:)``.
  public mutating func add(_ line: StockLine) throws(MoneyError) {
    guard line.unitPrice.currency == currency else {
      throw .currencyMismatch(expected: currency.code, actual: line.unitPrice.currency.code)
    }
    guard
      let scaled = StockLine.scaledValue(
        price: line.unitPrice.minorUnits, quantity: line.quantity, tax: line.taxPercent)
    else { throw .overflow("value of '\(line.name)'") }
    try add(category: line.category, scaled: scaled, quantity: line.quantity)
  }

  /// Adds an exact value and quantity to a category.
  mutating func add(category: String, scaled: Int128, quantity: Int64) throws(MoneyError) {
    let (newTotal, totalOverflow) = scaledTotal.addingReportingOverflow(scaled)
    let (newItems, itemsOverflow) = itemCount.addingReportingOverflow(quantity)
    guard !totalOverflow, !itemsOverflow else { throw .overflow("stock total") }
    let index = categoryIndex(for: category)
    // Category sums can overflow on their own when values of both signs are mixed.
    let (categoryTotal, categoryOverflow) = sums[index].scaled.addingReportingOverflow(scaled)
    let (categoryItems, itemsOverflowed) = sums[index].items.addingReportingOverflow(quantity)
    guard !categoryOverflow, !itemsOverflowed else {
      throw .overflow("total of category '\(category)'")
    }
    sums[index] = Sum(scaled: categoryTotal, items: categoryItems)
    scaledTotal = newTotal
    itemCount = newItems
    lineCount += 1
  }

  /// The position of `category` in ``categories``, appending it with zero sums if it is new.
  mutating func categoryIndex(for category: String) -> Int {
    let index: Int
    if let last = lastCategory, last.name == category {
      index = last.index
    } else if let known = indexByName[category] {
      index = known
    } else {
      index = order.count
      order.append(category)
      sums.append(Sum(scaled: 0, items: 0))
      indexByName[category] = index
    }
    lastCategory = (category, index)
    return index
  }

  /// Adds an exact value and quantity to the category at `index` (from
  /// ``categoryIndex(for:)``) and to the totals; on overflow changes nothing and returns
  /// `false`, so the caller can report it as ``add(category:scaled:quantity:)`` would.
  @inline(__always)
  mutating func add(categoryAt index: Int, scaled: Int128, quantity: Int64) -> Bool {
    let sum = sums[index]
    let (newTotal, totalOverflow) = scaledTotal.addingReportingOverflow(scaled)
    let (newItems, itemsOverflow) = itemCount.addingReportingOverflow(quantity)
    let (categoryTotal, categoryOverflow) = sum.scaled.addingReportingOverflow(scaled)
    let (categoryItems, categoryItemsOverflow) = sum.items.addingReportingOverflow(quantity)
    guard !totalOverflow, !itemsOverflow, !categoryOverflow, !categoryItemsOverflow else {
      return false
    }
    sums[index] = Sum(scaled: categoryTotal, items: categoryItems)
    scaledTotal = newTotal
    itemCount = newItems
    lineCount += 1
    return true
  }
}
