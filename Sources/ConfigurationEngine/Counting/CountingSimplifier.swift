/// Simplifies the clauses a count starts from without changing their number of solutions, so
/// that the search meets a smaller formula: what Ganak's preprocessor (Arjun) does before it
/// counts, restricted to the steps that keep an exact count.
///
/// - Unit propagation at the root: satisfied clauses removed, false literals struck.
/// - Equivalent literals (strongly connected components of the binary implication graph) are
///   replaced by one representative: each solution has one value for the others.
/// - Subsumed clauses are removed.
/// - Variables are eliminated by resolution when their value is a function of the others'
///   (see ``eliminateVariables(workLimit:)``).
///
/// Variables left in no clause double the count; determined variables count once.
///
/// The clauses live in one arena of literals. Invariants: a live clause is sorted, has no
/// duplicate literal, no complementary pair, no assigned literal, and at least two literals;
/// a removed clause has length zero; every live clause is in the occurrence list of each of
/// its literals (lists may also hold removed clauses, dropped when next read).
struct CountingSimplifier {
  /// What the simplifier did, for measurements.
  struct Statistics {
    /// Variables replaced by an equivalent literal.
    var substituted = 0
    /// Variables eliminated.
    var eliminated = 0
    /// Clauses removed as subsumed.
    var subsumed = 0
    /// Literals fixed by propagation during simplification.
    var fixed = 0
    /// Variables tried for elimination, and the resolvents made for them.
    var tried = 0
    var resolvents = 0
  }

  let variableCount: Int
  let deadline: ContinuousClock.Instant
  /// Cancels the simplification with the count, if the count can be cancelled.
  let cancellation: Cancellation?
  /// Per literal code: 1 true, -1 false, 0 unassigned.
  private(set) var values: [Int8]
  /// The literals of all clauses, each clause a run starting at `clauseStart`.
  var literals: [UInt32] = []
  /// Where each clause starts in `literals`.
  var clauseStart: [Int] = []
  /// Each clause's length; zero once removed.
  var clauseLength: [Int32] = []
  /// Per literal code, the clauses it occurs in (and possibly some removed ones).
  var occurrences: [[Int32]]
  /// Per variable: its value is a function of the other variables' (an equivalent literal
  /// stands for it, or it was eliminated), so it counts once.
  var isDetermined: [Bool]
  /// Per variable, whether it is in the independent set: the values of these variables
  /// determine all the others' in every solution (the model's values and rule selectors;
  /// its encoding helpers are defined by them).
  var isIndependent: [Bool]
  /// Per variable: its clauses changed since elimination last tried it.
  var isCandidate: [Bool]
  /// Per variable, whether it must stay as it is, neither eliminated nor replaced by an
  /// equivalent literal: a linear constraint kept beside the clauses speaks of it, or a
  /// compiled circuit does (the independent variables while compiling, ``CircuitCompiler``,
  /// so the circuit's variables stay the model's values).
  var isFrozen: [Bool]
  /// Per clause: added or shortened since subsumption last looked at it.
  var isTouched: [Bool] = []
  /// Whether binary clauses appeared since the equivalent literals were last replaced.
  var hasNewBinaryClauses = true
  /// Literals assigned and not yet propagated.
  private var pending: [UInt32] = []
  /// Whether the clauses have no solution.
  var isUnsatisfiable = false
  /// Clause literals touched so far: simplification stops at a work limit as well as at the
  /// deadline, so that a count always reaches its search.
  var work = 0
  var statistics = Statistics()
  /// A clause being added (kept to reuse its storage).
  private var addBuffer: [UInt32] = []
  /// Per clause, whether it is in the definition being eliminated (scratch, all false
  /// between eliminations; grows with the clauses).
  var isGateClause: [Bool] = []

