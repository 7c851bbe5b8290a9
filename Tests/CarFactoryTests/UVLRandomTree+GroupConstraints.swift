import CatalogFixtures

extension UVLRandomTree {
  /// "Exactly one of the members", written out as a disjunction of conjunctions
  /// (`A & !B & !C | B & !A & !C | C & !A & !B`), the way configuration tools export a group.
  static func exactlyOne(_ members: [Int]) -> Formula {
    let terms = members.map { chosen in
      members.filter { $0 != chosen }.reduce(Formula.atom(chosen)) { $0 & .not(.atom($1)) }
    }
    return terms.dropFirst().reduce(terms[0]) { .or($0, $1) }
  }

  /// The tree with constraints that restate its groups (issue 52): for some groups of three
  /// members or more, "exactly one of the members", alone or under the parent (`P => …`).
  /// Under an `alternative` parent's implication it is what the tree already says, so `lint`
  /// must find it redundant; alone, or over another kind of group, it usually changes builds.
  ///
  /// - Parameter seed: Which groups get one, and in which form.
  /// - Returns: The tree with the constraints added after its own.
  func restatingGroups(seed: UInt64) -> UVLRandomTree {
    var random = SeededGenerator(state: seed ^ 0xE1AC_70AE)
    var tree = self
    for group in groups where group.members.count >= 3 && Int.random(in: 0..<3, using: &random) != 0
    {
      let formula = Self.exactlyOne(group.members)
      let guarded = group.parent != 0 && Int.random(in: 0..<4, using: &random) != 0
      tree.constraints.append(guarded ? .implies(.atom(group.parent), formula) : formula)
    }
    return tree
  }
}

extension UVLRandomTree.Formula {
  /// The conjunction of two formulas.
  static func & (a: Self, b: Self) -> Self { .and(a, b) }
}
