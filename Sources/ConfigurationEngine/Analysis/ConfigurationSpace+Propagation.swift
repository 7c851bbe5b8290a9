/// Complete propagation: the backbone of the model under the user's choices.
extension ConfigurationSpace {
  /// The state of each value under the choices: forced true, forced false, or free.
  ///
  /// Complete (a backbone, not just unit propagation): a value shown free can be chosen either
  /// way without a conflict, so a user taking only free values never reaches a dead end.
  ///
  /// - Parameters:
  ///   - choices: The user's choices.
  ///   - variables: The values to report; `nil` for every value of the model. A variable
  ///     outside the model is unconstrained and reported free.
  ///   - settled: Values whose state under these choices the caller knows already (a value
  ///     forced by a reason the choices still hold, or free under a subset of the choices):
  ///     reported as given, not checked. Only consistent choices use them.
  ///   - budget: The analysis's budget.
  ///   - partial: Whether a budget that runs out after the choices are known consistent
  ///     leaves the values not yet checked ``ValueState/undecided`` instead of throwing (a
  ///     value is never shown free without a model that proves it).
  /// - Returns: The states, or `nil` when the choices are inconsistent.
  /// - Throws: ``AnalysisError/budgetExceeded``.
  package func propagate(
    choices: [Literal], variables: [Variable]? = nil, settled: [Variable: ValueState] = [:],
    budget: AnalysisBudget = .standard, partial: Bool = false
  ) throws(AnalysisError) -> Propagation? {
    let variables = variables ?? values
    let meter = meter(budget)
    guard
      let (forced, undecided, witness) = try backbone(
        ruleAssumptions + choices, of: variables, settled: settled, meter, partial: partial)
    else {
      return nil
    }
    let states = variables.map { variable -> ValueState in
      if undecided.contains(variable) { return .undecided }
      guard let value = forced[variable] else { return .free }
      return value ? .forcedTrue : .forcedFalse
    }
    return Propagation(variables: variables, states: states, witness: witness)
  }

  /// The backbone restricted to `variables`: the value of each one that every model under
  /// `assumptions` gives it.
  ///
  /// One solve gives a model whose literals are the candidates; it becomes the solver's
  /// reference. Those already fixed by unit propagation under the assumptions are backbone
  /// for free. Then models filter the rest (Janota, Lynce and Marques-Silva's iterative
  /// algorithm with model filtering): a few searches told to prefer every candidate's
  /// opposite each drop every candidate they contradict, while they drop many; each candidate
  /// left is then tested by a search near the reference with its negation assumed, which
  /// changes the first model only where it must (so costs the candidate's neighbourhood, not
  /// the model). A model drops the candidates it contradicts; no model makes the candidate
  /// backbone, and it joins the assumptions (only as an assumption: it is implied under these
  /// choices, not in general), after which any candidate unit propagation now holds is
  /// backbone too, for free.
  ///
  /// Each check one at a time has a cap on its conflicts first: one that reaches it (a hard
  /// core behind the candidate, such as a pigeonhole) waits until the others are checked, then
  /// gets what is left of the budget, so one hard value does not leave every other unchecked.
  ///
  /// - Parameters:
  ///   - assumptions: The literals that hold.
  ///   - variables: The values asked about.
  ///   - settled: Values whose state the caller knows (see ``propagate(choices:variables:settled:budget:partial:)``).
  ///   - meter: The analysis's budget.
  ///   - partial: Whether a budget that runs out during the checks one at a time leaves the
  ///     candidates not yet decided in `undecided` instead of throwing.
  /// - Returns: The forced values, the undecided ones (empty unless `partial`) and a witness
  ///   model, or `nil` when the assumptions are inconsistent.
  /// - Throws: ``AnalysisError/budgetExceeded`` past the budget (before the assumptions are
  ///   known consistent, or at all unless `partial`).
  func backbone(
    _ assumptions: [Literal], of variables: [Variable], settled: [Variable: ValueState] = [:],
    _ meter: BudgetMeter, partial: Bool = false
  ) throws(AnalysisError) -> Backbone? {
    guard try isSatisfiableNearLastModel(assumptions, meter) else { return nil }
    let witness = self.witness
    let nearReference = searchesNearReference && solver.setReferenceToModel()
    defer { solver.clearReference() }
    var forced: [Variable: Bool] = [:]
    var candidates: [Literal] = []
    var isCandidate = [Bool](repeating: false, count: model.variableCount)
    // A variable outside the model is unconstrained: reported free, never a candidate.
    for variable in variables
    where (0..<model.variableCount).contains(Int(variable.index))
      && !isCandidate[Int(variable.index)]
    {
      let literal = Literal(variable, negated: !witness[variable])
      if let known = settled[variable], known != .undecided {
        if known != .free { forced[variable] = known == .forcedTrue }
      } else if solver.propagatedValue(of: literal) == true {
        forced[variable] = witness[variable]
      } else {
        candidates.append(literal)
        isCandidate[Int(variable.index)] = true
      }
    }
    // Searches that prefer the opposite of every candidate, while they drop many and stay
    // cheap (against a bound on a total, such a search can be a hard knapsack; the checks
    // one at a time below answer the same, each near the witness).
    var rounds = 0
    while !candidates.isEmpty, rounds < Self.filteringRounds {
      rounds += 1
      for candidate in candidates { solver.setPreferredPhase(!candidate) }
      guard let found = try isSatisfiable(assumptions, meter, conflicts: Self.filteringConflicts)
      else { break }
      guard found else { return nil }
      let before = candidates.count
      for candidate in candidates where solver.value(of: candidate) != true {
        isCandidate[Int(candidate.variable.index)] = false
      }
      candidates.removeAll { !isCandidate[Int($0.variable.index)] }
      if candidates.count * 4 > before * 3 { break }
    }
    // The rest are checked one at a time: first each within a cap, then the hard ones.
    var hard: [Literal] = []
    var undecided: Set<Variable> = []
    do {
      try check(
        &candidates, isCandidate: &isCandidate, into: &forced, nearReference, meter,
        cap: Self.checkConflicts, deferring: &hard)
      var none: [Literal] = []
      hard.reverse()
      try check(
        &hard, isCandidate: &isCandidate, into: &forced, nearReference, meter, cap: nil,
        deferring: &none)
    } catch .budgetExceeded where partial {
      // What was not decided is said so; a model proved every value already dropped free.
      for candidate in candidates + hard where isCandidate[Int(candidate.variable.index)] {
        undecided.insert(candidate.variable)
      }
    }
    return (forced, undecided, witness)
  }

