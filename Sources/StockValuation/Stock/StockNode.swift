/// One node of a stock report tree: the whole stock, a category, a line, or a summarized file's
/// part of a category.
///
/// The tree is a composite: a node's item count and exact value are the sums of its children's.
/// Each node's figures are rounded (``baseValue``) and converted (``value``) once from its own
/// exact value, never summed from rounded children.
public struct StockNode: Sendable, Hashable {
  /// What a node stands for.
  public enum Kind: Sendable, Hashable {
    /// The root: the whole stock.
    case total
    /// A category group; its children are lines (none when built by a ``StockAccumulator``).
    case category
    /// A single stock line; it has no children.
    case line
    /// The part of a category that came from a summarized file (``StockSummary``); its name
    /// is the file, and it has no children.
    case summary
  }

  /// What the node stands for.
  public let kind: Kind
  /// The line's product name, the category name, or `"Total"`.
  public let name: String
  /// The sum of quantities below this node.
  public let itemCount: Int64
  /// The exact value in the stock's currency (USD), not rounded.
  public let exactBaseValue: ExactMoney
  /// ``exactBaseValue`` rounded once to minor units.
  public let baseValue: Money
  /// ``exactBaseValue`` converted once into the report currency.
  public let value: Money
  /// The child nodes, in order of first appearance (a report's categories are made as they
  /// are read, see ``StockNodes``).
  public let children: StockNodes
  /// The stock line, for line nodes.
  public let line: StockLine?

  init(
    kind: Kind, name: String, itemCount: Int64, exact: ExactMoney, children: [StockNode],
    line: StockLine?, converter: any CurrencyConverting
  ) throws(MoneyError) {
    try self.init(
      kind: kind, name: name, itemCount: itemCount, exact: exact, nodes: StockNodes(children),
      line: line, converter: converter)
  }

  init(
    kind: Kind, name: String, itemCount: Int64, exact: ExactMoney, nodes children: StockNodes,
    line: StockLine?, converter: any CurrencyConverting
  ) throws(MoneyError) {
    self.kind = kind
    self.name = name
    self.itemCount = itemCount
    self.exactBaseValue = exact
    self.baseValue = try exact.rounded(converter.rounding)
    self.value = try converter.convert(exact)
    self.children = children
    self.line = line
  }
}

extension StockNode {
  /// A category node with zero figures, for a category whose figures did not convert (never
  /// made after a report's check; see `StockCategorySource`).
  init(failed name: String, converter: any CurrencyConverting) {
    kind = .category
    self.name = name
    itemCount = 0
    exactBaseValue = ExactMoney(scaled: 0, currency: converter.source)
    baseValue = Money(minorUnits: 0, currency: converter.source)
    value = Money(minorUnits: 0, currency: converter.target)
    children = StockNodes([])
    line = nil
  }
}

/// The children of a ``StockNode``: a list of nodes, or a report's categories, each made when
/// it is read from the report's totals — so a report of millions of categories holds no node
/// per category, and renderers can write it as they go.
public struct StockNodes: RandomAccessCollection, Sendable, Hashable {
  private enum Storage: Sendable {
    case nodes([StockNode])
    case categories(StockCategorySource)
  }

  private let storage: Storage

  init(_ nodes: [StockNode]) {
    storage = .nodes(nodes)
  }

  init(categories source: StockCategorySource) {
    storage = .categories(source)
  }

  /// The first position, 0.
  public var startIndex: Int { 0 }

  /// One past the last position: the number of children.
  public var endIndex: Int {
    switch storage {
    case .nodes(let nodes): nodes.count
    case .categories(let source): source.count
    }
  }

  /// The child at a position.
  ///
  /// - Parameter position: From 0 to `count - 1`.
  public subscript(position: Int) -> StockNode {
    switch storage {
    case .nodes(let nodes): nodes[position]
    case .categories(let source): source.node(at: position)
    }
  }

  /// Children are equal when they are equal one by one.
  public static func == (lhs: StockNodes, rhs: StockNodes) -> Bool {
    lhs.elementsEqual(rhs)
  }

  /// Hashes the number of children.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
  }
}
