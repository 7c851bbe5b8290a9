/// Eliminating variables by resolution (SatELite's bounded variable elimination, with gate
/// definitions), as far as the count allows.
extension CountingSimplifier {
  /// The most pairs of clauses one elimination may resolve: a variable in many clauses of
  /// both signs is not worth the work.
  static let pairLimit = 4096

  /// Eliminates variables, cheapest first, while each elimination adds no more clauses than
  /// it removes (after the resolvents subsumed by others are dropped). Only variables whose
  /// clauses changed since they were last tried are tried.
  ///
  /// Resolution computes `∃y F`, whose solutions are those of `F` with `y` dropped. That
  /// keeps the count when `y` has one value in each solution:
  /// - a variable outside the independent set is a function of the independent variables
  ///   (and stays one in `∃y F`), so the count, which the independent variables' values
  ///   determine, is kept;
  /// - an independent variable is eliminated only when a definition is found among its
  ///   clauses (a gate or a truth table), and the variables that define it join the
  ///   independent set, which then still determines every other variable.
  /// With a definition `G` among its clauses, the resolvents of two clauses outside `G` are
  /// implied by the others and are left out.
  ///
  /// - Parameter workLimit: The most clause literals visited in all (with the other steps).
  /// - Returns: How many variables were eliminated.
  mutating func eliminateVariables(workLimit: Int) -> Int {
    var partner = [Int32](repeating: -1, count: 2 * variableCount)
    var eliminated = 0
    var step = 0
    while true {
      var candidates: [(variable: Int, cost: Int)] = []
      for variable in 0..<variableCount where isCandidate[variable] {
        isCandidate[variable] = false
        guard values[2 * variable] == 0, !isDetermined[variable] else { continue }
        let positiveCount = occurrences[2 * variable].count
        let negativeCount = occurrences[2 * variable + 1].count
        if positiveCount + negativeCount > 0 {
          candidates.append((variable, positiveCount * negativeCount))
        }
      }
      if candidates.isEmpty { return eliminated }
      candidates.sort { $0.cost < $1.cost }
      var progress = false
      for (variable, _) in candidates {
        step += 1
        if step & 15 == 0, work > workLimit || isOutOfTime {
          // Untried candidates stay candidates.
          for (variable, _) in candidates { isCandidate[variable] = true }
          return eliminated
        }
        guard !isUnsatisfiable else { return eliminated }
        guard values[2 * variable] == 0, !isDetermined[variable] else { continue }
        if eliminate(variable, partner: &partner) {
          eliminated += 1
          progress = true
        }
      }
      if !progress { return eliminated }
    }
  }

