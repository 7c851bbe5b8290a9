/// Many explanations at once: the reasons `options` shows for every forced or excluded value.
extension ConfigurationSpace {
  /// Why each literal of `literals` holds in every build with these choices: for each, a
  /// minimal set of the choices and rules that, with the model's structure, leave no build
  /// where it fails — the same answer ``explain(_:choices:budget:)`` gives one at a time.
  ///
  /// One solver call puts every rule and choice in force. A literal unit propagation then
  /// holds at level 0 follows from the structure alone (the empty reason, no further work);
  /// one it holds above level 0 has, as its core, the assumptions of its implication graph
  /// (``Solver/assumptionsImplying(_:)``, no solver call); only the others cost a solver call
  /// for their core, each reusing the assumption levels of the first. Each core is then made
  /// minimal by ``ReasonSearch`` (deletion over the core), whose checks are mostly answered by
  /// models met before and by searches near the first model.
  ///
  /// Runs until done or out of budget: the literals explained by then keep their reasons, the
  /// rest stay `nil` (callers order `literals` by importance).
  ///
  /// - Parameters:
  ///   - literals: The literals to explain (a forced value, or an excluded value's negation).
  ///   - choices: The user's choices.
  ///   - budget: The budget of all the explanations together.
  /// - Returns: One reason per literal, or `nil` where the literal is not forced by the
  ///   choices (or the choices are inconsistent), or the budget ran out before it.
  package func explainEach(
    _ literals: [Literal], choices: [Literal], budget: AnalysisBudget = .standard
  ) -> [Reason?] {
    var reasons = [Reason?](repeating: nil, count: literals.count)
    do {
      try explain(literals, choices: choices, into: &reasons, meter(budget))
    } catch {
      // Out of budget: the reasons found so far stand, the rest stay unexplained.
    }
    return reasons
  }

  /// The work of ``explainEach(_:choices:budget:)``, writing each reason as it is found.
  func explain(
    _ literals: [Literal], choices: [Literal], into reasons: inout [Reason?], _ meter: BudgetMeter
  ) throws(AnalysisError) {
    let items = ReasonItems(
      selectors: selectors, ruleOfVariable: ruleOfVariable, choices: choices)
    let assumptions = items.literals
    guard try isSatisfiableNearLastModel(assumptions, meter) else { return }
    let home = solver.modelValues
    // Checks search near this model: a build with every item, changed only where needed.
    solver.setReferenceToModel()
    defer { solver.clearReference() }
    // Cores first, while the first call's levels are on the trail: the implication graph
    // gives most of them, and the solver calls for the rest reuse those levels.
    var cores: [(index: Int, core: [Int])] = []
    var searched: [Int] = []
    for (index, literal) in literals.enumerated() {
      if let core = solver.assumptionsImplying(literal) {
        if core.isEmpty {
          reasons[index] = Reason(choices: [], rules: [])
        } else {
          cores.append((index, items.positions(of: core)))
        }
      } else if solver.propagatedValue(of: literal) == nil {
        searched.append(index)
      }
    }
    reasonStatistics.byImplication += cores.count
    for index in searched {
      try meter.check()
      solver.popAssumptions(to: assumptions.count)
      try assume(!literals[index])
      if try isSatisfiableUnderAssumptions(meter) { continue }
      reasonStatistics.bySearch += 1
      cores.append((index, items.positions(of: lastCore)))
    }
    // The home model has every item: the base of the kept models.
    witnesses.reset(base: home)
    witnesses.add(differences: [])
    for (index, core) in cores {
      let minimal = try minimalReason(for: literals[index], core: core, items: items, meter)
      reasons[index] = reason(minimal.map { items.literals[$0] }, choices: choices)
    }
  }
}

/// What the reason searches did, for measurements and tests.
package struct ReasonStatistics: Hashable, Sendable {
  /// Cores read from the implication graph.
  package var byImplication = 0
  /// Cores that needed a solver call.
  package var bySearch = 0
  /// Checks answered by a model met before.
  package var byKeptModel = 0
  /// Checks that needed the solver.
  package var bySolver = 0
  /// Of those, the satisfiable ones answered by completing the first model (the rest are
  /// full searches, or unsatisfiable).
  package var byReference = 0
  /// Of those, the unsatisfiable ones (an item left out).
  package var unsatisfiable = 0
}