  /// Starts from the clauses left after propagating the assumptions.
  ///
  /// - Parameters:
  ///   - variableCount: How many variables there are.
  ///   - values: Per literal code, the values fixed so far; no clause mentions them.
  ///   - clauses: The clauses, none satisfied, none with an assigned literal.
  ///   - isIndependent: Per variable, whether it is in the independent set.
  ///   - deadline: When simplifying must give way to the search.
  ///   - cancellation: Stops simplifying when the count is cancelled.
  init(
    variableCount: Int, values: [Int8], clauses: ClauseList, isIndependent: [Bool],
    deadline: ContinuousClock.Instant, cancellation: Cancellation? = nil
  ) {
    self.cancellation = cancellation
    self.variableCount = variableCount
    self.isIndependent = isIndependent
    self.deadline = deadline
    self.values = values
    occurrences = [[Int32]](repeating: [], count: 2 * variableCount)
    isDetermined = [Bool](repeating: false, count: variableCount)
    isCandidate = [Bool](repeating: true, count: variableCount)
    isFrozen = [Bool](repeating: false, count: variableCount)
    literals.reserveCapacity(clauses.literals.count)
    clauseStart.reserveCapacity(clauses.count)
    clauseLength.reserveCapacity(clauses.count)
    for index in 0..<clauses.count { add(clauses[index]) }
    propagate()
  }

  /// Whether the deadline has passed or the count was cancelled (callers ask every few
  /// thousand steps).
  var isOutOfTime: Bool {
    cancellation?.isCancelled == true || ContinuousClock.now >= deadline
  }

  /// The arena range of a clause's literals.
  func range(of clause: Int) -> Range<Int> {
    clauseStart[clause]..<(clauseStart[clause] + Int(clauseLength[clause]))
  }

  /// Whether a clause was removed.
  func isRemoved(_ clause: Int) -> Bool { clauseLength[clause] == 0 }

  /// Adds a clause: false literals dropped, satisfied or tautological clauses skipped, a unit
  /// assigned (propagate afterwards).
  mutating func add<Literals: Sequence<UInt32>>(_ clause: Literals) {
    var buffer: [UInt32] = []
    swap(&buffer, &addBuffer)
    defer { swap(&buffer, &addBuffer) }
    buffer.removeAll(keepingCapacity: true)
    for literal in clause {
      switch values[Int(literal)] {
      case 1: return
      case -1: continue
      default: buffer.append(literal)
      }
    }
    buffer.sort()
    var kept = 0
    for index in buffer.indices {
      if kept > 0, buffer[kept - 1] == buffer[index] { continue }
      // Sorted codes put a variable's two literals side by side.
      if kept > 0, buffer[kept - 1] == buffer[index] ^ 1 { return }
      buffer[kept] = buffer[index]
      kept += 1
    }
    switch kept {
    case 0: isUnsatisfiable = true
    case 1: assign(buffer[0])
    default:
      let id = Int32(truncatingIfNeeded: clauseStart.count)
      clauseStart.append(literals.count)
      clauseLength.append(Int32(truncatingIfNeeded: kept))
      isTouched.append(true)
      for literal in buffer[..<kept] {
        occurrences[Int(literal)].append(id)
        isCandidate[Int(literal >> 1)] = true
      }
      literals.append(contentsOf: buffer[..<kept])
      if kept == 2 { hasNewBinaryClauses = true }
    }
  }

