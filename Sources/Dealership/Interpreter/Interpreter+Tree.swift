package import CarFactory

/// `tree` (SPEC §14): a model's tree with each value's state as `options` names it.
extension Interpreter {
  /// The tree of a model from a group or feature down (the whole model without one), at most
  /// `depth` levels below it.
  func tree(_ request: ModelRequest, from top: Int?, depth: Int?, _ state: SessionState)
    throws(CommandError) -> CommandResult
  {
    let line = request.line
    let states: [OptionsReport.State]
    do {
      states = try request.configurator.states(request.choices)
    } catch {
      throw Self.failure(error, line: line, money: state.money)
    }
    let nodes =
      if let tree = line.featureTree {
        Self.featureNodes(line, tree, states: states, from: top, depth: depth)
      } else {
        Self.groupNodes(line, states: states, from: top, depth: depth)
      }
    return .tree(
      TreeResult(line: line, choices: request.choices, nodes: nodes, top: top, depth: depth))
  }

  /// A UVL model's features in file order (its preorder), from a feature's subtree; a
  /// feature at the depth limit stands for its subtree.
  private static func featureNodes(
    _ line: ProductLine, _ tree: FeatureTree, states: [OptionsReport.State], from top: Int?,
    depth limit: Int?
  ) -> [TreeNode] {
    let range = top.map { tree.subtree(of: line.groups[$0].values.lowerBound) } ?? 0..<tree.count
    let base = range.isEmpty ? 0 : tree.depths[range.lowerBound]
    var nodes: [TreeNode] = []
    var value = range.lowerBound
    while value < range.upperBound {
      let level = tree.depths[value] - base
      let subtree = tree.subtree(of: value)
      let cut = limit.map { level >= $0 } ?? false
      nodes.append(
        TreeNode(
          item: .value(value), depth: tree.depths[value],
          parent: tree.parents[value].map { .value($0) }, membership: tree.memberships[value],
          state: states[value], hidden: cut ? subtree.count - 1 : 0))
      value = cut ? subtree.upperBound : value + 1
    }
    return nodes
  }

  /// A catalog model, then its slots and groups (or the one asked for), each with its
  /// values: a slot's or `one` group's values are alternatives, an `any` group's optional.
  private static func groupNodes(
    _ line: ProductLine, states: [OptionsReport.State], from top: Int?, depth limit: Int?
  ) -> [TreeNode] {
    var nodes: [TreeNode] = []
    let groupLevel = top == nil ? 1 : 0
    let groupsShown = limit.map { groupLevel <= $0 } ?? true
    let valuesShown = limit.map { groupLevel + 1 <= $0 } ?? true
    if top == nil {
      nodes.append(
        TreeNode(
          item: .model, depth: 0, parent: nil, membership: nil, state: nil,
          hidden: groupsShown ? 0 : line.values.count))
    }
    guard groupsShown else { return nodes }
    for group in top.map({ [$0] }) ?? Array(line.groups.indices) {
      let values = line.groups[group].values
      nodes.append(
        TreeNode(
          item: .group(group), depth: 1, parent: .model, membership: nil, state: nil,
          hidden: valuesShown ? 0 : values.count))
      guard valuesShown else { continue }
      let membership: UVLGroupKind? =
        switch line.groups[group].kind {
        case .slot, .one: .alternative
        case .any: .optional
        case .feature: nil
        }
      for value in values {
        nodes.append(
          TreeNode(
            item: .value(value), depth: 2, parent: .group(group), membership: membership,
            state: states[value], hidden: 0))
      }
    }
    return nodes
  }
}
