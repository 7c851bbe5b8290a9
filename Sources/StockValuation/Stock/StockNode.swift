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
  /// The child nodes, in order of first appearance.
  public let children: [StockNode]
  /// The stock line, for line nodes.
  public let line: StockLine?

  init(
    kind: Kind, name: String, itemCount: Int64, exact: ExactMoney, children: [StockNode],
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
