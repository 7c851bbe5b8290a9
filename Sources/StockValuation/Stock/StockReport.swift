/// A valued stock: a tree of total → categories → lines, with every figure converted once.
///
/// ```swift
/// let pounds = try CurrencyPairRegistry.shared.factory(for: "GBP")
/// let converter = try pounds.makeConverter(rates: .ecbReference)
/// let report = try StockReport(lines: lines, converter: converter)
/// try report.headline(formatter: pounds.makeFormatter())
/// // "78 Products in Stock. Total Value: £246,362.43"
/// ```
public struct StockReport: Sendable {
  /// The root node; its children are the categories in order of first appearance.
  public let root: StockNode
  /// The rate used for every converted figure.
  public let rate: AppliedRate
  /// The tie rule used for every rounding.
  public let rounding: Rounding

  /// Values lines, keeping every line in the tree.
  /// - Parameters:
  ///   - lines: Stock lines priced in the converter's source currency.
  ///   - converter: Converts into the report currency (its source is the stock's currency).
  /// - Throws: ``MoneyError/currencyMismatch(expected:actual:)`` or ``MoneyError/overflow(_:)``.
  public init(lines: [StockLine], converter: any CurrencyConverting) throws(MoneyError) {
    try self.init(lines: lines, summaries: [], converter: converter)
  }

  /// Values stock lines plus summarized files; a summary shows in each of its categories as one
  /// child of kind ``StockNode/Kind/summary`` after the category's lines.
  ///
  /// - Parameters:
  ///   - lines: The stock lines, unit prices in the converter's source currency.
  ///   - summaries: Files kept as per-category totals.
  ///   - converter: Converts each figure once from its exact value.
  /// - Throws: ``MoneyError`` when a figure overflows or a currency does not match.
  public init(
    lines: [StockLine], summaries: [StockSummary], converter: any CurrencyConverting
  ) throws(MoneyError) {
    var accumulator = StockAccumulator(currency: converter.source)
    var childrenByCategory: [String: [StockNode]] = [:]
    for line in lines {
      try accumulator.add(line)
      let node = try StockNode(
        kind: .line, name: line.name, itemCount: line.quantity, exact: line.exactValue(),
        children: [], line: line, converter: converter)
      childrenByCategory[line.category, default: []].append(node)
    }
    for summary in summaries {
      try accumulator.add(summary)
      for category in summary.categories {
        let node = try StockNode(
          kind: .summary, name: summary.source, itemCount: category.itemCount,
          exact: category.exactTotal, children: [], line: nil, converter: converter)
        childrenByCategory[category.name, default: []].append(node)
      }
    }
    try self.init(accumulator: accumulator, converter: converter) {
      childrenByCategory[$0] ?? []
    }
  }

  /// Values the totals of a streaming accumulator; categories then have no line children.
  /// - Parameters:
  ///   - accumulator: The accumulated totals.
  ///   - converter: Converts into the report currency; its source must be the accumulator's.
  /// - Throws: ``MoneyError/currencyMismatch(expected:actual:)`` or ``MoneyError/overflow(_:)``.
  public init(accumulator: StockAccumulator, converter: any CurrencyConverting)
    throws(MoneyError)
  {
    try self.init(accumulator: accumulator, converter: converter) { _ in [] }
  }

  private init(
    accumulator: StockAccumulator, converter: any CurrencyConverting,
    children: (String) -> [StockNode]
  ) throws(MoneyError) {
    guard accumulator.currency == converter.source else {
      throw .currencyMismatch(expected: converter.source.code, actual: accumulator.currency.code)
    }
    let categories = try accumulator.categories.map { total throws(MoneyError) in
      try StockNode(
        kind: .category, name: total.name, itemCount: total.itemCount, exact: total.exactTotal,
        children: children(total.name), line: nil, converter: converter)
    }
    root = try StockNode(
      kind: .total, name: "Total", itemCount: accumulator.itemCount,
      exact: accumulator.exactTotal, children: categories, line: nil, converter: converter)
    rate = converter.effectiveRate
    rounding = converter.rounding
  }

  /// The category nodes, in order of first appearance.
  public var categories: [StockNode] { root.children }
  /// The sum of all quantities.
  public var itemCount: Int64 { root.itemCount }
  /// The grand total in the report currency, converted once.
  public var total: Money { root.value }
  /// The grand total in the stock's currency (USD), rounded once.
  public var baseTotal: Money { root.baseValue }
  /// The exact grand total in the stock's currency (USD).
  public var exactBaseTotal: ExactMoney { root.exactBaseValue }

  /// The book's headline: `78 Products in Stock. Total Value: £246,362.43`
  /// (`1 Product in Stock. …` for a single item).
  /// - Parameter formatter: A formatter of the report currency.
  /// - Returns: The headline.
  /// - Throws: ``MoneyError/currencyMismatch(expected:actual:)`` for another currency.
  public func headline(formatter: any MoneyFormatting) throws(MoneyError) -> String {
    let noun = itemCount == 1 ? "Product" : "Products"
    return "\(itemCount) \(noun) in Stock. Total Value: \(try formatter.format(total))"
  }
}
