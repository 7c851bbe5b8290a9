/// The feature tree behind a model's clauses, declared by the reader that wrote them, for
/// bounds on totals (`Solver+TreeBound.swift`): a linear constraint over the values learns from
/// it how much weight a value brings with it (its subtree's lightest valid part) and how much
/// an open group must still add.
///
/// A declaration is a promise about clauses the model already holds as requirements (never
/// under a rule's selector): each child implies its parent, and a group's parent implies at
/// least `minimum` of its members. Only a reader that adds those clauses declares them.
extension ConstraintModel {
  /// The tree: a parent per value, and the groups that ask a parent for members.
  package struct Hierarchy: Sendable, Equatable {
    /// One group: when `parent` holds, at least `minimum` of `members` (its children) hold.
    package struct Group: Sendable, Equatable {
      package let parent: Variable
      package let members: [Variable]
      package let minimum: Int
    }

    /// Per variable, its parent's index, or -1 (a root, an auxiliary).
    package internal(set) var parents: [Int32] = []
    /// The groups, in the order declared.
    package internal(set) var groups: [Group] = []

    /// Whether nothing is declared.
    package var isEmpty: Bool { groups.isEmpty && parents.allSatisfy { $0 < 0 } }
  }

  /// Declares that `child`'s parent is `parent`; the clause `child ⇒ parent` must be (or
  /// become) one of the requirements.
  package mutating func declareParent(_ parent: Variable, of child: Variable) {
    let index = Int(child.index)
    guard index < variableCount, Int(parent.index) < variableCount, parent != child else {
      return
    }
    if hierarchy.parents.count < variableCount {
      hierarchy.parents += repeatElement(-1, count: variableCount - hierarchy.parents.count)
    }
    hierarchy.parents[index] = Int32(truncatingIfNeeded: parent.index)
  }

  /// Declares a group: whenever `parent` holds, at least `minimum` of `members` do (each of
  /// them `parent`'s child); the clauses saying so must be requirements.
  package mutating func declareGroup(parent: Variable, members: [Variable], minimum: Int) {
    guard minimum > 0, minimum <= members.count else { return }
    hierarchy.groups.append(.init(parent: parent, members: members, minimum: minimum))
  }
}
