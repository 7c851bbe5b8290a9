/// Assigning, propagating and undoing: unit propagation with binary implication lists and two
/// watched literals per longer clause.
extension CountingSearch {
  /// Makes a literal true and queues it for propagation.
  mutating func assign(_ literal: UInt32) {
    values[Int(literal)] = 1
    values[Int(literal ^ 1)] = -1
    trail.append(literal)
    if formula.linear.count > 0 { account(literal, by: 1) }
  }

  /// Unassigns everything after the first `length` trail entries.
  mutating func backtrack(to length: Int) {
    let hasLinear = formula.linear.count > 0
    while trail.count > length {
      let literal = trail.removeLast()
      values[Int(literal)] = 0
      values[Int(literal ^ 1)] = 0
      if hasLinear { account(literal, by: -1) }
    }
    propagated = min(propagated, length)
  }

  /// Moves a literal's weight in the sums holding it or its negation: into the true total
  /// (or out of the open one) when it is assigned (`sign` 1), back when it is undone (-1).
  private mutating func account(_ literal: UInt32, by sign: Int64) {
    let linear = formula.linear
    for index in linear.occurrences(of: Int(literal)) {
      let constraint = Int(linear.occurrence[index])
      linearSum[constraint] += sign * linear.occurrenceWeight[index]
      linearOpen[constraint] -= sign * linear.occurrenceWeight[index]
    }
    for index in linear.occurrences(of: Int(literal ^ 1)) {
      linearOpen[Int(linear.occurrence[index])] -= sign * linear.occurrenceWeight[index]
    }
  }

  /// Checks one sum: a conflict once its true terms pass the bound, else every unassigned
  /// term heavier than the room left made false (terms are heaviest first, so the scan
  /// stops at the first that fits).
  ///
  /// - Returns: `false` on a conflict.
  mutating func propagateLinear(_ constraint: Int) -> Bool {
    let linear = formula.linear
    let room = linear.bounds[constraint] - linearSum[constraint]
    if room < 0 { return false }
    for position in linear.terms(constraint) {
      guard linear.weights[position] > room else { break }
      let term = linear.literals[position]
      if values[Int(term)] == 0 { assign(term ^ 1) }
    }
    return true
  }

  /// Records a conflict: the branch has no solution.
  ///
  /// - Returns: Zero, the count of the branch.
  mutating func conflict() -> BigUInt {
    statistics.conflicts += 1
    // Decay by growing the increment; rescale before it overflows a Double's range.
    activityIncrement *= 1.0 / 0.95
    if activityIncrement > 1e100 {
      for index in activity.indices { activity[index] *= 1e-100 }
      activityIncrement *= 1e-100
    }
    return .zero
  }

  /// Raises the activity of a variable that took part in a conflict.
  private mutating func bump(_ literal: UInt32) {
    activity[Int(literal >> 1)] += activityIncrement
  }

  /// Propagates every queued literal.
  ///
  /// - Returns: `false` when some clause has all its literals false.
  mutating func propagate() -> Bool {
    while propagated < trail.count {
      let literal = trail[propagated]
      propagated += 1
      for index in formula.impliedStart[Int(literal)]..<formula.impliedStart[Int(literal) + 1] {
        let implied = formula.implied[index]
        switch values[Int(implied)] {
        case 0: assign(implied)
        case -1:
          bump(literal)
          bump(implied)
          return false
        default: break
        }
      }
      if !propagateLong(falsified: literal ^ 1) { return false }
      // The sums holding the literal lost room.
      let linear = formula.linear
      if linear.count > 0 {
        for index in linear.occurrences(of: Int(literal))
        where !propagateLinear(Int(linear.occurrence[index])) {
          return false
        }
      }
    }
    return true
  }

  /// Visits the long clauses watching a literal that has just become false: each finds
  /// another literal to watch, or is satisfied, or forces its other watched literal.
  ///
  /// - Returns: `false` on a conflict.
  private mutating func propagateLong(falsified: UInt32) -> Bool {
    // Take the list out so that appending to other lists does not copy it.
    var list: [Int32] = []
    swap(&list, &watches[Int(falsified)])
    defer { swap(&list, &watches[Int(falsified)]) }
    var kept = 0
    var index = 0
    while index < list.count {
      let clause = list[index]
      index += 1
      let start = formula.longStart[Int(clause)]
      let end = formula.longStart[Int(clause) + 1]
      if clauseLiterals[start] == falsified {
        clauseLiterals[start] = clauseLiterals[start + 1]
        clauseLiterals[start + 1] = falsified
      }
      let other = clauseLiterals[start]
      if values[Int(other)] == 1 {
        list[kept] = clause
        kept += 1
        continue
      }
      var moved = false
      for position in (start + 2)..<end where values[Int(clauseLiterals[position])] != -1 {
        let candidate = clauseLiterals[position]
        clauseLiterals[start + 1] = candidate
        clauseLiterals[position] = falsified
        watches[Int(candidate)].append(clause)
        moved = true
        break
      }
      if moved { continue }
      list[kept] = clause
      kept += 1
      if values[Int(other)] == -1 {
        for position in start..<end { bump(clauseLiterals[position]) }
        // Keep the watches not yet visited.
        while index < list.count {
          list[kept] = list[index]
          kept += 1
          index += 1
        }
        list.removeSubrange(kept...)
        return false
      }
      assign(other)
    }
    list.removeSubrange(kept...)
    return true
  }
}