  /// Eliminates one variable if the count allows it and the resolvents are few enough.
  ///
  /// - Returns: Whether it was eliminated.
  private mutating func eliminate(_ variable: Int, partner: inout [Int32]) -> Bool {
    if keepsIndependentVariables, isIndependent[variable] { return false }
    let positive = liveOccurrences(of: UInt32(2 * variable))
    let negative = liveOccurrences(of: UInt32(2 * variable + 1))
    guard !positive.isEmpty || !negative.isEmpty else { return false }
    work += positive.count + negative.count
    var gate: [Int32]?
    if !positive.isEmpty, !negative.isEmpty {
      gate = definition(of: variable, positive: positive, negative: negative, partner: &partner)
    }
    if isIndependent[variable], gate == nil { return false }
    // Without a definition every pair is resolved; with one, the pairs with a gate clause.
    if isGateClause.count < clauseLength.count {
      isGateClause.append(
        contentsOf: repeatElement(false, count: clauseLength.count - isGateClause.count))
    }
    for clause in gate ?? [] { isGateClause[Int(clause)] = true }
    defer { for clause in gate ?? [] { isGateClause[Int(clause)] = false } }
    let resolvesAll = gate == nil
    var pairs = 0
    for first in positive {
      if resolvesAll || isGateClause[Int(first)] {
        pairs += negative.count
      } else {
        for second in negative where isGateClause[Int(second)] { pairs += 1 }
      }
    }
    if pairs > Self.pairLimit { return false }
    let limit = positive.count + negative.count
    statistics.tried += 1
    var resolvents = ClauseList()
    var scratch: [UInt32] = []
    for first in positive {
      let firstInGate = resolvesAll || isGateClause[Int(first)]
      for second in negative where firstInGate || isGateClause[Int(second)] {
        let firstRange = range(of: Int(first))
        let secondRange = range(of: Int(second))
        work += firstRange.count + secondRange.count
        statistics.resolvents += 1
        resolve(firstRange, secondRange, into: &resolvents, scratch: &scratch)
        // Resolvents beyond a few times the limit are not worth subsuming.
        if resolvents.count > 4 * limit + 16 { return false }
      }
    }
    if resolvents.count > limit {
      resolvents = Self.withoutSubsumed(resolvents, work: &work)
      if resolvents.count > limit { return false }
    }
    if isIndependent[variable], let gate {
      for clause in gate {
        for position in range(of: Int(clause)) {
          isIndependent[Int(literals[position] >> 1)] = true
        }
      }
    }
    for clause in positive { remove(Int(clause)) }
    for clause in negative { remove(Int(clause)) }
    occurrences[2 * variable] = []
    occurrences[2 * variable + 1] = []
    isDetermined[variable] = true
    statistics.eliminated += 1
    for index in 0..<resolvents.count { add(resolvents[index]) }
    propagate()
    return true
  }

  /// Appends the resolvent of two clauses on the one variable they hold with opposite signs
  /// (sorted, without duplicates), unless it is a tautology.
  private func resolve(
    _ first: Range<Int>, _ second: Range<Int>, into list: inout ClauseList,
    scratch resolvent: inout [UInt32]
  ) {
    resolvent.removeAll(keepingCapacity: true)
    var i = first.lowerBound
    var j = second.lowerBound
    var clashes = 0
    // Both clauses are sorted: a variable's literals meet side by side in the merge, and
    // each clause holds a variable at most once.
    while i < first.upperBound || j < second.upperBound {
      let literal: UInt32
      if j == second.upperBound || (i < first.upperBound && literals[i] <= literals[j]) {
        literal = literals[i]
        i += 1
      } else {
        literal = literals[j]
        j += 1
      }
      if let last = resolvent.last {
        if last == literal { continue }
        if last == literal ^ 1 {
          // The pivot clashes once; a second clash makes a tautology.
          clashes += 1
          if clashes > 1 { return }
          resolvent.removeLast()
          continue
        }
      }
      resolvent.append(literal)
    }
    list.append(resolvent)
  }

  /// The clauses that no other clause of the list subsumes (one of two duplicates kept).
  /// A 64-bit signature of each clause's literals rules most pairs out at once.
  static func withoutSubsumed(_ clauses: ClauseList, work: inout Int) -> ClauseList {
    let order = (0..<clauses.count).sorted { clauses[$0].count < clauses[$1].count }
    var kept = ClauseList()
    var signatures: [UInt64] = []
    for index in order {
      let clause = clauses[index]
      var signature: UInt64 = 0
      for literal in clause { signature |= 1 << UInt64(literal & 63) }
      var subsumed = false
      work += kept.count
      for other in 0..<kept.count where signatures[other] & ~signature == 0 {
        work += kept[other].count + clause.count
        if isSubset(kept[other], of: clause) {
          subsumed = true
          break
        }
      }
      if !subsumed {
        kept.append(clause)
        signatures.append(signature)
      }
    }
    return kept
  }

  /// Whether every literal of a sorted clause is in another sorted clause.
  static func isSubset(_ small: ArraySlice<UInt32>, of large: ArraySlice<UInt32>) -> Bool {
    var j = large.startIndex
    for literal in small {
      while j < large.endIndex, large[j] < literal { j += 1 }
      if j == large.endIndex || large[j] != literal { return false }
      j += 1
    }
    return true
  }
}
