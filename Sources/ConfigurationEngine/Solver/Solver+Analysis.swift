/// Conflict analysis: the first-UIP learned clause, its minimization, and the final conflict
/// over the assumptions.
extension Solver {
  /// Learns a clause from a conflict (first unique implication point) into `learnt`, with the
  /// asserting literal first and a literal of the backjump level second.
  ///
  /// - Parameter conflictClause: A clause false under the current assignment, above level 0.
  /// - Returns: The level to backjump to and the learned clause's LBD.
  mutating func analyze(_ conflictClause: UInt32) -> (backjumpLevel: Int, lbd: Int) {
    learnt.count = 0
    learnt.append(0)  // room for the asserting literal
    var pathCount = 0
    var implied = UInt32.max  // the literal whose reason is being expanded; none at first
    var reason = conflictClause
    var index = trail.count - 1
    let level = Int32(truncatingIfNeeded: decisionLevel)
    repeat {
      bumpClause(reason)
      let size = clauseSize(reason)
      for position in 0..<size {
        let literal = clauseLiteral(reason, position)
        let variable = Int(literal >> 1)
        if implied != UInt32.max, variable == Int(implied >> 1) { continue }
        guard seen[variable] == 0, levels[variable] > 0 else { continue }
        order.bump(Int32(truncatingIfNeeded: variable))
        seen[variable] = 1
        if levels[variable] >= level {
          pathCount += 1
        } else {
          learnt.append(literal)
        }
      }
      while seen[Int(trail[index] >> 1)] == 0 { index -= 1 }
      implied = trail[index]
      index -= 1
      reason = reasons[Int(implied >> 1)]
      seen[Int(implied >> 1)] = 0
      pathCount -= 1
    } while pathCount > 0
    learnt[0] = implied ^ 1
    minimizeLearnt()
    // Find the backjump level: the highest level among the other literals, moved second.
    var backjumpLevel = 0
    if learnt.count > 1 {
      var highest = 1
      for position in 2..<learnt.count
      where levels[Int(learnt[position] >> 1)] > levels[Int(learnt[highest] >> 1)] {
        highest = position
      }
      let literal = learnt[highest]
      learnt[highest] = learnt[1]
      learnt[1] = literal
      backjumpLevel = Int(levels[Int(literal >> 1)])
    }
    return (backjumpLevel, literalBlockDistance())
  }

  /// Drops literals implied by the others (MiniSat's recursive minimization, with an explicit
  /// stack instead of recursion).
  mutating func minimizeLearnt() {
    var abstractLevels: UInt32 = 0
    for position in 1..<learnt.count { abstractLevels |= abstractLevel(learnt[position]) }
    toClear.count = 0
    for position in 0..<learnt.count { toClear.append(learnt[position]) }
    var kept = 1
    for position in 1..<learnt.count {
      let literal = learnt[position]
      if reasons[Int(literal >> 1)] == Self.noReason || !isRedundant(literal, abstractLevels) {
        learnt[kept] = literal
        kept += 1
      }
    }
    learnt.count = kept
    for position in 0..<toClear.count { seen[Int(toClear[position] >> 1)] = 0 }
  }

  /// One bit per level (mod 32), to rule out quickly literals from levels not in the clause.
  @inline(__always) func abstractLevel(_ literal: UInt32) -> UInt32 {
    1 << (UInt32(truncatingIfNeeded: levels[Int(literal >> 1)]) & 31)
  }

  /// Whether `literal` (with a reason) is implied by literals already in the learned clause.
  ///
  /// `seen` is 1 for a literal of the clause or one found implied by them, and 2 for one found
  /// not to be (as in MiniSat's later versions): a literal whose reason holds a literal that is
  /// not implied is not implied either, whichever literal of the clause is being tried, so
  /// the searches from the other literals stop at it instead of walking its reasons again.
  mutating func isRedundant(_ literal: UInt32, _ abstractLevels: UInt32) -> Bool {
    stack.count = 0
    stack.append(literal)
    let clearedFrom = toClear.count
    while !stack.isEmpty {
      let current = stack.removeLast()
      let reason = reasons[Int(current >> 1)]
      for position in 0..<clauseSize(reason) {
        let other = clauseLiteral(reason, position)
        let variable = Int(other >> 1)
        if variable == Int(current >> 1) || seen[variable] == 1 || levels[variable] == 0 {
          continue
        }
        if seen[variable] == 0, reasons[variable] != Self.noReason,
          abstractLevel(other) & abstractLevels != 0
        {
          seen[variable] = 1
          stack.append(other)
          toClear.append(other)
        } else {
          // What this search visited is undecided (a literal may be implied along another
          // path): unmarked again; the literal whose reason failed is not implied.
          for position in clearedFrom..<toClear.count { seen[Int(toClear[position] >> 1)] = 0 }
          toClear.count = clearedFrom
          if current != literal {
            seen[Int(current >> 1)] = 2
            toClear.append(current)
          }
          return false
        }
      }
    }
    return true
  }

