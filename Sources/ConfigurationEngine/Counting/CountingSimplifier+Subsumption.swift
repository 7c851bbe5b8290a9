/// Subsumed clauses: a clause containing all the literals of another says nothing more.
extension CountingSimplifier {
  /// Removes every clause that contains all the literals of another (duplicates included),
  /// shortest clauses first, each checked against the occurrences of its rarest literal.
  ///
  /// - Parameter workLimit: The most clause literals visited in all (with the other steps).
  mutating func removeSubsumedClauses(workLimit: Int) {
    var order = clauses.indices.filter { !isRemoved[$0] }
    order.sort { clauses[$0].count < clauses[$1].count }
    var isMarked = [Bool](repeating: false, count: 2 * variableCount)
    for (step, index) in order.enumerated() {
      if isRemoved[index] { continue }
      if step & 1023 == 0, work > workLimit || isOutOfTime { return }
      let clause = clauses[index]
      var rarest = clause[0]
      for literal in clause
      where occurrences[Int(literal)].count < occurrences[Int(rarest)].count {
        rarest = literal
      }
      for literal in clause { isMarked[Int(literal)] = true }
      for other in liveOccurrences(of: rarest) where Int(other) != index {
        let candidate = clauses[Int(other)]
        // A clause of equal length subsumes only its duplicate; keep the first of the two.
        guard
          candidate.count > clause.count || (candidate.count == clause.count && Int(other) > index)
        else { continue }
        work += candidate.count
        var contained = 0
        for literal in candidate where isMarked[Int(literal)] { contained += 1 }
        if contained == clause.count {
          remove(Int(other))
          statistics.subsumed += 1
        }
      }
      for literal in clause { isMarked[Int(literal)] = false }
    }
  }
}
