/// Eliminating variables by resolution (SatELite's bounded variable elimination, with gate
/// definitions), as far as the count allows.
extension CountingSimplifier {
  /// How many clauses an elimination may add beyond those it removes.
  static let eliminationGrowth = 0
  /// The most pairs of clauses one elimination may resolve.
  static let pairLimit = 4096

  /// Eliminates variables, cheapest first, while each elimination adds no more clauses than
  /// it removes (after the resolvents subsumed by others are dropped).
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
    var isMarked = [Bool](repeating: false, count: 2 * variableCount)
    var isCandidate = [Bool](repeating: true, count: variableCount)
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
        if step & 255 == 0, work > workLimit || isOutOfTime { return eliminated }
        guard !isUnsatisfiable else { return eliminated }
        guard values[2 * variable] == 0 else { continue }
        if eliminate(variable, isMarked: &isMarked, isCandidate: &isCandidate) {
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
  private mutating func eliminate(
    _ variable: Int, isMarked: inout [Bool], isCandidate: inout [Bool]
  ) -> Bool {
    let positive = liveOccurrences(of: UInt32(2 * variable))
    let negative = liveOccurrences(of: UInt32(2 * variable + 1))
    guard !positive.isEmpty || !negative.isEmpty else { return false }
    work += positive.count + negative.count
    var gate: [Int32]?
    if !positive.isEmpty, !negative.isEmpty {
      gate = definition(of: variable, positive: positive, negative: negative, isMarked: &isMarked)
    }
    if isIndependent[variable], gate == nil { return false }
    let inGate = Set(gate ?? [])
    let limit = positive.count + negative.count + Self.eliminationGrowth
    // Resolving costs the product of the two sides; a hub variable is not worth it.
    var pairs = 0
    for first in positive {
      if gate == nil || inGate.contains(first) {
        pairs += negative.count
      } else {
        pairs += negative.count { inGate.contains($0) }
      }
    }
    if pairs > Self.pairLimit { return false }
    // Resolvents beyond a few times the limit are not worth subsuming.
    let collectLimit = 4 * limit + 16
    var resolvents: [[UInt32]] = []
    for first in positive {
      let firstInGate = gate == nil || inGate.contains(first)
      for second in negative where firstInGate || inGate.contains(second) {
        work += clauses[Int(first)].count + clauses[Int(second)].count
        guard let resolvent = Self.resolve(clauses[Int(first)], clauses[Int(second)]) else {
          continue
        }
        resolvents.append(resolvent)
        if resolvents.count > collectLimit { return false }
      }
    }
    if resolvents.count > limit {
      resolvents = Self.withoutSubsumed(resolvents, work: &work)
      if resolvents.count > limit { return false }
    }
    if isIndependent[variable], let gate {
      for clause in gate {
        for literal in clauses[Int(clause)] { isIndependent[Int(literal >> 1)] = true }
      }
    }
    for clause in positive + negative {
      for literal in clauses[Int(clause)] { isCandidate[Int(literal >> 1)] = true }
      remove(Int(clause))
    }
    occurrences[2 * variable] = []
    occurrences[2 * variable + 1] = []
    isDetermined[variable] = true
    statistics.eliminated += 1
    for resolvent in resolvents { add(resolvent) }
    propagate()
    return true
  }

  /// The clauses that no other clause of the list subsumes (one of two duplicates kept).
  /// A 64-bit signature of each clause's literals rules most pairs out at once.
  static func withoutSubsumed(_ clauses: [[UInt32]], work: inout Int) -> [[UInt32]] {
    let sorted = clauses.sorted { $0.count < $1.count }
    var kept: [[UInt32]] = []
    var signatures: [UInt64] = []
    for clause in sorted {
      var signature: UInt64 = 0
      for literal in clause { signature |= 1 << UInt64(literal & 63) }
      var subsumed = false
      work += kept.count
      for index in kept.indices where signatures[index] & ~signature == 0 {
        work += kept[index].count + clause.count
        if isSubset(kept[index], of: clause) {
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
  static func isSubset(_ small: [UInt32], of large: [UInt32]) -> Bool {
    var j = 0
    for literal in small {
      while j < large.count, large[j] < literal { j += 1 }
      if j == large.count || large[j] != literal { return false }
      j += 1
    }
    return true
  }

  /// The resolvent of two sorted clauses on the one variable they hold with opposite signs,
  /// sorted and without duplicates; `nil` when it is a tautology.
  static func resolve(_ first: [UInt32], _ second: [UInt32]) -> [UInt32]? {
    var resolvent: [UInt32] = []
    resolvent.reserveCapacity(first.count + second.count - 2)
    var i = 0
    var j = 0
    var clashes = 0
    while i < first.count || j < second.count {
      let literal: UInt32
      if j == second.count || (i < first.count && first[i] <= second[j]) {
        literal = first[i]
        i += 1
      } else {
        literal = second[j]
        j += 1
      }
      if let last = resolvent.last {
        if last == literal { continue }
        if last == literal ^ 1 {
          // The pivot clashes once; a second clash makes a tautology.
          clashes += 1
          if clashes > 1 { return nil }
          resolvent.removeLast()
          continue
        }
      }
      resolvent.append(literal)
    }
    return resolvent
  }
}
