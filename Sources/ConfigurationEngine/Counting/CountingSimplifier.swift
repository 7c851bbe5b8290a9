/// Simplifies the clauses a count starts from without changing their number of solutions, so
/// that the search meets a smaller formula: what Ganak's preprocessor (Arjun) does before it
/// counts, restricted to the steps that keep an exact, unprojected count.
///
/// - Unit propagation at the root, with the subsumed and satisfied clauses removed.
/// - Equivalent literals (strongly connected components of the binary implication graph) are
///   replaced by one representative: each solution has one value for the others.
/// - Subsumed clauses are removed.
/// - A variable *defined* by its clauses (a gate `y ⇔ a ∨ b ∨ …`, or any definition a small
///   truth table proves) is eliminated by resolution: the formula without it has exactly the
///   solutions of the old one with its value dropped, one each.
///
/// Variables left in no clause double the count; determined variables count once.
///
/// Invariants: a live clause is sorted, has no duplicate literal, no complementary pair and
/// no assigned literal, and has at least two literals; every live clause is in the
/// occurrence list of each of its literals (lists may also hold removed clauses).
struct CountingSimplifier {
  /// What the simplifier did, for measurements.
  struct Statistics {
    /// Variables replaced by an equivalent literal.
    var substituted = 0
    /// Variables eliminated as defined.
    var eliminated = 0
    /// Clauses removed as subsumed.
    var subsumed = 0
    /// Literals fixed by propagation during simplification.
    var fixed = 0
  }

  let variableCount: Int
  let deadline: ContinuousClock.Instant
  /// Per literal code: 1 true, -1 false, 0 unassigned.
  private(set) var values: [Int8]
  /// The clauses as literal codes; a removed clause is empty.
  var clauses: [[UInt32]] = []
  var isRemoved: [Bool] = []
  /// Per literal code, the clauses it occurs in (and possibly some removed ones).
  var occurrences: [[Int32]]
  /// Per variable: its value is a function of the other variables' (an equivalent literal
  /// stands for it, or it was eliminated), so it counts once.
  var isDetermined: [Bool]
  /// Per variable, whether it is in the independent set: the values of these variables
  /// determine all the others' in every solution (the model's values and rule selectors;
  /// its encoding helpers are defined by them).
  var isIndependent: [Bool]
  /// Literals assigned and not yet propagated.
  private var pending: [UInt32] = []
  /// Whether the clauses have no solution.
  var isUnsatisfiable = false
  /// Clause literals touched so far: simplification stops at a work limit as well as at the
  /// deadline, so that a count always reaches its search.
  var work = 0
  var statistics = Statistics()

  /// Starts from the clauses left after propagating the assumptions.
  ///
  /// - Parameters:
  ///   - variableCount: How many variables there are.
  ///   - values: Per literal code, the values fixed so far; no clause mentions them.
  ///   - clauses: The clauses, none satisfied, none with an assigned literal.
  ///   - isIndependent: Per variable, whether it is in the independent set.
  ///   - deadline: When simplifying must give way to the search.
  init(
    variableCount: Int, values: [Int8], clauses: [[UInt32]], isIndependent: [Bool],
    deadline: ContinuousClock.Instant
  ) {
    self.variableCount = variableCount
    self.isIndependent = isIndependent
    self.deadline = deadline
    self.values = values
    occurrences = [[Int32]](repeating: [], count: 2 * variableCount)
    isDetermined = [Bool](repeating: false, count: variableCount)
    self.clauses.reserveCapacity(clauses.count)
    for clause in clauses { add(clause) }
    propagate()
  }

  /// Whether the deadline has passed (read once per call; callers call it every few
  /// thousand steps).
  var isOutOfTime: Bool { ContinuousClock.now >= deadline }

  /// Adds a clause: false literals dropped, satisfied or tautological clauses skipped, a unit
  /// assigned (propagate afterwards).
  mutating func add(_ literals: [UInt32]) {
    var clause: [UInt32] = []
    clause.reserveCapacity(literals.count)
    for literal in literals {
      switch values[Int(literal)] {
      case 1: return
      case -1: continue
      default: clause.append(literal)
      }
    }
    clause.sort()
    var kept = 0
    for index in clause.indices {
      if kept > 0, clause[kept - 1] == clause[index] { continue }
      // Sorted codes put a variable's two literals side by side.
      if kept > 0, clause[kept - 1] == clause[index] ^ 1 { return }
      clause[kept] = clause[index]
      kept += 1
    }
    clause.removeSubrange(kept...)
    switch clause.count {
    case 0: isUnsatisfiable = true
    case 1: assign(clause[0])
    default:
      let id = Int32(truncatingIfNeeded: clauses.count)
      for literal in clause { occurrences[Int(literal)].append(id) }
      clauses.append(clause)
      isRemoved.append(false)
    }
  }

