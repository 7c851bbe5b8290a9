/// Why a literal is on the trail: the assumptions its unit propagation started from.
extension Solver {
  /// The assumptions of the last call whose unit propagation made `literal` true, found by
  /// walking its implication graph back through the reason clauses (the cone of `literal`
  /// only, not the whole trail).
  ///
  /// With the clauses, the returned assumptions imply `literal` by unit propagation alone, so
  /// they are an unsatisfiable core for assuming `¬literal` — found without a solver call, for
  /// any number of literals after one call. Learned clauses on the way are consequences of
  /// the clauses, so this stays sound. Valid while the assumption levels of the last call are
  /// on the trail (after `.satisfiable`, all of them).
  ///
  /// - Parameter literal: The literal.
  /// - Returns: The assumptions (empty when `literal` holds at level 0, by the clauses
  ///   alone), or `nil` when unit propagation has not made `literal` true.
  package mutating func assumptionsImplying(_ literal: Literal) -> [Literal]? {
    let start = Int(literal.variable.index)
    guard start >= 0, start < variableCount, values[Int(literal.code)] > 0 else { return nil }
    guard levels[start] > 0 else { return [] }
    var found: [Literal] = []
    stack.count = 0
    toClear.count = 0
    stack.append(UInt32(truncatingIfNeeded: start))
    toClear.append(UInt32(truncatingIfNeeded: start))
    seen[start] = 1
    while !stack.isEmpty {
      let variable = Int(stack.removeLast())
      let reason = reasons[variable]
      guard reason != Self.noReason else {
        // A decision above level 0 under the assumption levels: one of the assumptions, as
        // it stands on the trail.
        let code = UInt32(truncatingIfNeeded: 2 * variable) | (values[2 * variable] > 0 ? 0 : 1)
        found.append(Literal(code: code))
        continue
      }
      for position in 0..<clauseSize(reason) {
        let other = Int(clauseLiteral(reason, position) >> 1)
        guard other != variable, seen[other] == 0, levels[other] > 0 else { continue }
        seen[other] = 1
        stack.append(UInt32(truncatingIfNeeded: other))
        toClear.append(UInt32(truncatingIfNeeded: other))
      }
    }
    for position in 0..<toClear.count { seen[Int(toClear[position])] = 0 }
    toClear.count = 0
    return found
  }
}
