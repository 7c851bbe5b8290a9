/// Lower bounds on totals from the feature tree (issue 50's tight totals).
///
/// A linear constraint `Σ wᵢ·lᵢ ≤ B` propagates on what is true (`Solver+Linear.swift`); a
/// tight bound over a feature tree also has to see what must still come. A value brings at
/// least its subtree's lightest valid part: `M(v) = w(v) + Σ` over its groups of their
/// `minimum` lightest members' `M` (mandatory children are a group asking for all). A group
/// whose parent is true and no member yet must add at least its lightest open member's `M`.
/// These parts are disjoint: at a fixpoint no open value has a true descendant (each child
/// implies its parent), so two open groups' members' subtrees and the true values never
/// share a variable. Hence the bound `Σ true + Σ open groups' least`, as in the relaxation
/// bounds of branch-and-bound optimizers, and two conclusions from it:
/// - past the bound, a conflict;
/// - an open value whose parent is true and whose subtree would take the total past the
///   bound is set false (a member of an open group replaces that group's least).
///
/// The reason is a clause, as for every linear conclusion: the true literals counted
/// (heaviest first, as few as suffice), each open group's parent, and each false member
/// lighter than the group's least (it would lower the least were it open). It is implied by
/// the clauses and the constraint for every assignment, not only this one: the disjointness
/// it rests on is a property of the tree given the literals it names. Only what
/// ``ConstraintModel/Hierarchy`` declares is used, checked here to be a forest whose groups
/// ask for their parent's own children, each child in one group.
extension Solver {
  /// Takes the feature tree: every linear constraint (those added later too) gets its bound.
  ///
  /// - Parameters:
  ///   - parents: Per variable, its parent's index or -1.
  ///   - groups: `(parent, members, minimum)`: when the parent is true, at least `minimum`
  ///     members are.
  package mutating func setHierarchy(
    parents: [Int32], groups: [(parent: Variable, members: [Variable], minimum: Int)]
  ) {
    tree = TreeBounds()
    guard let built = TreeBounds(parents: parents, groups: groups, variableCount: variableCount)
    else { return }
    tree = built
    for constraint in 0..<linear.bounds.count { boundConstraint(constraint) }
  }

  /// Gives a linear constraint its tree bound, when the tree holds any of its positive terms.
  mutating func boundConstraint(_ constraint: Int) {
    guard !tree.postOrder.isEmpty, constraint < linear.bounds.count else { return }
    let first = constraint == 0 ? 0 : Int(linear.starts[constraint - 1])
    var weights = [Int64](repeating: 0, count: tree.parents.count)
    var any = false
    for position in first..<Int(linear.starts[constraint]) {
      let literal = linear.literals[position]
      let variable = Int(literal >> 1)
      guard literal & 1 == 0, variable < weights.count, tree.isInTree[variable] else { continue }
      weights[variable] = linear.weights[position]
      any = true
    }
    guard any else { return }
    // Children before parents: a value's groups are complete when it is reached.
    var heaviest: Int64 = 0
    var lightest = [Int64]()
    for variable in tree.postOrder {
      let index = Int(variable)
      var total = weights[index]
      for group in tree.groupsOf(index).map(Int.init) {
        lightest.removeAll(keepingCapacity: true)
        for member in tree.members(of: group) { lightest.append(weights[Int(member)]) }
        lightest.sort()
        // Each part is a subtree's weight: the sum stays within the constraint's total.
        for weight in lightest.prefix(Int(tree.groupMinimums[group])) { total += weight }
      }
      weights[index] = total
      heaviest = max(heaviest, total)
    }
    // Only what weighs can move the bound: the groups with a member of weight, the values of
    // weight (a line priced on a few of its features checks a few).
    let groups = (0..<tree.groupMinimums.count).filter { group in
      tree.members(of: group).contains { weights[Int($0)] > 0 }
    }
    tree.bounded.append(
      .init(
        constraint: constraint, least: weights, heaviest: heaviest,
        groups: groups.map { Int32(truncatingIfNeeded: $0) },
        children: tree.children.filter { weights[Int($0)] > 0 }))
  }

  /// Drops the tree bound of the last linear constraint (it is being removed).
  mutating func unboundLastConstraint() {
    let last = linear.bounds.count - 1
    tree.bounded.removeAll { $0.constraint >= last }
  }

  /// At a fixpoint: every tree bound checked; open values that cannot fit set false.
  ///
  /// - Returns: A reason clause all of whose literals are false (a conflict), `noReason`
  ///   otherwise; `implied` says whether literals were set (propagate again).
  mutating func boundTotals() -> (conflict: UInt32, implied: Bool) {
    var implied = false
    for index in tree.bounded.indices {
      let conflict = boundTotal(index, implied: &implied)
      if conflict != Self.noReason { return (conflict, implied) }
    }
    return (Self.noReason, implied)
  }

