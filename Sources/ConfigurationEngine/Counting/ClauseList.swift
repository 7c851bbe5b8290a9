/// Clauses as literal codes one after another, with where each ends: how clauses pass between
/// the counter's stages without an array per clause.
struct ClauseList {
  /// The literal codes of every clause, one clause after another.
  private(set) var literals: [UInt32] = []
  /// Where each clause ends in `literals` (the next one starts there).
  private(set) var ends: [Int] = []

  /// How many clauses there are.
  var count: Int { ends.count }

  /// The literals of clause `index`.
  subscript(index: Int) -> ArraySlice<UInt32> {
    literals[(index == 0 ? 0 : ends[index - 1])..<ends[index]]
  }

  /// Adds a clause.
  mutating func append<Literals: Sequence<UInt32>>(_ clause: Literals) {
    literals.append(contentsOf: clause)
    ends.append(literals.count)
  }

  /// Makes room for `clauses` clauses of `literals` literals in all.
  mutating func reserveCapacity(clauses: Int, literals count: Int) {
    ends.reserveCapacity(clauses)
    literals.reserveCapacity(count)
  }
}
