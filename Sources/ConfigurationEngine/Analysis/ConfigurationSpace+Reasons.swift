/// Many explanations at once: the reasons `options` shows for every forced or excluded value.
extension ConfigurationSpace {
  /// Why each literal of `literals` holds in every build with these choices: for each, a
  /// minimal set of the choices and rules that, with the model's structure, leave no build
  /// where it fails — the same answer ``explain(_:choices:budget:)`` gives, for many literals
  /// at a fraction of the cost.
  ///
  /// One solver call puts every rule and choice in force. A literal unit propagation then
  /// holds at level 0 follows from the structure alone (the empty reason, no further work);
  /// one it holds above level 0 has, as its core, the assumptions of its implication graph
  /// (``Solver/assumptionsImplying(_:)``, no solver call); only the others cost a solver call
  /// for their core, each reusing the assumption levels of the first. Each core is then made
  /// minimal by QuickXplain, whose satisfiable checks are mostly settled by local repairs of
  /// the first call's model rather than by the solver.
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
    let meter = meter(budget)
    do {
      let assumptions = selectors + choices
      guard try isSatisfiable(assumptions, meter) else { return reasons }
      let witness = solver.modelValues
      // Cores first, while the first call's levels are on the trail: the implication graph
      // gives most of them, and the solver calls for the rest reuse those levels.
      var cores: [(index: Int, core: [Literal])] = []
      var searched: [Int] = []
      for (index, literal) in literals.enumerated() {
        if let core = solver.assumptionsImplying(literal) {
          if core.isEmpty {
            reasons[index] = Reason(choices: [], rules: [])
          } else {
            cores.append((index, core))
          }
        } else if solver.propagatedValue(of: literal) == nil {
          searched.append(index)
        }
      }
      for index in searched {
        try meter.check()
        if try isSatisfiable(assumptions + [!literals[index]], meter) { continue }
        cores.append((index, lastCore))
      }
      // The items in `explain`'s order (choices, then rules) and its shrinking by cores, so
      // both give the same reasons.
      let items = choices + selectors
      // The repairs start with every rule off (still a model: a rule's clause is
      // `¬selector ∨ holds`), so a check puts in force only the rules it assumes.
      var start = witness
      for selector in selectors where Int(selector.variable.index) < start.count {
        start[Int(selector.variable.index)] = false
      }
      repair.reset(model: start, fixed: [])
      witnesses.removeAll()
      for (index, core) in cores {
        try meter.check()
        let minimal = try minimalConflict(
          fixed: [!literals[index]], items: items, core: core, probing: true, meter)
        reasons[index] = reason(minimal, choices: choices)
      }
    } catch {
      // Out of budget: the reasons found so far stand, the rest stay unexplained.
    }
    return reasons
  }
}