  private mutating func boundTotal(_ index: Int, implied: inout Bool) -> UInt32 {
    let constraint = tree.bounded[index].constraint
    let room = linear.bounds[constraint] - linear.sums[constraint]
    guard room >= 0 else { return Self.noReason }  // the constraint's own conflict comes first
    // The open groups' least, in `share` per group (0: not counted).
    var extra: Int64 = 0
    tree.counted.removeAll(keepingCapacity: true)
    for group32 in tree.bounded[index].groups {
      let group = Int(group32)
      let parent = Int(tree.groupParents[group])
      guard values[2 * parent] > 0 else { continue }
      let share = openShare(of: group, index)
      guard share > 0 else { continue }
      tree.share[group] = share
      tree.counted.append(Int32(truncatingIfNeeded: group))
      extra += share
      if extra > room { break }
    }
    defer { for group in tree.counted { tree.share[Int(group)] = 0 } }
    if extra > room {
      let reason = makeTreeReason(index, beyond: linear.bounds[constraint] - extra)
      guard reason != Self.noReason else { return Self.noReason }
      // A conflict must hold a literal of this level for the analysis (a bound passed at a
      // lower level was met there); should one not, the constraint catches it later.
      if decisionLevel > 0, !reasonHasCurrentLevel(reason) { return Self.noReason }
      return reason
    }
    let slack = room - extra
    guard slack < tree.bounded[index].heaviest else { return Self.noReason }
    // Open values whose parent is true and whose subtree does not fit.
    tree.scratch.removeAll(keepingCapacity: true)
    var smallest = Int64.max
    for variable in tree.bounded[index].children {
      let child = Int(variable)
      guard values[2 * child] == 0, values[2 * Int(tree.parents[child])] > 0 else { continue }
      var cost = tree.bounded[index].least[child]
      let group = Int(tree.groupOf[child])
      if group >= 0, tree.share[group] > 0 {
        // It would take its group's place; a group asking for more is not split here.
        guard tree.groupMinimums[group] == 1 else { continue }
        cost -= tree.share[group]
      }
      guard cost > slack else { continue }
      tree.scratch.append(UInt32(truncatingIfNeeded: 2 * child + 1))
      smallest = min(smallest, cost)
    }
    guard !tree.scratch.isEmpty else { return Self.noReason }
    // Within 2⁶² each (the constraint's total bounds them), so the difference stays in range.
    let (limit, overflow) = (linear.bounds[constraint] - extra).subtractingReportingOverflow(
      smallest)
    let reason = makeTreeReason(index, beyond: overflow ? .min : limit)
    guard reason != Self.noReason else { return Self.noReason }
    for literal in tree.scratch { assign(literal, reason: reason) }
    implied = true
    return Self.noReason
  }

  /// The least an open group must still add: the `minimum` lightest open members' weights,
  /// or 0 when a member is true already or too few are open (the clauses see to those).
  private func openShare(of group: Int, _ index: Int) -> Int64 {
    let least = tree.bounded[index].least
    let minimum = Int(tree.groupMinimums[group])
    if minimum == 1 {
      var best = Int64.max
      for member in tree.members(of: group) {
        let value = values[2 * Int(member)]
        if value > 0 { return 0 }
        if value == 0 { best = min(best, least[Int(member)]) }
      }
      return best == .max ? 0 : best
    }
    var open: [Int64] = []
    for member in tree.members(of: group) {
      let value = values[2 * Int(member)]
      if value > 0 { return 0 }
      if value == 0 { open.append(least[Int(member)]) }
    }
    guard open.count >= minimum else { return 0 }
    open.sort()
    return open.prefix(minimum).reduce(0, +)
  }

  /// A reason: the counted groups' parents and their false members lighter than the share
  /// (all false members of a group asking for more than one), then the constraint's true
  /// literals, heaviest first, until their weights pass `limit`.
  private mutating func makeTreeReason(_ index: Int, beyond limit: Int64) -> UInt32 {
    let least = tree.bounded[index].least
    var literals: [UInt32] = []
    for group32 in tree.counted {
      let group = Int(group32)
      literals.append(UInt32(truncatingIfNeeded: 2 * Int(tree.groupParents[group]) + 1))
      let share = tree.share[group]
      let single = tree.groupMinimums[group] == 1
      for member in tree.members(of: group) where values[2 * Int(member)] < 0 {
        if !single || least[Int(member)] < share {
          literals.append(UInt32(truncatingIfNeeded: 2 * Int(member)))
        }
      }
    }
    let constraint = tree.bounded[index].constraint
    let first = constraint == 0 ? 0 : Int(linear.starts[constraint - 1])
    var total: Int64 = 0
    var position = first
    while position < Int(linear.starts[constraint]), total <= limit {
      let literal = linear.literals[position]
      if values[Int(literal)] > 0 {
        literals.append(literal ^ 1)
        total += linear.weights[position]
      }
      position += 1
    }
    return makeReasonClause(literals, trailCount: trail.count)
  }

