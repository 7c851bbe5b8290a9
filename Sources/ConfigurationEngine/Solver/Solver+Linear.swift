/// Linear constraints `Σ wᵢ·lᵢ ≤ B` propagated natively, beside the clauses.
///
/// A model encodes a large sum as an adder network (`ConstraintModel+Linear`), which the
/// counter needs (its auxiliaries are defined, so counts stay exact) but which unit propagation
/// sees little through: it takes a search to find that a few heavy values already pass the
/// bound, and against a bound on a total over thousands of features that search can be a hard
/// one. So the solver takes the network's sum instead (`ConfigurationSpace.solver(for:)`), as two
/// constraints that define its root both ways, and propagates them as pseudo-Boolean solvers do
/// (counter-based, as in MiniSat+ and Sat4j): it keeps the total of the true literals' weights,
/// meets a conflict as soon as the total passes the bound, and sets false every open literal
/// whose weight no longer fits. The network's own auxiliaries are then free in the solver; no
/// analysis reads them.
///
/// A conclusion's reason is a clause made on demand, `¬l₁ ∨ … ∨ ¬lₖ`, over true literals
/// whose weights (heaviest first) leave no room for what was set false; one reason serves every
/// literal set in the same step. The analyses read it like any reason clause, so conflict
/// analysis, cores and implication graphs need nothing new (they skip the implied literal by
/// its variable, and it is not in the clause). Reasons live in their own arena, referenced with
/// ``linearReasonFlag`` set, and are dropped as the trail is undone below where they were made.
/// A search completing a reference model checks the constraints as it checks the clauses
/// (``linearReferenceDecision(onTrail:)``).
extension Solver {
  /// Marks a reason reference as one of the linear reasons (an offset into `linear.reasons`).
  static let linearReasonFlag: UInt32 = 1 << 31

  /// Adds the constraint `Σ terms ≤ bound`, propagated natively: a model must keep it as it
  /// keeps every clause.
  ///
  /// - Parameters:
  ///   - terms: The terms; every coefficient positive, one term per variable.
  ///   - bound: The most the weights of the true literals may add up to.
  /// - Returns: False (and nothing added) when a coefficient is not positive, a variable
  ///   repeats, the weights pass 2⁶², or the solver is inconsistent or exhausted.
  @discardableResult
  package mutating func addAtMost(_ terms: [LinearSum.Term], bound: Int64) -> Bool {
    guard isConsistent, !isExhausted, bound >= 0 else { return false }
    var total: Int64 = 0
    var variables = Set<Variable>()
    for term in terms {
      guard term.coefficient > 0, term.coefficient <= (1 << 62) - total,
        variables.insert(term.literal.variable).inserted
      else { return false }
      total += term.coefficient
      guard ensureVariable(Int(term.literal.variable.index)) else { return false }
    }
    guard total > bound else { return true }  // always holds: nothing to propagate
    cancelUntil(0)
    retainedLevels = 0
    let sorted = terms.sorted { $0.coefficient > $1.coefficient }
    let constraint = Int32(truncatingIfNeeded: linear.bounds.count)
    linear.starts.append(Int32(truncatingIfNeeded: linear.literals.count + sorted.count))
    for term in sorted {
      linear.literals.append(term.literal.code)
      linear.weights.append(term.coefficient)
    }
    linear.bounds.append(bound)
    // The total of the literals already counted (on the trail below `linear.head`).
    var weightOf: [UInt32: Int64] = [:]
    for term in sorted { weightOf[term.literal.code, default: 0] += term.coefficient }
    var sum: Int64 = 0
    for position in 0..<linear.head { sum += weightOf[trail[position]] ?? 0 }
    linear.sums.append(sum)
    linear.rebuildOccurrences(literalCount: 2 * variableCount)
    boundConstraint(Int(constraint))
    var trailCount = trail.count
    let conflict = checkLinear(constraint, trailCount: &trailCount, level: 0)
    trail.count = trailCount
    if conflict != Self.noReason || propagate() != Self.noReason { isConsistent = false }
    return isConsistent
  }