  /// Checks the candidates one at a time, under the solver's assumption stack.
  ///
  /// Candidates are dropped lazily (their flag cleared), so a check costs its own work; each
  /// assumes the negation after the assumptions and the candidates found forced so far. A
  /// candidate unit propagation already holds under those is forced without a check.
  ///
  /// A check that reaches `cap` conflicts is left undecided and appended to `deferred`
  /// (still flagged a candidate, so a later model may drop it). When the budget runs out, the
  /// candidate being checked is back in `candidates`, flagged, so the caller can tell what
  /// was not decided.
  private func check(
    _ candidates: inout [Literal], isCandidate: inout [Bool], into forced: inout [Variable: Bool],
    _ nearReference: Bool, _ meter: BudgetMeter, cap: Int?, deferring deferred: inout [Literal]
  ) throws(AnalysisError) {
    var depth = solver.assumptionCount
    // The candidates found forced stay assumed, as the checks after these build on them.
    defer { solver.popAssumptions(to: depth) }
    while let candidate = candidates.popLast() {
      guard isCandidate[Int(candidate.variable.index)] else { continue }
      solver.popAssumptions(to: depth)
      if solver.propagatedValue(of: candidate) == true {
        isCandidate[Int(candidate.variable.index)] = false
        forced[candidate.variable] = !candidate.isNegated
        continue
      }
      let satisfiable: Bool?
      do {
        try assume(!candidate)
        satisfiable = try isSatisfiableUnderAssumptions(
          meter, completingReference: nearReference, conflicts: cap)
      } catch {
        candidates.append(candidate)
        throw error
      }
      guard let satisfiable else {
        deferred.append(candidate)
        continue
      }
      isCandidate[Int(candidate.variable.index)] = false
      if satisfiable {
        if let differences = solver.differencesFromReference {
          // The solver may have variables past the model's (a counter of `closest`).
          for literal in differences where Int(literal.variable.index) < isCandidate.count {
            isCandidate[Int(literal.variable.index)] = false
          }
        } else {
          for other in candidates where solver.value(of: other) != true {
            isCandidate[Int(other.variable.index)] = false
          }
        }
      } else {
        forced[candidate.variable] = !candidate.isNegated
        solver.popAssumptions(to: depth)
        try assume(candidate)
        depth += 1
      }
    }
  }

  /// What ``backbone(_:of:settled:_:partial:)`` finds.
  typealias Backbone = (forced: [Variable: Bool], undecided: Set<Variable>, witness: Assignment)

  /// The most conflicts of one check in the first pass of the checks one at a time.
  static let checkConflicts = 2_000
  /// The most filtering searches before candidates are tested one at a time.
  static let filteringRounds = 4
  /// The most conflicts of one filtering search.
  static let filteringConflicts = 500
}