  /// The number of distinct decision levels in `learnt`.
  mutating func literalBlockDistance() -> Int {
    stamp &+= 1
    if stamp == 0 {
      for level in 0..<levelStamps.count { levelStamps[level] = 0 }
      stamp = 1
    }
    var distinct = 0
    for position in 0..<learnt.count {
      let level = Int(levels[Int(learnt[position] >> 1)])
      if levelStamps[level] != stamp {
        levelStamps[level] = stamp
        distinct += 1
      }
    }
    return distinct
  }

  /// Raises a learned clause's activity.
  mutating func bumpClause(_ reference: UInt32) {
    guard clauseFlags(reference) & 1 == 1 else { return }
    let slot = Int(reference) + 2
    let raised = Float(bitPattern: arena[slot]) + clauseIncrement
    arena[slot] = raised.bitPattern
    if raised > 1e20 {
      for index in 0..<learnts.count {
        let other = Int(learnts[index]) + 2
        arena[other] = (Float(bitPattern: arena[other]) * 1e-20).bitPattern
      }
      clauseIncrement *= 1e-20
    }
  }

  /// The assumptions responsible for `literal` being false: walks the trail back from it,
  /// expanding reasons, and collects the assumption decisions reached (MiniSat's
  /// `analyzeFinal`). The result is stored in `core`, as assumptions (not negated).
  ///
  /// - Parameter failed: The assumption found false.
  mutating func analyzeFinal(failed: UInt32) {
    collectAssumptions(from: [failed], found: [failed])
  }

  /// The assumptions whose propagation falsified every literal of `conflict`, a clause in
  /// conflict while only assumptions are decided. Stored in `core`.
  mutating func analyzeFinal(conflict: UInt32) {
    let literals = (0..<clauseSize(conflict)).map { clauseLiteral(conflict, $0) }
    collectAssumptions(from: literals, found: [])
  }

  /// Follows the reasons back from the variables of `start` (the cone of the conflict, not the
  /// whole trail) and stores in `core` the assumption decisions reached, after `found`.
  private mutating func collectAssumptions(from start: [UInt32], found initial: [UInt32]) {
    var found = initial
    guard decisionLevel > 0 else {
      core = found.map { Literal(code: $0) }
      return
    }
    stack.count = 0
    toClear.count = 0
    for literal in start {
      let variable = Int(literal >> 1)
      guard levels[variable] > 0, seen[variable] == 0 else { continue }
      seen[variable] = 1
      stack.append(UInt32(truncatingIfNeeded: variable))
      toClear.append(UInt32(truncatingIfNeeded: variable))
    }
    while !stack.isEmpty {
      let variable = Int(stack.removeLast())
      let reason = reasons[variable]
      guard reason != Self.noReason else {
        // A decision above level 0 while only assumptions are decided: one of them, as it
        // stands on the trail.
        let code = UInt32(truncatingIfNeeded: 2 * variable) | (values[2 * variable] > 0 ? 0 : 1)
        found.append(code)
        continue
      }
      for position in 0..<clauseSize(reason) {
        let other = Int(clauseLiteral(reason, position) >> 1)
        guard other != variable, levels[other] > 0, seen[other] == 0 else { continue }
        seen[other] = 1
        stack.append(UInt32(truncatingIfNeeded: other))
        toClear.append(UInt32(truncatingIfNeeded: other))
      }
    }
    for position in 0..<toClear.count { seen[Int(toClear[position])] = 0 }
    toClear.count = 0
    core = found.map { Literal(code: $0) }
  }
}