  /// A bound on a sum that an optimisation lowers as it finds better models and takes back
  /// when it is done (``addObjectiveBound(_:bound:)``).
  package struct ObjectiveBound {
    /// The literal to assume for the bound to hold.
    package let guardLiteral: Literal
    /// The constraint's index; always the last one while the bound exists.
    let constraint: Int
    /// The terms' total: the guard's weight, and what the constraint's bound exceeds the
    /// sum's by.
    let total: Int64
  }

  /// Adds `Σ terms ≤ bound` in force only while the returned guard is assumed: the linear
  /// constraint `Σ terms + T·g ≤ T + bound`, `T` the terms' total, over a fresh variable `g`.
  /// Its guard is its heaviest term, so every reason it gives, and every clause learnt from
  /// one, holds `¬g`: the bound can be lowered (what was learnt under a looser bound still
  /// holds) and taken back (``removeObjectiveBound(_:)``) without unsound clauses left behind.
  ///
  /// - Parameters:
  ///   - terms: The terms; every coefficient positive, one term per variable, their total at
  ///     most 2⁶¹.
  ///   - bound: The most the weights of the true literals may add up to while the guard holds.
  /// - Returns: The bound, or `nil` (nothing added) when the terms are not such, the bound is
  ///   negative, or the solver is inconsistent or exhausted.
  package mutating func addObjectiveBound(_ terms: [LinearSum.Term], bound: Int64)
    -> ObjectiveBound?
  {
    var total: Int64 = 0
    for term in terms {
      guard term.coefficient > 0, term.coefficient <= (1 << 61) - total else { return nil }
      total += term.coefficient
    }
    guard bound >= 0, bound < total, isConsistent, !isExhausted,
      let variable = newVariable()
    else { return nil }
    let constraint = linear.bounds.count
    // Decided last and false when not assumed, like a rule's selector.
    deferDecisions(on: variable)
    setPolarity(variable, false)
    guard addAtMost(terms + [LinearSum.Term(variable.positive, total)], bound: total + bound),
      linear.bounds.count == constraint + 1
    else { return nil }
    return ObjectiveBound(guardLiteral: variable.positive, constraint: constraint, total: total)
  }

  /// Lowers an objective bound: a model found under it must now weigh at most `bound`.
  ///
  /// - Returns: False when `bound` is negative (no model can meet it), or the solver is
  ///   inconsistent.
  package mutating func lowerObjectiveBound(_ objective: ObjectiveBound, to bound: Int64)
    -> Bool
  {
    guard bound >= 0, isConsistent, objective.constraint < linear.bounds.count else {
      return false
    }
    let guardCode = Int(objective.guardLiteral.code)
    let guardLevel = Int(levels[Int(objective.guardLiteral.variable.index)])
    // A bound at the total or past it cuts nothing (and the sum stays within 2⁶²).
    linear.bounds[objective.constraint] = min(
      linear.bounds[objective.constraint], objective.total + min(bound, objective.total))
    // Only the guard's weight (the terms' total) can take a total past the bound, so what
    // was decided below the guard's level stands: the levels from the guard's on go (the
    // assumptions before it stay decided), and assuming it again meets the new bound. Below
    // that level the constraint could at most have set the guard false; a search meets that
    // as a conflict on the guard, and its core says so.
    if values[guardCode] != 0, guardLevel > 0 {
      cancelUntil(guardLevel - 1)
      retainedLevels = min(retainedLevels, guardLevel - 1)
    }
    return isConsistent
  }