  /// Removes a clause (its occurrences go stale).
  mutating func remove(_ clause: Int) {
    isRemoved[clause] = true
    clauses[clause] = []
  }

  /// Makes a literal true and queues it for propagation.
  mutating func assign(_ literal: UInt32) {
    switch values[Int(literal)] {
    case 1: return
    case -1: isUnsatisfiable = true
    default:
      values[Int(literal)] = 1
      values[Int(literal ^ 1)] = -1
      pending.append(literal)
      statistics.fixed += 1
    }
  }

  /// Propagates the queued literals: their satisfied clauses go, their false literals are
  /// struck from the others, and clauses left with one literal assign it.
  mutating func propagate() {
    while let literal = pending.popLast(), !isUnsatisfiable {
      for clause in occurrences[Int(literal)] where !isRemoved[Int(clause)] {
        remove(Int(clause))
      }
      occurrences[Int(literal)] = []
      let falseLiteral = literal ^ 1
      let shortened = occurrences[Int(falseLiteral)]
      occurrences[Int(falseLiteral)] = []
      for clause in shortened where !isRemoved[Int(clause)] {
        let index = Int(clause)
        work += clauses[index].count
        clauses[index].removeAll { $0 == falseLiteral }
        if clauses[index].count == 1 {
          let unit = clauses[index][0]
          remove(index)
          assign(unit)
        }
      }
    }
    if isUnsatisfiable { pending.removeAll() }
  }

  /// A clause's live occurrence list for a literal, with removed clauses dropped from it.
  mutating func liveOccurrences(of literal: UInt32) -> [Int32] {
    occurrences[Int(literal)].removeAll { isRemoved[Int($0)] }
    return occurrences[Int(literal)]
  }

  /// Runs every step until nothing changes (at most a few rounds), the work limit or the
  /// deadline.
  ///
  /// - Parameter workLimit: The most clause literals visited.
  mutating func simplify(workLimit: Int = 100_000_000) {
    for _ in 0..<4 {
      guard !isUnsatisfiable, work < workLimit, !isOutOfTime else { return }
      let substituted = substituteEquivalentLiterals()
      guard !isUnsatisfiable else { return }
      removeSubsumedClauses(workLimit: workLimit)
      let eliminated = eliminateVariables(workLimit: workLimit)
      if !substituted && eliminated == 0 { return }
    }
  }

  /// The simplified clauses over their own variables, numbered from zero in the order of the
  /// original ones.
  ///
  /// - Returns: The formula and how its variables relate to the original ones.
  func makeFormula() -> SimplifiedFormula {
    var number = [Int32](repeating: -1, count: variableCount)
    for (index, clause) in clauses.enumerated() where !isRemoved[index] {
      for literal in clause { number[Int(literal >> 1)] = 0 }
    }
    var variables: [Int32] = []
    var freeVariables = 0
    for variable in 0..<variableCount {
      if number[variable] == 0 {
        number[variable] = Int32(truncatingIfNeeded: variables.count)
        variables.append(Int32(truncatingIfNeeded: variable))
      } else if values[2 * variable] == 0, !isDetermined[variable] {
        freeVariables += 1
      }
    }
    var renumbered: [[UInt32]] = []
    renumbered.reserveCapacity(clauses.count)
    for (index, clause) in clauses.enumerated() where !isRemoved[index] {
      renumbered.append(
        clause.map { UInt32(truncatingIfNeeded: number[Int($0 >> 1)]) << 1 | ($0 & 1) })
    }
    return SimplifiedFormula(
      formula: CountingFormula(
        variableCount: variables.count, clauses: isUnsatisfiable ? [[]] : renumbered),
      isIndependent: variables.map { isIndependent[Int($0)] },
      originalVariables: variables, freeVariables: freeVariables)
  }
}

/// What ``CountingSimplifier`` leaves to count: a formula over its own variables, and the
/// variables it dropped that double the count.
struct SimplifiedFormula {
  /// The clauses left, over variables numbered from zero.
  let formula: CountingFormula
  /// Per variable, whether it is in the independent set.
  let isIndependent: [Bool]
  /// Per variable, the original variable it is.
  let originalVariables: [Int32]
  /// How many original variables are in no clause and neither fixed nor determined.
  let freeVariables: Int

  /// The original literal of a literal of the formula.
  func originalLiteral(_ literal: UInt32) -> UInt32 {
    UInt32(truncatingIfNeeded: originalVariables[Int(literal >> 1)]) << 1 | (literal & 1)
  }
}
