/// A CDCL SAT solver in the MiniSat design, for incremental use under assumptions.
///
/// Clauses are added between calls; each `solve` takes assumptions (literals held true for
/// that call only) and a budget. After `.satisfiable` the model stays readable with
/// ``value(of:)-(Literal)``; after `.unsatisfiable` the core names the assumptions that clash.
///
/// Design: two watched literals with a blocker per watch (binary clauses watched by their
/// other literal alone); every clause in one flat `UInt32` arena; 1UIP learning with recursive
/// minimization; VSIDS on a binary heap; phase saving; Luby restarts; learned clauses ranked by
/// LBD and halved periodically; the assumption levels of one call kept for the next call when
/// its assumptions start the same way (backbone and explanation loops vary only the tail);
/// on request, a search near a reference model that decides only what the assumptions break
/// in it (`Solver+Reference.swift`: most checks of the analyses are small changes of a build).
///
/// Invariants (checked by the tests, relied on for unchecked indexing):
/// - every literal code inside is below `2 · variableCount` (outside input is validated and new
///   variables are made on demand);
/// - `values[c]` and `values[c ^ 1]` are opposite or both 0; a variable is assigned iff it is
///   on the trail, with its `levels` and `reasons` set;
/// - the clause at arena offset `r` is `[size, flags, activity, lit₀ … lit_{size−1}]`; a clause
///   of two or more literals is watched by `¬lit₀` and `¬lit₁`; a reason clause has its implied
///   literal first unless it is binary;
/// - decision levels `1 … k` with `k ≤ assumptions.count` hold exactly the assumptions
///   `0 ..< k`, one level each (empty when the assumption was already true).
package struct Solver: ~Copyable {
  /// The clause reference standing for "no reason" (a decision, an assumption or level 0).
  static let noReason = UInt32.max
  /// Marks a watch of a binary clause.
  static let binaryFlag: UInt32 = 1 << 31
  /// Words before a clause's literals: size, flags, activity.
  static let headerWords = 3
  /// The most variables accepted; past it the solver answers `.unknown` (memory, not logic).
  package static let maximumVariableCount = 1 << 28

  // Per literal code.
  var values = RawVector<Int8>()
  var watches = RawVector<WatchList>()
  // Per variable.
  var levels = RawVector<Int32>()
  var reasons = RawVector<UInt32>()
  var phases = RawVector<UInt32>()
  /// MiniSat's `user_pol`: 0 or 1 (the sign bit to decide) when the caller fixed the
  /// polarity of a variable, `UInt32.max` when phase saving decides.
  var userPolarity = RawVector<UInt32>()
  var seen = RawVector<UInt8>()
  var model = RawVector<Int8>()
  var isDecision = RawVector<UInt8>()
  var order = VariableOrder()
  // Variables kept out of the heap (decided last, in number order, only if still open).
  var lateVariables = RawVector<Int32>()
  var latePosition = 0
  // The trail of assignments and where each decision level starts on it.
  var trail = RawVector<UInt32>()
  var trailLimits = RawVector<Int32>()
  var propagationHead = 0
  // Clauses.
  var arena = RawVector<UInt32>(capacity: 1024)
  var originals = RawVector<UInt32>()
  var learnts = RawVector<UInt32>()
  var wastedWords = 0
  var clauseIncrement: Float = 1
  // Assumptions of the current (or last) call; the first `retainedLevels` are still decided.
  var currentAssumptions = RawVector<UInt32>()
  var retainedLevels = 0
  var core: [Literal] = []
  var hasModel = false
  /// False once the clauses alone are known unsatisfiable.
  var isConsistent = true
  /// True once input asked for more variables or clause memory than the solver supports.
  var isExhausted = false
  /// Linear constraints implied by the clauses, propagated natively (Solver+Linear.swift).
  var linear = LinearConstraints()
  /// The feature tree's bounds on those constraints (Solver+TreeBound.swift).
  var tree = TreeBounds()
  // Scratch for conflict analysis.
  var learnt = RawVector<UInt32>()
  var stack = RawVector<UInt32>()
  var toClear = RawVector<UInt32>()
  // Scratch for a clause being added: a model's tens of thousands of clauses allocate nothing.
  var clauseCodes = RawVector<UInt32>()
  var levelStamps = RawVector<UInt32>()
  var stamp: UInt32 = 0
  // Search schedule.
  var nextReduction = 2000
  var reductionIncrement = 300
  var conflictLimit = Int.max
  var deadline: ContinuousClock.Instant?
  var cancellation: Cancellation?
  var budgetExceeded = false
  // Search near a reference model (see Solver+Reference.swift).
  /// One byte per literal code: 1 when the literal is true in the reference model.
  var referenceTrue = RawVector<UInt8>()
  /// Whether `referenceTrue` holds a model of the original clauses.
  var hasReference = false
  /// Whether the running call completes the reference rather than deciding every variable.
  var completesReference = false
  /// The original clauses each literal code occurs in (indices into `originals`), in
  /// compressed rows: literal `c`'s are `occurrences[occurrenceStarts[c] ..< …[c + 1]]`.
  var occurrenceStarts = RawVector<Int32>()
  var occurrences = RawVector<UInt32>()
  /// How many originals the occurrence rows cover (-1: none built).
  var occurrencesCover = -1
  /// The trail position up to which assignments that differ from the reference were scanned.
  var differenceHead = 0
  /// The trail positions, below `differenceHead`, whose literal differs from the reference.
  var differingPositions = RawVector<Int32>()
  /// Original clauses that may have lost every true literal (indices into `originals`).
  var brokenCandidates = RawVector<UInt32>()
  /// After a call answered by completing the reference: where its model differs from it.
  var referenceDifferences: [Literal]?
  /// Whether `model` is the reference but for the literals of `modelDifferences`.
  var modelFollowsReference = false
  var modelDifferences: [Literal] = []

  /// Counters of work done so far.
  package internal(set) var statistics = SolverStatistics()

  /// Creates a solver with no variables.
  package init() {
    levelStamps.append(0)
  }

  deinit { freeWatchLists() }

  /// Creates a solver with `count` variables and no clauses.
  ///
  /// - Parameter count: The number of variables.
  package init(variableCount count: Int) {
    self.init()
    if count > 0 { _ = ensureVariable(count - 1) }
  }

  /// How many variables there are.
  package var variableCount: Int { levels.count }

  /// The decision level: how many decisions (assumptions included) are on the trail.
  var decisionLevel: Int { trailLimits.count }

  /// Adds a fresh variable.
  ///
  /// - Returns: The new variable, or `nil` past ``maximumVariableCount``.
  package mutating func newVariable() -> Variable? {
    let index = variableCount
    guard ensureVariable(index) else { return nil }
    return Variable(index)
  }

  /// Makes variables up to `index` exist; false (and exhausted) past the limit.
  mutating func ensureVariable(_ index: Int) -> Bool {
    guard index >= 0, index < Self.maximumVariableCount else {
      isExhausted = true
      return false
    }
    if variableCount <= index { hasReference = false }
    while variableCount <= index {
      values.append(0)
      values.append(0)
      watches.append(WatchList())
      watches.append(WatchList())
      levels.append(0)
      reasons.append(Self.noReason)
      phases.append(1)
      userPolarity.append(UInt32.max)
      seen.append(0)
      model.append(0)
      isDecision.append(1)
      order.addVariable()
      trail.grow(to: variableCount)
    }
    return true
  }

  /// Sets the value the solver tries first for a variable when it decides it (phase saving
  /// overwrites it once the variable has been assigned).
  ///
  /// - Parameter literal: The literal to try true first.
  package mutating func setPreferredPhase(_ literal: Literal) {
    let index = Int(literal.variable.index)
    guard index >= 0, index < variableCount else { return }
    phases[index] = literal.code & 1
  }

  /// Fixes the value the solver tries first for a variable whenever it decides it, over
  /// phase saving (MiniSat's `setPolarity`); `nil` gives the choice back to phase saving.
  ///
  /// - Parameters:
  ///   - variable: The variable.
  ///   - value: The value to try first, or `nil`.
  package mutating func setPolarity(_ variable: Variable, _ value: Bool?) {
    let index = Int(variable.index)
    guard index >= 0, index < variableCount else { return }
    userPolarity[index] = value.map { $0 ? 0 : 1 } ?? UInt32.max
  }

  /// Keeps a variable out of the VSIDS order: it is decided only after every other variable,
  /// if propagation has not set it by then. Meant for auxiliaries defined by the others
  /// (Tseitin variables), which propagation sets once their inputs are set; models stay
  /// complete either way.
  ///
  /// - Parameter variable: The variable.
  package mutating func deferDecisions(on variable: Variable) {
    let index = Int(variable.index)
    guard index >= 0, index < variableCount, isDecision[index] == 1 else { return }
    cancelUntil(0)
    retainedLevels = 0
    isDecision[index] = 0
    lateVariables.append(Int32(truncatingIfNeeded: index))
  }

  /// The value of a literal in the model of the last call, if it returned `.satisfiable`.
  ///
  /// - Parameter literal: The literal.
  /// - Returns: Its value, or `nil` without a model or for an unknown variable.
  package func value(of literal: Literal) -> Bool? {
    guard let value = value(of: literal.variable) else { return nil }
    return value != literal.isNegated
  }

  /// The value of a variable in the model of the last call, if it returned `.satisfiable`.
  ///
  /// - Parameter variable: The variable.
  /// - Returns: Its value, or `nil` without a model or for an unknown variable.
  package func value(of variable: Variable) -> Bool? {
    let index = Int(variable.index)
    guard hasModel, index >= 0, index < variableCount else { return nil }
    return model[index] > 0
  }

  /// The model of the last call as one value per variable (empty without a model).
  package var modelValues: [Bool] {
    guard hasModel else { return [] }
    return (0..<variableCount).map { model[$0] > 0 }
  }

  /// The value a literal has by unit propagation alone: at level 0, or under the assumptions
  /// of the last call still on the trail (after `.satisfiable`, all of them).
  ///
  /// - Parameter literal: The literal.
  /// - Returns: Its propagated value, or `nil` when unit propagation leaves it open.
  package func propagatedValue(of literal: Literal) -> Bool? {
    let index = Int(literal.variable.index)
    guard index >= 0, index < variableCount else { return nil }
    let value = values[Int(literal.code)]
    return value == 0 ? nil : value > 0
  }

  /// Whether the clauses added so far are known to have no model at all.
  package var isKnownUnsatisfiable: Bool { !isConsistent }
}

/// The watches of one literal: a growable array managed by the solver.
///
/// Invariant: `base` holds `capacity` watches, the first `count` in use; freed by the solver.
struct WatchList {
  var base: UnsafeMutablePointer<Watch>?
  var count: Int32 = 0
  var capacity: Int32 = 0
}

/// One watch: the clause (its arena offset, `Solver.binaryFlag` set for binary clauses) and a
/// blocker literal of it whose truth makes visiting the clause unnecessary.
struct Watch {
  var clause: UInt32
  var blocker: UInt32
}