  /// Takes an objective bound back: its constraint goes, and its guard is made false for good
  /// (the clauses learnt from it are satisfied from then on). Only the last constraint added
  /// can go.
  package mutating func removeObjectiveBound(_ objective: ObjectiveBound) {
    guard objective.constraint == linear.bounds.count - 1 else { return }
    cancelUntil(0)
    retainedLevels = 0
    unboundLastConstraint()
    let first = objective.constraint == 0 ? 0 : Int(linear.starts[objective.constraint - 1])
    linear.literals.count = first
    linear.weights.count = first
    linear.starts.count -= 1
    linear.bounds.count -= 1
    linear.sums.count -= 1
    linear.rebuildOccurrences(literalCount: 2 * variableCount)
    addClause([!objective.guardLiteral])
  }

  /// The clause behind a reference, from the arena or the linear reasons.
  @inline(__always) func clauseBase(_ reference: UInt32) -> UnsafeMutablePointer<UInt32> {
    reference & Self.linearReasonFlag == 0
      ? arena.base + Int(reference)
      : linear.reasons.base + Int(reference & ~Self.linearReasonFlag)
  }

  /// Counts a literal just taken from the trail into the totals of the constraints it occurs
  /// in, and propagates each of them.
  ///
  /// - Parameters:
  ///   - literal: The literal made true (its code).
  ///   - trailCount: The trail's length, which literals set here extend.
  ///   - level: The current decision level.
  /// - Returns: A reason clause all of whose literals are false (a conflict), or `noReason`.
  @inline(__always) mutating func propagateLinear(
    _ literal: UInt32, trailCount: inout Int, level: Int32
  ) -> UInt32 {
    let code = Int(literal)
    guard code < linear.occurrenceCover else { return Self.noReason }
    let first = Int(linear.occurrenceStarts[code])
    let end = Int(linear.occurrenceStarts[code + 1])
    guard first < end else { return Self.noReason }
    var conflict = Self.noReason
    for position in first..<end {
      let constraint = linear.occurrenceConstraints[position]
      linear.sums[Int(constraint)] += linear.occurrenceWeights[position]
      // After a conflict the other totals are still counted: the literal is below the head.
      guard conflict == Self.noReason else { continue }
      conflict = checkLinear(constraint, trailCount: &trailCount, level: level)
    }
    return conflict
  }

  /// Takes back the counts of the trail's literals from `start` up to the linear head, and
  /// the reasons made for literals from `start` on (a reason can be made past the head: the
  /// literals it sets go on the trail beyond the one being counted).
  mutating func retractLinear(from start: Int) {
    if linear.head > start {
      for position in start..<linear.head {
        let code = Int(trail[position])
        guard code < linear.occurrenceCover else { continue }
        let occurrences =
          Int(linear.occurrenceStarts[code])..<Int(linear.occurrenceStarts[code + 1])
        for occurrence in occurrences {
          linear.sums[Int(linear.occurrenceConstraints[occurrence])] -=
            linear.occurrenceWeights[occurrence]
        }
      }
      linear.head = start
    }
    while linear.markPositions.count > 0,
      Int(linear.markPositions[linear.markPositions.count - 1]) >= start
    {
      linear.markPositions.count -= 1
      linear.reasons.count = Int(linear.markOffsets[linear.markOffsets.count - 1])
      linear.markOffsets.count -= 1
    }
  }