  private func reasonHasCurrentLevel(_ reason: UInt32) -> Bool {
    let level = Int32(truncatingIfNeeded: decisionLevel)
    for position in 0..<clauseSize(reason)
    where levels[Int(clauseLiteral(reason, position) >> 1)] == level {
      return true
    }
    return false
  }
}

/// The feature tree as the solver keeps it, and each bounded constraint's weights.
///
/// Invariants: `parents` is a forest (no cycles); every group's members are children of its
/// parent, distinct, each in no other group (`groupOf`); `postOrder` lists every variable of
/// the tree after its descendants; `share` is 0 for every group between checks.
struct TreeBounds {
  struct Bounded {
    let constraint: Int
    /// Per variable: the least weight it brings with it (its subtree's lightest valid part).
    let least: [Int64]
    /// The largest of `least`: a check with more room than that concludes nothing.
    let heaviest: Int64
    /// The groups with a member of some weight, and the children of some weight.
    let groups: [Int32]
    let children: [Int32]
  }

  var parents: [Int32] = []
  var isInTree: [Bool] = []
  var groupOf: [Int32] = []
  var groupParents: [Int32] = []
  var groupStarts: [Int32] = [0]
  var groupMembers: [Int32] = []
  var groupMinimums: [Int32] = []
  /// Per variable, the groups it is the parent of: `parentGroups[parentGroupStarts[v]…]`.
  var parentGroupStarts: [Int32] = []
  var parentGroups: [Int32] = []
  var postOrder: [Int32] = []
  /// The variables with a parent.
  var children: [Int32] = []
  var bounded: [Bounded] = []
  // Scratch of a check.
  var share: [Int64] = []
  var counted: [Int32] = []
  var scratch: [UInt32] = []

  init() {}

  /// The tree, or `nil` when the declaration is not a forest of the solver's variables.
  init?(
    parents declared: [Int32], groups: [(parent: Variable, members: [Variable], minimum: Int)],
    variableCount: Int
  ) {
    guard !groups.isEmpty, declared.count <= variableCount else { return nil }
    let count = declared.count
    parents = declared
    for parent in parents where parent >= Int32(truncatingIfNeeded: count) { return nil }
    // Depths by walking up; a walk longer than the variables is a cycle.
    var depth = [Int32](repeating: -1, count: count)
    var path: [Int] = []
    for start in 0..<count where depth[start] < 0 {
      var current = start
      path.removeAll(keepingCapacity: true)
      while current >= 0, depth[current] < 0 {
        path.append(current)
        guard path.count <= count else { return nil }
        current = Int(parents[current])
      }
      var level = current >= 0 ? depth[current] : -1
      for variable in path.reversed() {
        level += 1
        depth[variable] = level
      }
    }
    groupOf = [Int32](repeating: -1, count: count)
    var groupCount = 0
    for group in groups {
      let parent = Int(group.parent.index)
      guard parent >= 0, parent < count, group.minimum > 0,
        group.minimum <= group.members.count,
        group.members.allSatisfy({
          let member = Int($0.index)
          return member >= 0 && member < count && parents[member] == Int32(parent)
            && groupOf[member] < 0
        }),
        Set(group.members).count == group.members.count
      else { continue }
      for member in group.members { groupOf[Int(member.index)] = Int32(groupCount) }
      groupParents.append(Int32(parent))
      groupMembers += group.members.map(\.index)
      groupStarts.append(Int32(truncatingIfNeeded: groupMembers.count))
      groupMinimums.append(Int32(truncatingIfNeeded: group.minimum))
      groupCount += 1
    }
    guard groupCount > 0 else { return nil }
    isInTree = [Bool](repeating: false, count: count)
    var groupsPerParent = [Int32](repeating: 0, count: count + 1)
    for parent in groupParents { groupsPerParent[Int(parent) + 1] += 1 }
    for variable in 0..<count { groupsPerParent[variable + 1] += groupsPerParent[variable] }
    parentGroupStarts = groupsPerParent
    parentGroups = [Int32](repeating: 0, count: groupCount)
    var next = groupsPerParent
    for (group, parent) in groupParents.enumerated() {
      parentGroups[Int(next[Int(parent)])] = Int32(group)
      next[Int(parent)] += 1
    }
    for variable in 0..<count {
      let isParent = parentGroupStarts[variable] < parentGroupStarts[variable + 1]
      isInTree[variable] = parents[variable] >= 0 || isParent
    }
    postOrder = (0..<count).filter { isInTree[$0] }.sorted { depth[$0] > depth[$1] }
      .map { Int32($0) }
    children = (0..<count).filter { parents[$0] >= 0 }.map { Int32($0) }
    share = [Int64](repeating: 0, count: groupCount)
  }

  func groupsOf(_ variable: Int) -> ArraySlice<Int32> {
    guard variable + 1 < parentGroupStarts.count else { return [] }
    return parentGroups[Int(parentGroupStarts[variable])..<Int(parentGroupStarts[variable + 1])]
  }

  func members(of group: Int) -> ArraySlice<Int32> {
    groupMembers[Int(groupStarts[group])..<Int(groupStarts[group + 1])]
  }
}
