/// Per value, the least total any valid build holding it can have, from the feature tree
/// alone: a floor under its FROM price (``ConfigurationSpace/lowestCosts(of:choices:costs:budget:)``).
///
/// A build holding `v` holds `v`'s ancestors (each child implies its parent), and each of
/// their groups and `v`'s own brings at least its lightest valid part (``TreeBounds``:
/// `least`). So, with `up(v)` what `v`'s ancestors bring beside `v`'s subtree,
/// `floor(v) = up(v) + least(v)`, and for a child `c` of `p`:
/// `up(c) = up(p) + w(p) + Σ` over `p`'s other groups of their lightest part, `+` the
/// `minimum − 1` lightest of `c`'s group's other members (none for an optional child).
/// The parts are disjoint subtrees, as for the solver's bound; weights on anything but a tree
/// value being true are left out, which only lowers the floor.
extension Solver {
  /// The floors, per variable (0 outside the tree), or `nil` without a tree.
  ///
  /// - Parameter items: Positive weights on literals of distinct variables.
  /// - Returns: Per variable, the least total of the items' weights in a build holding it.
  package func treeFloors(_ items: [(literal: Literal, weight: Int64)]) -> [Int64]? {
    guard !tree.postOrder.isEmpty else { return nil }
    let count = tree.parents.count
    var weight = [Int64](repeating: 0, count: count)
    for item in items where !item.literal.isNegated {
      let variable = Int(item.literal.variable.index)
      if variable >= 0, variable < count { weight[variable] = item.weight }
    }
    // Children first: each value's lightest valid subtree part, and each group's lightest
    // `minimum` members together.
    var least = weight
    var groupLeast = [Int64](repeating: 0, count: tree.groupMinimums.count)
    var sorted: [Int64] = []
    for variable in tree.postOrder.map(Int.init) {
      var total = weight[variable]
      for group in tree.groupsOf(variable).map(Int.init) {
        sorted.removeAll(keepingCapacity: true)
        for member in tree.members(of: group) { sorted.append(least[Int(member)]) }
        sorted.sort()
        // Disjoint subtrees of positive weights: every sum stays within the items' total.
        groupLeast[group] = sorted.prefix(Int(tree.groupMinimums[group])).reduce(0, +)
        total += groupLeast[group]
      }
      least[variable] = total
    }
    // Parents first: what the ancestors bring beside a value's own subtree.
    var up = [Int64](repeating: 0, count: count)
    var rank = [Int32](repeating: 0, count: count)
    var lightestOthers = [Int64](repeating: 0, count: tree.groupMinimums.count)
    for group in tree.groupMinimums.indices {
      let members = tree.members(of: group).sorted { least[Int($0)] < least[Int($1)] }
      for (position, member) in members.enumerated() {
        rank[Int(member)] = Int32(truncatingIfNeeded: position)
      }
      let minimum = Int(tree.groupMinimums[group])
      lightestOthers[group] = members.prefix(minimum - 1).reduce(0) { $0 + least[Int($1)] }
    }
    for variable in tree.postOrder.reversed().map(Int.init) {
      let parent = Int(tree.parents[variable])
      guard parent >= 0 else { continue }
      let own = Int(tree.groupOf[variable])
      var total = up[parent] + weight[parent]
      for group in tree.groupsOf(parent).map(Int.init) where group != own {
        total += groupLeast[group]
      }
      if own >= 0 {
        // The others of its group: the lightest `minimum` without it when it is among them,
        // else the lightest `minimum − 1`.
        total +=
          Int(rank[variable]) < Int(tree.groupMinimums[own])
          ? groupLeast[own] - least[variable] : lightestOthers[own]
      }
      up[variable] = total
    }
    var floors = [Int64](repeating: 0, count: count)
    for variable in 0..<count where tree.isInTree[variable] {
      floors[variable] = up[variable] + least[variable]
    }
    return floors
  }
}
