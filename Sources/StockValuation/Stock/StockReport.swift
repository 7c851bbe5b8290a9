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
  /// Whether any line carries a VIN (a text table then shows the column).
  public let hasVIN: Bool

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
    var accumulator: StockAccumulator
    if lines.isEmpty, summaries.count == 1, let only = summaries.first {
      // One file kept as totals: its totals are the report's, shared rather than copied.
      accumulator = only.totals
    } else {
      accumulator = StockAccumulator(currency: converter.source)
      for line in lines { try accumulator.add(line) }
      for summary in summaries { try accumulator.add(summary) }
    }
    var lineNodes: [Int: [StockNode]] = [:]
    for line in lines {
      let node = try StockNode(
        kind: .line, name: line.name, itemCount: line.quantity, exact: line.exactValue(),
        children: [], line: line, converter: converter)
      lineNodes[accumulator.categoryIndex(for: line.category), default: []].append(node)
    }
    let source = StockCategorySource(
      totals: accumulator, lineNodes: lineNodes, summaries: summaries, converter: converter)
    try self.init(
      source: source, accumulator: accumulator, converter: converter,
      hasVIN: lines.contains { $0.vin != nil })
  }

  /// Values the totals of a streaming accumulator; categories then have no line children.
  /// - Parameters:
  ///   - accumulator: The accumulated totals.
  ///   - converter: Converts into the report currency; its source must be the accumulator's.
  /// - Throws: ``MoneyError/currencyMismatch(expected:actual:)`` or ``MoneyError/overflow(_:)``.
  public init(accumulator: StockAccumulator, converter: any CurrencyConverting)
    throws(MoneyError)
  {
    let source = StockCategorySource(
      totals: accumulator, lineNodes: [:], summaries: [], converter: converter)
    try self.init(source: source, accumulator: accumulator, converter: converter)
  }

  private init(
    source: StockCategorySource, accumulator: StockAccumulator,
    converter: any CurrencyConverting, hasVIN: Bool = false
  ) throws(MoneyError) {
    guard accumulator.currency == converter.source else {
      throw .currencyMismatch(expected: converter.source.code, actual: accumulator.currency.code)
    }
    // Every figure is converted once here, so that reading the categories later cannot fail;
    // no node is kept.
    try source.check()
    root = try StockNode(
      kind: .total, name: "Total", itemCount: accumulator.itemCount,
      exact: accumulator.exactTotal, nodes: StockNodes(categories: source), line: nil,
      converter: converter)
    rate = converter.effectiveRate
    rounding = converter.rounding
    self.hasVIN = hasVIN
  }

  /// The category nodes, in order of first appearance, each made as it is read.
  public var categories: StockNodes { root.children }
  /// The sum of all quantities.
  public var itemCount: Int64 { root.itemCount }
  /// The grand total in the report currency, converted once.
  public var total: Money { root.value }
  /// The grand total in the stock's currency (USD), rounded once.
  public var baseTotal: Money { root.baseValue }
  /// The exact grand total in the stock's currency (USD).
  public var exactBaseTotal: ExactMoney { root.exactBaseValue }

  /// The book's headline: `78 Products in Stock. Total Value: £246,362.43`
  /// (`1 Product in Stock. …` for a single item; `1,234 Products` grouped as the formatter
  /// groups amounts).
  /// - Parameter formatter: A formatter of the report currency.
  /// - Returns: The headline.
  /// - Throws: ``MoneyError/currencyMismatch(expected:actual:)`` for another currency.
  public func headline(formatter: any MoneyFormatting) throws(MoneyError) -> String {
    let noun = itemCount == 1 ? "Product" : "Products"
    let count = formatter.formatCount(itemCount)
    return "\(count) \(noun) in Stock. Total Value: \(try formatter.format(total))"
  }
}

/// What a report's category nodes are made from: the totals per category, the line nodes
/// (few: lines are kept only for small stocks) and the summarized files, whose part of each
/// category is found by name when the category is read.
final class StockCategorySource: Sendable {
  private let totals: StockAccumulator
  private let lineNodes: [Int: [StockNode]]
  private let summaries: [StockSummary]
  private let converter: any CurrencyConverting

  init(
    totals: StockAccumulator, lineNodes: [Int: [StockNode]], summaries: [StockSummary],
    converter: any CurrencyConverting
  ) {
    self.totals = totals
    self.lineNodes = lineNodes
    self.summaries = summaries
    self.converter = converter
  }

  /// The number of categories.
  var count: Int { totals.categoryCount }

  /// Makes every node once, so that every figure is known to convert.
  func check() throws(MoneyError) {
    for index in 0..<count { _ = try makeNode(at: index) }
  }

  /// The category node at a position (checked by ``check()``).
  func node(at index: Int) -> StockNode {
    do {
      return try makeNode(at: index)
    } catch {
      // Unreachable after `check()`: the same figures converted then. A node with the
      // failure's name keeps a renderer going rather than trapping.
      return StockNode(failed: totals.name(at: index), converter: converter)
    }
  }

  private func makeNode(at index: Int) throws(MoneyError) -> StockNode {
    let total = totals.category(at: index)
    var children = lineNodes[index] ?? []
    for summary in summaries {
      guard let position = summary.totals.index(of: total.name) else { continue }
      let part = summary.totals.category(at: position)
      children.append(
        try StockNode(
          kind: .summary, name: summary.source, itemCount: part.itemCount,
          exact: part.exactTotal, children: [], line: nil, converter: converter))
    }
    return try StockNode(
      kind: .category, name: total.name, itemCount: total.itemCount, exact: total.exactTotal,
      children: children, line: nil, converter: converter)
  }
}