  /// Removes a clause (its occurrences go stale); its variables become candidates for
  /// elimination again.
  mutating func remove(_ clause: Int) {
    for position in range(of: clause) { isCandidate[Int(literals[position] >> 1)] = true }
    clauseLength[clause] = 0
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
      for clause in occurrences[Int(literal)] where !isRemoved(Int(clause)) {
        remove(Int(clause))
      }
      occurrences[Int(literal)] = []
      let falseLiteral = literal ^ 1
      let shortened = occurrences[Int(falseLiteral)]
      occurrences[Int(falseLiteral)] = []
      for clause in shortened where !isRemoved(Int(clause)) {
        strike(falseLiteral, from: Int(clause))
      }
    }
    if isUnsatisfiable { pending.removeAll() }
  }

  /// Removes a false literal from a clause (not from its occurrence list), assigning the
  /// clause's last literal if one is left.
  private mutating func strike(_ literal: UInt32, from clause: Int) {
    let range = range(of: clause)
    work += range.count
    var kept = range.lowerBound
    for position in range where literals[position] != literal {
      literals[kept] = literals[position]
      kept += 1
    }
    for position in range { isCandidate[Int(literals[position] >> 1)] = true }
    let length = kept - range.lowerBound
    if length == 1 {
      clauseLength[clause] = 0
      assign(literals[range.lowerBound])
      return
    }
    clauseLength[clause] = Int32(truncatingIfNeeded: length)
    isTouched[clause] = true
    if length == 2 { hasNewBinaryClauses = true }
  }

  /// A literal's live occurrence list, with removed clauses dropped from it.
  mutating func liveOccurrences(of literal: UInt32) -> [Int32] {
    occurrences[Int(literal)].removeAll { clauseLength[Int($0)] == 0 }
    return occurrences[Int(literal)]
  }

  /// Runs every step until nothing changes (at most a few rounds), the work limit or the
  /// deadline. Each round looks only at what changed since the one before.
  ///
  /// - Parameter workLimit: The most clause literals visited.
  mutating func simplify(workLimit: Int = 100_000_000) {
    for _ in 0..<4 {
      guard !isUnsatisfiable, work < workLimit, !isOutOfTime else { return }
      let substituted = hasNewBinaryClauses && substituteEquivalentLiterals()
      guard !isUnsatisfiable else { return }
      removeSubsumedClauses(workLimit: workLimit)
      let eliminated = eliminateVariables(workLimit: workLimit)
      if !substituted && eliminated == 0 { return }
    }
  }

  /// The simplified clauses over their own variables, numbered from zero in the order of the
  /// original ones.
  ///
  /// - Parameter linear: Linear constraints kept beside the clauses, over the original
  ///   variables (their variables frozen): what the values fixed leave of them comes along.
  /// - Returns: The formula and how its variables relate to the original ones.
  func makeFormula(linear: CountingLinear = CountingLinear()) -> SimplifiedFormula {
    var number = [Int32](repeating: -1, count: variableCount)
    for clause in clauseLength.indices where !isRemoved(clause) {
      for position in range(of: clause) { number[Int(literals[position] >> 1)] = 0 }
    }
    let sums = isUnsatisfiable ? [] : linear.residual(values: values)
    for (literal, _) in (sums ?? []).flatMap(\.terms) { number[Int(literal >> 1)] = 0 }
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
    func renumber(_ literal: UInt32) -> UInt32 {
      UInt32(truncatingIfNeeded: number[Int(literal >> 1)]) << 1 | (literal & 1)
    }
    var renumbered = ClauseList()
    if isUnsatisfiable || sums == nil {
      renumbered.append([])
    } else {
      for clause in clauseLength.indices where !isRemoved(clause) {
        renumbered.append(
          literals[range(of: clause)].lazy.map {
            UInt32(truncatingIfNeeded: number[Int($0 >> 1)]) << 1 | ($0 & 1)
          })
      }
    }
    let kept = CountingLinear(
      variableCount: variables.count,
      constraints: (sums ?? []).map { sum in
        (sum.terms.map { (renumber($0.0), $0.1) }, sum.bound)
      })
    return SimplifiedFormula(
      formula: CountingFormula(variableCount: variables.count, clauses: renumbered, linear: kept),
      isIndependent: variables.map { isIndependent[Int($0)] }, freeVariables: freeVariables,
      variables: variables, values: values)
  }
}

/// What ``CountingSimplifier`` leaves to count: a formula over its own variables, and the
/// variables it dropped that double the count.
struct SimplifiedFormula {
  /// The clauses left, over variables numbered from zero.
  let formula: CountingFormula
  /// Per variable, whether it is in the independent set.
  let isIndependent: [Bool]
  /// How many original variables are in no clause and neither fixed nor determined.
  let freeVariables: Int
  /// The original variable of each variable of ``formula``.
  let variables: [Int32]
  /// Per original literal code, the values fixed (1 true, -1 false, 0 not fixed).
  let values: [Int8]
}
