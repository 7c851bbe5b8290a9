/// Splitting a component's unassigned variables into independent components, looking them up
/// in the cache, and choosing the variable to branch on.
extension CountingSearch {
  /// Splits the unassigned variables among `variablePool[variables]` into the connected
  /// components of the unsatisfied clauses. A variable in no such clause doubles the count; a
  /// component in the cache multiplies it by its count; the others are pushed to be counted.
  ///
  /// - Parameter variables: A range of `variablePool`.
  /// - Returns: The product of the free variables' and the cached components' counts (zero
  ///   when a cached component has no solution; nothing is pushed then).
  mutating func split(variables: Range<Int>) -> BigUInt {
    nextEpoch()
    let firstChild = components.count
    let variableMark = variablePool.count
    let clauseMark = clausePool.count
    var freeVariables = 0
    var factor = BigUInt.one
    for index in variables {
      let seed = variablePool[index]
      if values[2 * Int(seed)] != 0 || self.variableMark[Int(seed)] == epoch { continue }
      let component = collectComponent(from: seed)
      if component.variables.count == 1, component.clauses.isEmpty {
        // A lone unassigned variable is in no unsatisfied clause (a clause left with one
        // unassigned literal and no true one would have been propagated).
        freeVariables += 1
        variablePool.removeLast()
        continue
      }
      variablePool[component.variables].sort()
      clausePool[component.clauses].sort()
      let pending = PendingComponent(
        variables: component.variables, clauses: component.clauses,
        hash: hash(component.variables, component.clauses))
      if let count = cache.count(of: key(of: pending)) {
        statistics.cacheHits += 1
        variablePool.removeSubrange(component.variables)
        clausePool.removeSubrange(component.clauses)
        if count.isZero {
          components.removeSubrange(firstChild...)
          variablePool.removeSubrange(variableMark...)
          clausePool.removeSubrange(clauseMark...)
          return .zero
        }
        factor *= count
        continue
      }
      components.append(pending)
    }
    return freeVariables == 0 ? factor : factor.shiftedLeft(by: freeVariables)
  }

  /// Gathers the component of an unassigned variable by breadth-first search over the
  /// unsatisfied clauses, appending its variables to `variablePool` and its shortened
  /// clauses to `clausePool`, and scoring each variable by its unsatisfied clauses.
  private mutating func collectComponent(from seed: Int32) -> (
    variables: Range<Int>, clauses: Range<Int>
  ) {
    let variableStart = variablePool.count
    let clauseStart = clausePool.count
    discover(seed)
    var head = variableStart
    while head < variablePool.count {
      let variable = Int(variablePool[head])
      head += 1
      // Both literals' implications, which lie next to each other. An unassigned partner
      // means an unsatisfied clause: a false partner would have forced this variable, a true
      // one satisfies the clause.
      for index in formula.impliedStart[2 * variable]..<formula.impliedStart[2 * variable + 2] {
        let implied = formula.implied[index]
        guard values[Int(implied)] == 0 else { continue }
        occurrenceScore[variable] &+= 1
        discover(Int32(truncatingIfNeeded: implied >> 1))
      }
      for index in formula.occurrenceStart[variable]..<formula.occurrenceStart[variable + 1] {
        let clause = Int(formula.occurrences[index])
        if clauseMark[clause] == epoch { continue }
        clauseMark[clause] = epoch
        visitClause(clause)
      }
    }
    return (variableStart..<variablePool.count, clauseStart..<clausePool.count)
  }

  /// Adds an unsatisfied long clause's unassigned variables to the component being gathered,
  /// and the clause to its key when an assignment has shortened it.
  private mutating func visitClause(_ clause: Int) {
    let start = formula.longStart[clause]
    let end = formula.longStart[clause + 1]
    var shortened = false
    for position in start..<end {
      switch values[Int(clauseLiterals[position])] {
      case 1: return
      case -1: shortened = true
      default: break
      }
    }
    for position in start..<end {
      let literal = clauseLiterals[position]
      guard values[Int(literal)] == 0 else { continue }
      let variable = Int32(truncatingIfNeeded: literal >> 1)
      discover(variable)
      occurrenceScore[Int(variable)] &+= 1
    }
    if shortened { clausePool.append(Int32(truncatingIfNeeded: clause)) }
  }

  /// Puts an unassigned variable into the component being gathered, unless it is there.
  private mutating func discover(_ variable: Int32) {
    guard variableMark[Int(variable)] != epoch else { return }
    variableMark[Int(variable)] = epoch
    occurrenceScore[Int(variable)] = 0
    variablePool.append(variable)
  }

  /// Starts a new split: marks from earlier splits no longer count.
  private mutating func nextEpoch() {
    if epoch == .max {
      for index in variableMark.indices { variableMark[index] = 0 }
      for index in clauseMark.indices { clauseMark[index] = 0 }
      epoch = 0
    }
    epoch += 1
  }

  /// The cache key of a pending component, from its sorted pool ranges.
  func key(of component: PendingComponent) -> ComponentCache.Key {
    var words: [UInt32] = []
    words.reserveCapacity(1 + component.variables.count + component.clauses.count)
    words.append(UInt32(truncatingIfNeeded: component.variables.count))
    for index in component.variables {
      words.append(UInt32(truncatingIfNeeded: variablePool[index]))
    }
    for index in component.clauses { words.append(UInt32(truncatingIfNeeded: clausePool[index])) }
    return ComponentCache.Key(words: words, hash: component.hash)
  }

  /// A hash of a component's key words (a multiply–xorshift mix; equality is checked in full).
  private func hash(_ variables: Range<Int>, _ clauses: Range<Int>) -> Int {
    var state = UInt64(truncatingIfNeeded: variables.count) &* 0x9E37_79B9_7F4A_7C15
    func mix(_ word: Int32) {
      state = (state ^ UInt64(UInt32(bitPattern: word))) &* 0xBF58_476D_1CE4_E5B9
      state ^= state >> 29
    }
    for index in variables { mix(variablePool[index]) }
    state ^= 0xFF
    for index in clauses { mix(clausePool[index]) }
    return Int(truncatingIfNeeded: state)
  }

  /// The literal to decide first in a component: its variable with the most unsatisfied
  /// clauses plus conflict activity, false first (in a feature model, switching a feature
  /// off usually settles its subtree at once).
  func chooseDecision(in variables: Range<Int>) -> UInt32 {
    var best = Int(variablePool[variables.lowerBound])
    var bestScore = -1.0
    for index in variables {
      let variable = Int(variablePool[index])
      guard values[2 * variable] == 0 else { continue }
      let score = Double(occurrenceScore[variable]) + activity[variable]
      if score > bestScore {
        best = variable
        bestScore = score
      }
    }
    return UInt32(truncatingIfNeeded: best) << 1 | 1
  }
}