  /// For a search completing the reference: a decision that mends a linear constraint the
  /// combined assignment breaks (the trail where assigned, the reference elsewhere), or `nil`
  /// when it breaks none. The decision sets false a literal true only in the reference: the
  /// best by ``decisionRank(_:)``, the heaviest among equals. With `onTrail` false, only the
  /// reference is looked at (and any broken constraint gives a non-`nil` answer).
  ///
  /// - Parameter onTrail: Whether assigned literals count by their value on the trail.
  /// - Returns: The literal to decide, `UInt32.max` past every repair, or `nil`.
  mutating func linearReferenceDecision(onTrail: Bool) -> UInt32? {
    for constraint in 0..<linear.bounds.count {
      let first = constraint == 0 ? 0 : Int(linear.starts[constraint - 1])
      var total: Int64 = 0
      var best = UInt32.max
      var bestRank = Int.max
      for position in first..<Int(linear.starts[constraint]) {
        let literal = linear.literals[position]
        let value = onTrail ? values[Int(literal)] : 0
        guard value > 0 || (value == 0 && referenceTrue[Int(literal)] == 1) else { continue }
        total += linear.weights[position]
        guard value == 0 else { continue }
        let rank = decisionRank(literal ^ 1)
        if rank < bestRank {
          best = literal ^ 1
          bestRank = rank
        }
      }
      guard total > linear.bounds[constraint] else { continue }
      if best != UInt32.max || !onTrail { return best }
      // Every true literal on the trail: propagation would have met this conflict. Should it
      // ever happen, the call goes on as an ordinary search.
      completesReference = false
      return pickBranchLiteral()
    }
    return nil
  }

  /// Propagates one constraint after its total grew: a conflict when the total passes the
  /// bound, else every open literal heavier than the room left set false.
  private mutating func checkLinear(_ constraint: Int32, trailCount: inout Int, level: Int32)
    -> UInt32
  {
    let index = Int(constraint)
    let first = index == 0 ? 0 : Int(linear.starts[index - 1])
    let end = Int(linear.starts[index])
    let room = linear.bounds[index] - linear.sums[index]
    // The heaviest weight comes first: lighter ones fit whenever it does.
    guard room < linear.weights[first] else { return Self.noReason }
    if room < 0 {
      let conflict = makeLinearReason(
        first, end, exceeding: linear.bounds[index], trailCount: trailCount)
      if conflict == Self.noReason { isExhausted = true }
      return conflict
    }
    var lightest: Int64 = 0
    var position = first
    linear.implied.count = 0
    while position < end, linear.weights[position] > room {
      let literal = linear.literals[position]
      if values[Int(literal)] == 0 {
        linear.implied.append(literal ^ 1)
        lightest = linear.weights[position]
      }
      position += 1
    }
    guard !linear.implied.isEmpty else { return Self.noReason }
    // The true literals must leave less room than the lightest literal set false takes.
    let reason = makeLinearReason(
      first, end, exceeding: linear.bounds[index] - lightest, trailCount: trailCount)
    guard reason != Self.noReason else {
      // Out of reason memory: the search stops (`.unknown`) rather than miss a conclusion.
      isExhausted = true
      return Self.noReason
    }
    // The trail was sized for every variable; `trailCount` runs ahead of its count here.
    let trail = self.trail.base
    for position in 0..<linear.implied.count {
      let implied = linear.implied[position]
      values[Int(implied)] = 1
      values[Int(implied ^ 1)] = -1
      levels[Int(implied >> 1)] = level
      reasons[Int(implied >> 1)] = reason
      trail[trailCount] = implied
      trailCount += 1
    }
    return Self.noReason
  }

  /// A reason clause: the negations of true literals of the constraint, heaviest first, until
  /// their weights pass `limit`. `noReason` when the reason arena is full (the caller marks
  /// the solver exhausted: past 2³¹ words, far beyond any memory budget).
  private mutating func makeLinearReason(
    _ first: Int, _ end: Int, exceeding limit: Int64, trailCount: Int
  ) -> UInt32 {
    let offset = linear.reasons.count
    guard offset + Self.headerWords + (end - first) < Int(Self.linearReasonFlag) - 1 else {
      return Self.noReason
    }
    linear.reasons.append(0)
    linear.reasons.append(0)  // flags: not learnt
    linear.reasons.append(Float(0).bitPattern)
    var total: Int64 = 0
    var size: UInt32 = 0
    var position = first
    while position < end, total <= limit {
      let literal = linear.literals[position]
      if values[Int(literal)] > 0 {
        linear.reasons.append(literal ^ 1)
        size += 1
        total += linear.weights[position]
      }
      position += 1
    }
    linear.reasons[offset] = size
    assert(
      linear.markPositions.isEmpty
        || Int(linear.markPositions[linear.markPositions.count - 1]) <= trailCount)
    linear.markPositions.append(Int32(truncatingIfNeeded: trailCount))
    linear.markOffsets.append(Int32(truncatingIfNeeded: offset))
    return UInt32(truncatingIfNeeded: offset) | Self.linearReasonFlag
  }
}

