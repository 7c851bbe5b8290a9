internal import CarFactory
internal import Dealership

/// What the machine formats call a tree's nodes (JSON and CSV alike).
extension ProductLine {
  /// `model`, `group`, `value` (a catalog's) or `feature` (a UVL model's).
  func nodeKind(_ item: TreeNode.Item) -> String {
    switch item {
    case .model: "model"
    case .group: "group"
    case .value: buildsAreFeatures ? "feature" : "value"
    }
  }

  /// The model's id, a group's name, a value's or feature's name.
  func nodeName(_ item: TreeNode.Item) -> String {
    switch item {
    case .model: model.rawValue
    case .group(let group): groups[group].name
    case .value(let value): values[value].name
    }
  }
}
