/// The search: `solve` under assumptions, restarts, decisions and learning.
extension Solver {
  /// Searches for a model of the clauses in which every assumption holds.
  ///
  /// When the assumptions begin with the same literals as the previous call's, the levels
  /// already decided for them are kept rather than propagated again.
  ///
  /// - Parameters:
  ///   - assumptions: Literals held true for this call only.
  ///   - budget: The most conflicts and the latest time; past it the call answers `.unknown`.
  ///   - completingReference: Whether to search near the reference model (see
  ///     ``setReference(_:)``): decide only what the assumptions break in it, and take the rest
  ///     from it. The answer is the same; only the model, and the work, differ.
  /// - Returns: `.satisfiable` (the model is then readable), `.unsatisfiable(core:)` with a
  ///   subset of the assumptions that cannot hold together, or `.unknown`.
  package mutating func solve(
    assumptions: [Literal] = [], budget: SolverBudget = .unlimited,
    completingReference: Bool = false
  ) -> SolveResult {
    let same = commonPrefix(assumptions)
    popAssumptions(to: same)
    for literal in assumptions[same...] where !pushAssumption(literal) {
      // An assumption past the variable limit fails this call only (the clauses are intact).
      return .unknown
    }
    return solveUnderAssumptions(budget: budget, completingReference: completingReference)
  }

  /// How many assumptions the next ``solveUnderAssumptions(budget:completingReference:)``
  /// holds: the last call's, changed by the pushes and pops since.
  package var assumptionCount: Int { currentAssumptions.count }

  /// Adds an assumption after the others (Nadel and Ryvchin's incremental interface: loops
  /// that keep a long prefix of assumptions and vary the tail pay for the tail only).
  ///
  /// - Parameter literal: The literal to hold true.
  /// - Returns: False, and nothing added, for a variable past ``maximumVariableCount``.
  package mutating func pushAssumption(_ literal: Literal) -> Bool {
    let index = Int(literal.variable.index)
    guard index < Self.maximumVariableCount, index < variableCount || ensureVariable(index)
    else { return false }
    currentAssumptions.append(literal.code)
    return true
  }

  /// Keeps only the first `count` assumptions; their decided levels stay, the others' go.
  ///
  /// - Parameter count: How many to keep.
  package mutating func popAssumptions(to count: Int) {
    currentAssumptions.count = min(max(count, 0), currentAssumptions.count)
    retainedLevels = min(retainedLevels, currentAssumptions.count)
    cancelUntil(min(retainedLevels, decisionLevel))
  }

  /// Searches for a model in which every assumption on the stack holds (see
  /// ``pushAssumption(_:)``); the levels of the assumptions kept since the last call stay.
  ///
  /// - Parameters:
  ///   - budget: The most conflicts and the latest time; past it the call answers `.unknown`.
  ///   - completingReference: Whether to search near the reference model.
  /// - Returns: As ``solve(assumptions:budget:completingReference:)``.
  package mutating func solveUnderAssumptions(
    budget: SolverBudget = .unlimited, completingReference: Bool = false
  ) -> SolveResult {
    statistics.solves += 1
    hasModel = false
    referenceDifferences = nil
    core = []
    defer { completesReference = false }
    guard isConsistent else { return .unsatisfiable(core: []) }
    guard !isExhausted else { return .unknown }
    cancelUntil(min(retainedLevels, decisionLevel))

    conflictLimit = Int.max
    if let limit = budget.conflicts {
      let (sum, overflow) = statistics.conflicts.addingReportingOverflow(max(limit, 0))
      conflictLimit = overflow ? Int.max : sum
    }
    deadline = budget.deadline
    cancellation = budget.cancellation
    budgetExceeded = isPastDeadline

    completesReference =
      completingReference && hasReference && referenceTrue.count == 2 * variableCount
    var status: Bool?
    var restart = 0
    while status == nil, !budgetExceeded {
      status = search(conflicts: Self.luby(restart) * 100)
      restart += 1
      // A check that meets a restart is not a small change of the reference after all.
      if status == nil { completesReference = false }
    }
    switch status {
    case true?:
      if completesReference {
        storeCompletedModel()
      } else {
        for variable in 0..<variableCount { model[variable] = values[2 * variable] }
        modelFollowsReference = false
      }
      hasModel = true
      statistics.satisfiable += 1
      cancelUntil(currentAssumptions.count)
      retainedLevels = decisionLevel
      return .satisfiable
    case false?:
      if !isConsistent {
        cancelUntil(0)
        retainedLevels = 0
        return .unsatisfiable(core: [])
      }
      retainedLevels = min(decisionLevel, currentAssumptions.count)
      cancelUntil(retainedLevels)
      return .unsatisfiable(core: core)
    case nil:
      retainedLevels = min(decisionLevel, currentAssumptions.count)
      cancelUntil(retainedLevels)
      return .unknown
    }
  }