extension Solver {
  /// A reason clause of the given literals (all false), kept with the linear reasons: dropped
  /// as the trail is undone below its length now. `noReason` when the arena is full.
  mutating func makeReasonClause(_ literals: [UInt32], trailCount: Int) -> UInt32 {
    let offset = linear.reasons.count
    guard offset + Self.headerWords + literals.count < Int(Self.linearReasonFlag) - 1 else {
      return Self.noReason
    }
    linear.reasons.append(UInt32(truncatingIfNeeded: literals.count))
    linear.reasons.append(0)  // flags: not learnt
    linear.reasons.append(Float(0).bitPattern)
    for literal in literals { linear.reasons.append(literal) }
    linear.markPositions.append(Int32(truncatingIfNeeded: trailCount))
    linear.markOffsets.append(Int32(truncatingIfNeeded: offset))
    return UInt32(truncatingIfNeeded: offset) | Self.linearReasonFlag
  }
}

/// The solver's linear constraints, their totals, and the reasons made for them.
///
/// Invariants: constraint `i`'s terms are `starts[i − 1] ..< starts[i]` (from 0 for the first)
/// of `literals`/`weights`, heaviest first; `sums[i]` is the weight of its literals on the trail
/// below `head`; `head` never passes the trail's length; `markPositions`/`markOffsets` say, for
/// each reason made, the trail length then and where it starts in `reasons`, both increasing.
struct LinearConstraints: ~Copyable {
  var literals = RawVector<UInt32>()
  var weights = RawVector<Int64>()
  var starts = RawVector<Int32>()
  var bounds = RawVector<Int64>()
  var sums = RawVector<Int64>()
  /// The trail position up to which literals are counted in `sums`.
  var head = 0
  /// Per literal code below `occurrenceCover`: the constraints it occurs in and its weight
  /// there, in compressed rows.
  var occurrenceStarts = RawVector<Int32>()
  var occurrenceConstraints = RawVector<Int32>()
  var occurrenceWeights = RawVector<Int64>()
  var occurrenceCover = 0
  /// Reason clauses, laid out like the arena's: `[size, flags, activity, literals…]`.
  var reasons = RawVector<UInt32>()
  var markPositions = RawVector<Int32>()
  var markOffsets = RawVector<Int32>()
  /// Scratch: the literals one step sets.
  var implied = RawVector<UInt32>()

  /// Rebuilds the occurrence rows for literal codes below `literalCount`.
  mutating func rebuildOccurrences(literalCount: Int) {
    occurrenceStarts.count = 0
    for _ in 0...literalCount { occurrenceStarts.append(0) }
    for position in 0..<literals.count {
      occurrenceStarts[Int(literals[position]) + 1] += 1
    }
    for code in 0..<literalCount { occurrenceStarts[code + 1] += occurrenceStarts[code] }
    occurrenceConstraints.count = 0
    occurrenceWeights.count = 0
    for _ in 0..<literals.count {
      occurrenceConstraints.append(0)
      occurrenceWeights.append(0)
    }
    var next = [Int32](repeating: 0, count: literalCount)
    for code in 0..<literalCount { next[code] = occurrenceStarts[code] }
    var constraint: Int32 = 0
    for position in 0..<literals.count {
      while Int(starts[Int(constraint)]) <= position { constraint += 1 }
      let code = Int(literals[position])
      let slot = Int(next[code])
      occurrenceConstraints[slot] = constraint
      occurrenceWeights[slot] = weights[position]
      next[code] += 1
    }
    occurrenceCover = literalCount
  }
}
