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
  /// - an independent variable is eliminated only when a definition over other independent
  ///   variables is found among its clauses (a gate or a truth table): the independent set
  ///   without it still determines every other variable. (A definition over encoding helpers
  ///   would make them independent in its place: on a large alternative group's ladder the
  ///   helpers take the children's place one by one, and each step rewrites the group's long
  ///   clause, the better part of Automotive02's simplification before this rule.)
  /// With a definition `G` among its clauses, the resolvents of two clauses outside `G` are
  /// implied by the others and are left out; so are those of two clauses of `G` when it leaves
  /// the variable a value under every assignment of the others (a gate: they are tautologies,
  /// and a group's long clause is not merged with each of its binary clauses).
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
    if isFrozen[variable] { return false }
    let positive = liveOccurrences(of: UInt32(2 * variable))
    let negative = liveOccurrences(of: UInt32(2 * variable + 1))
    guard !positive.isEmpty || !negative.isEmpty else { return false }
    work += positive.count + negative.count
    var gate: [Int32]?
    var isTotal = false
    if !positive.isEmpty, !negative.isEmpty,
      let found = definition(
        of: variable, positive: positive, negative: negative, partner: &partner)
    {
      (gate, isTotal) = found
    }
    if isIndependent[variable] {
      // Only for a definition over other independent variables.
      guard let gate else { return false }
      for clause in gate {
        for position in range(of: Int(clause)) where !isIndependent[Int(literals[position] >> 1)] {
          return false
        }
      }
    }
    // Without a definition every pair is resolved; with one, the pairs with a gate clause (one
    // gate clause when the definition is total).
    if isGateClause.count < clauseLength.count {
      isGateClause.append(
        contentsOf: repeatElement(false, count: clauseLength.count - isGateClause.count))
    }
    for clause in gate ?? [] { isGateClause[Int(clause)] = true }
    defer { for clause in gate ?? [] { isGateClause[Int(clause)] = false } }
    let resolvesAll = gate == nil
    // Whether a pair of clauses is resolved.
    func isResolved(_ first: Int32, _ second: Int32) -> Bool {
      if resolvesAll { return true }
      let firstInGate = isGateClause[Int(first)]
      let secondInGate = isGateClause[Int(second)]
      return isTotal ? firstInGate != secondInGate : firstInGate || secondInGate
    }
    var pairs = 0
    for first in positive {
      for second in negative where isResolved(first, second) { pairs += 1 }
      if pairs > Self.pairLimit { return false }
    }
    let limit = positive.count + negative.count
    statistics.tried += 1
    var resolvents = ClauseList()
    var scratch: [UInt32] = []
    for first in positive {
      for second in negative where isResolved(first, second) {
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
  ///
  /// Most resolvents on a feature line are a long clause (a group, or a rule multiplied out)
  /// with a binary or ternary one, and about half of them are tautologies: a short clause's
  /// literals are looked up in the long one first, so those cost a few probes, not a merge.
  private func resolve(
    _ first: Range<Int>, _ second: Range<Int>, into list: inout ClauseList,
    scratch resolvent: inout [UInt32]
  ) {
    let total = first.count + second.count
    if resolvent.count < total { resolvent = [UInt32](repeating: 0, count: 2 * total) }
    // On spans: no uniqueness check or append in the loops (the merge itself was a third of
    // Automotive02's elimination with array appends).
    let literals = self.literals.span
    let (short, long) = first.count <= second.count ? (first, second) : (second, first)
    if short.count <= 3, long.count >= 8 {
      // A short literal whose negation is in the long clause is the pivot or a second
      // clash; the pivot is the only one allowed.
      var clashes = 0
      for position in short where Self.contains(literals[position] ^ 1, in: long, of: literals) {
        clashes += 1
      }
      if clashes > 1 { return }
    }
    var out = resolvent.mutableSpan
    let length = Self.merge(first, second, of: literals, into: &out)
    if length >= 0 { list.append(resolvent[..<length]) }
  }

  /// Whether a sorted clause holds a literal (binary search).
  private static func contains(
    _ literal: UInt32, in clause: Range<Int>, of literals: Span<UInt32>
  ) -> Bool {
    var low = clause.lowerBound
    var high = clause.upperBound
    while low < high {
      let middle = low + (high - low) / 2
      if literals[middle] < literal { low = middle + 1 } else { high = middle }
    }
    return low < clause.upperBound && literals[low] == literal
  }

  /// Merges two sorted clauses into `out` without duplicates and without the pivot: the
  /// resolvent's length (0: the empty clause), or -1 for a tautology (a second clash). `out`
  /// holds both clauses.
  private static func merge(
    _ first: Range<Int>, _ second: Range<Int>, of literals: Span<UInt32>,
    into out: inout MutableSpan<UInt32>
  ) -> Int {
    var i = first.lowerBound
    var j = second.lowerBound
    var length = 0
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
      if length > 0 {
        let last = out[length - 1]
        if last == literal { continue }
        if last == literal ^ 1 {
          // The pivot clashes once; a second clash makes a tautology.
          clashes += 1
          if clashes > 1 { return -1 }
          length -= 1
          continue
        }
      }
      out[length] = literal
      length += 1
    }
    return length
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
