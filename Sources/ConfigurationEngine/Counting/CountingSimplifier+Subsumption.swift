/// Subsumed clauses: a clause containing all the literals of another says nothing more.
extension CountingSimplifier {
  /// Removes every clause that contains all the literals of another (one of two duplicates
  /// kept). Only pairs with a clause added or shortened since the last call are compared:
  /// each such clause, shortest first, against the occurrences of its rarest literal (the
  /// clauses it subsumes) and, when few clauses changed, against the short occurrence lists
  /// of each of its literals (the shorter clauses that subsume it).
  ///
  /// - Parameter workLimit: The most clause literals visited in all (with the other steps).
  mutating func removeSubsumedClauses(workLimit: Int) {
    var order = isTouched.indices.filter { isTouched[$0] && !isRemoved($0) }
    for clause in order { isTouched[clause] = false }
    order.sort { clauseLength[$0] < clauseLength[$1] }
    // After a full pass of the first kind, a clause is subsumed only by a shorter one.
    let checksShorter = 4 * order.count < clauseLength.count
    var isMarked = [Bool](repeating: false, count: 2 * variableCount)
    for (step, clause) in order.enumerated() where !isRemoved(clause) {
      if step & 63 == 0, work > workLimit || isOutOfTime { return }
      let range = range(of: clause)
      var rarest = literals[range.lowerBound]
      for position in range {
        let literal = literals[position]
        isMarked[Int(literal)] = true
        if occurrences[Int(literal)].count < occurrences[Int(rarest)].count { rarest = literal }
      }
      // The clauses it subsumes all contain its rarest literal.
      for other in liveOccurrences(of: rarest) where Int(other) != clause {
        let otherRange = self.range(of: Int(other))
        guard
          otherRange.count > range.count
            || (otherRange.count == range.count && Int(other) > clause)
        else { continue }
        work += otherRange.count
        if contains(otherRange, marked: isMarked, count: range.count) {
          remove(Int(other))
          statistics.subsumed += 1
        }
      }
      for position in range { isMarked[Int(literals[position])] = false }
      // A shorter clause that subsumes it contains one of its literals.
      if checksShorter, subsumedByShorter(clause, isMarked: &isMarked) {
        remove(clause)
        statistics.subsumed += 1
      }
    }
  }

  /// Whether the literals of a range include `count` marked ones.
  private func contains(_ range: Range<Int>, marked isMarked: [Bool], count: Int) -> Bool {
    var found = 0
    for position in range where isMarked[Int(literals[position])] { found += 1 }
    return found == count
  }

  /// Whether a strictly shorter live clause has all its literals in `clause` (looking only
  /// at occurrence lists of up to 64 clauses, so that a frequent literal costs nothing).
  private mutating func subsumedByShorter(_ clause: Int, isMarked: inout [Bool]) -> Bool {
    let range = range(of: clause)
    for position in range { isMarked[Int(literals[position])] = true }
    defer { for position in range { isMarked[Int(literals[position])] = false } }
    for position in range where occurrences[Int(literals[position])].count <= 64 {
      for other in occurrences[Int(literals[position])] {
        let otherRange = self.range(of: Int(other))
        guard otherRange.count > 0, otherRange.count < range.count else { continue }
        work += otherRange.count
        if contains(otherRange, marked: isMarked, count: otherRange.count) { return true }
      }
    }
    return false
  }
}