  /// How many of `assumptions` are, from the start, those of the last call (the loops of the
  /// analyses repeat thousands of assumptions and vary the last few).
  private func commonPrefix(_ assumptions: [Literal]) -> Int {
    let limit = min(currentAssumptions.count, assumptions.count)
    let previous = currentAssumptions.base
    return assumptions.withUnsafeBufferPointer { buffer in
      // A literal is its code (a struct of one `UInt32`): compare eight at a time.
      buffer.withMemoryRebound(to: UInt32.self) { codes in
        guard let start = codes.baseAddress else { return 0 }
        let old = UnsafeRawPointer(previous)
        let new = UnsafeRawPointer(start)
        var index = 0
        while index + 8 <= limit {
          let offset = index &* 4
          let equal =
            old.loadUnaligned(fromByteOffset: offset, as: SIMD8<UInt32>.self)
            == new.loadUnaligned(fromByteOffset: offset, as: SIMD8<UInt32>.self)
          guard equal else { break }
          index += 8
        }
        while index < limit, previous[index] == codes[index] { index += 1 }
        return index
      }
    }
  }

  /// Whether the call's deadline has passed, or its budget was cancelled.
  var isPastDeadline: Bool {
    if let deadline, ContinuousClock.now >= deadline { return true }
    return cancellation?.isCancelled == true
  }

  /// Searches until a model, a refutation, `conflicts` conflicts (a restart: `nil`), or the
  /// budget's end (`nil` with `budgetExceeded`).
  mutating func search(conflicts allowed: Int) -> Bool? {
    var conflictsHere = 0
    while true {
      let conflict = propagate()
      if isExhausted {
        budgetExceeded = true
        return nil
      }
      if conflict != Self.noReason {
        statistics.conflicts += 1
        conflictsHere += 1
        if decisionLevel == 0 {
          isConsistent = false
          return false
        }
        if decisionLevel <= currentAssumptions.count {
          // Every decision so far is an assumption: they clash by propagation alone. Answer
          // from this conflict directly rather than learn and backjump, which would undo the
          // assumption levels the next call could reuse.
          analyzeFinal(conflict: conflict)
          cancelUntil(decisionLevel - 1)
          return false
        }
        let (backjumpLevel, lbd) = analyze(conflict)
        cancelUntil(backjumpLevel)
        if learnt.count == 1 {
          assign(learnt[0], reason: Self.noReason)
        } else {
          guard
            let reference = allocateClause(
              UnsafeBufferPointer(start: learnt.base, count: learnt.count), learnt: true, lbd: lbd)
          else {
            budgetExceeded = true
            return nil
          }
          learnts.append(reference)
          attach(reference)
          bumpClause(reference)
          assign(learnt[0], reason: reference)
        }
        order.decay(by: 0.95)
        clauseIncrement /= 0.999
        if statistics.conflicts >= conflictLimit {
          budgetExceeded = true
          return nil
        }
        if isPastDeadline {
          budgetExceeded = true
          return nil
        }
        continue
      }
      if conflictsHere >= allowed {
        statistics.restarts += 1
        cancelUntil(min(decisionLevel, currentAssumptions.count))
        return nil
      }
      if statistics.conflicts >= nextReduction {
        nextReduction = statistics.conflicts + 2000 + reductionIncrement
        reductionIncrement += 300
        reduceLearnts()
      }
      // A search that meets few conflicts (long propagations, many decisions) still looks
      // at the clock now and then, so no single call overruns its deadline.
      if statistics.decisions & 1023 == 0, isPastDeadline {
        budgetExceeded = true
        return nil
      }
      var next = UInt32.max
      while decisionLevel < currentAssumptions.count {
        let assumption = currentAssumptions[decisionLevel]
        let value = values[Int(assumption)]
        if value > 0 {
          newDecisionLevel()
        } else if value < 0 {
          analyzeFinal(failed: assumption)
          return false
        } else {
          next = assumption
          break
        }
      }
      if next == UInt32.max {
        next = completesReference ? referenceDecision() : pickBranchLiteral()
        if next == UInt32.max { return true }
      }
      statistics.decisions += 1
      newDecisionLevel()
      assign(next, reason: Self.noReason)
    }
  }

  /// The most active unassigned variable with its saved phase (then the deferred ones in
  /// order), or `UInt32.max` when every variable is assigned.
  mutating func pickBranchLiteral() -> UInt32 {
    while !order.isEmpty {
      let variable = Int(order.removeMax())
      if values[2 * variable] == 0 { return decision(variable) }
    }
    while latePosition < lateVariables.count {
      let variable = Int(lateVariables[latePosition])
      if values[2 * variable] == 0 { return decision(variable) }
      latePosition += 1
    }
    return UInt32.max
  }

  /// The literal to decide for an open variable: its user polarity, else its saved phase.
  @inline(__always) func decision(_ variable: Int) -> UInt32 {
    let fixed = userPolarity[variable]
    return UInt32(truncatingIfNeeded: 2 * variable)
      | (fixed == UInt32.max ? phases[variable] : fixed)
  }

  /// The Luby sequence 1 1 2 1 1 2 4 1 1 2 … at `index` (MiniSat's formulation).
  static func luby(_ index: Int) -> Int {
    var size = 1
    var sequence = 0
    while size < index + 1 {
      sequence += 1
      size = 2 * size + 1
    }
    var position = index
    while size - 1 != position {
      size = (size - 1) >> 1
      sequence -= 1
      position %= size
    }
    return 1 << min(sequence, 20)
  }
}
