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
  ///   - budget: The analysis's budget.
  /// - Returns: The states, or `nil` when the choices are inconsistent.
  /// - Throws: ``AnalysisError/budgetExceeded``.
  package func propagate(
    choices: [Literal], variables: [Variable]? = nil, budget: AnalysisBudget = .standard
  ) throws(AnalysisError) -> Propagation? {
    let variables = variables ?? values
    let meter = meter(budget)
    guard let (forced, witness) = try backbone(selectors + choices, of: variables, meter) else {
      return nil
    }
    let states = variables.map { variable -> ValueState in
      guard let value = forced[variable] else { return .free }
      return value ? .forcedTrue : .forcedFalse
    }
    return Propagation(variables: variables, states: states, witness: witness)
  }

  /// The backbone restricted to `variables`: the value of each one that every model under
  /// `assumptions` gives it.
  ///
  /// One solve gives a model whose literals are the candidates. Those already fixed by unit
  /// propagation under the assumptions are backbone for free. Each other candidate `c` is
  /// tested by solving with `¬c` assumed: a model filters every candidate it contradicts (the
  /// solver is first told to prefer each candidate's opposite, so one model kills many); no
  /// model makes `c` backbone, and `c` joins the assumptions for the following calls (only
  /// as an assumption: it is implied under these choices, not in general). After such a
  /// call the solver's trail holds exactly the propagation of the assumptions, so any
  /// candidate true on it is backbone too, for free.
  ///
  /// - Returns: The forced values and a witness model, or `nil` when the assumptions are
  ///   inconsistent.
  func backbone(_ assumptions: [Literal], of variables: [Variable], _ meter: BudgetMeter)
    throws(AnalysisError) -> (forced: [Variable: Bool], witness: Assignment)?
  {
    guard try isSatisfiable(assumptions, meter) else { return nil }
    let witness = self.witness
    var forced: [Variable: Bool] = [:]
    var candidates: [Literal] = []
    var isCandidate = [Bool](repeating: false, count: model.variableCount)
    // A variable outside the model is unconstrained: reported free, never a candidate.
    for variable in variables
    where (0..<model.variableCount).contains(Int(variable.index))
      && !isCandidate[Int(variable.index)]
    {
      let literal = Literal(variable, negated: !witness[variable])
      if solver.propagatedValue(of: literal) == true {
        forced[variable] = witness[variable]
      } else {
        candidates.append(literal)
        isCandidate[Int(variable.index)] = true
      }
    }
    // Local repairs of each model show most free values without the solver. The variables
    // fixed by propagation under the assumptions are locked (a repair could only fail there).
    var fixed: [Variable] = []
    for index in 0..<model.variableCount
    where solver.propagatedValue(of: Variable(index).positive) != nil {
      fixed.append(Variable(index))
    }
    func filterByRepairs(from values: [Bool]) {
      repair.reset(model: values, fixed: [])
      for variable in fixed { repair.lock(variable) }
      for candidate in candidates where isCandidate[Int(candidate.variable.index)] {
        guard let flipped = repair.makeTrue(!candidate, limit: repairLimit) else { continue }
        for variable in flipped { isCandidate[variable] = false }
      }
      candidates.removeAll { !isCandidate[Int($0.variable.index)] }
    }
    filterByRepairs(from: witness.values)
    var assumed = assumptions
    var phasesStale = true
    while let candidate = candidates.last {
      if phasesStale {
        for other in candidates { solver.setPreferredPhase(!other) }
        phasesStale = false
      }
      if try isSatisfiable(assumed + [!candidate], meter) {
        for other in candidates where solver.value(of: other) != true {
          isCandidate[Int(other.variable.index)] = false
        }
        candidates.removeAll { !isCandidate[Int($0.variable.index)] }
        filterByRepairs(from: solver.modelValues)
        phasesStale = true
      } else {
        candidates.removeLast()
        isCandidate[Int(candidate.variable.index)] = false
        forced[candidate.variable] = !candidate.isNegated
        fixed.append(candidate.variable)
        assumed.append(candidate)
        candidates.removeAll { literal in
          guard solver.propagatedValue(of: literal) == true else { return false }
          forced[literal.variable] = !literal.isNegated
          isCandidate[Int(literal.variable.index)] = false
          fixed.append(literal.variable)
          return true
        }
      }
    }
    return (forced, witness)
  }
}
