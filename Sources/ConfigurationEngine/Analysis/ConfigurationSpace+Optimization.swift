/// The build closest to a wish list (catalog defaults and prices), and greedy completion
/// (UVL defaults).
extension ConfigurationSpace {
  /// The build with the choices that violates the fewest `preferred` literals and, among
  /// those, has the lowest total cost. Exact.
  ///
  /// The violations are minimised by linear search (each model's count, then "fewer than
  /// that" through a sequential counter over the violation literals, until no model), the
  /// cost by the linear search of `minimise` with the violations held at their minimum.
  ///
  /// - Parameters:
  ///   - choices: The user's choices.
  ///   - preferred: The literals wished for (defaults); those of variables outside the model
  ///     are ignored.
  ///   - costs: The cost in cents of each literal when true; negative costs are discounts.
  ///     Literals of variables outside the model are ignored.
  ///   - budget: The analysis's budget.
  /// - Returns: The closest build, or `nil` when the choices are inconsistent.
  /// - Throws: ``AnalysisError/budgetExceeded``, or ``AnalysisError/costOverflow`` when the
  ///   costs' magnitudes add up past `Int64.max`.
  package func closest(
    choices: [Literal], preferred: [Literal], costs: [Literal: Int64],
    budget: AnalysisBudget = .standard
  ) throws(AnalysisError) -> ClosestBuild? {
    let meter = meter(budget)
    let preferred = preferred.filter(inModel)
    let objective = try LinearObjective(costs.filter { inModel($0.key) })
    let items = objective.items
    func violations(_ assignment: Assignment) -> Int {
      preferred.reduce(0) { $0 + (assignment[$1] ? 0 : 1) }
    }

    for item in items { solver.setPreferredPhase(!item.literal) }
    for literal in preferred { solver.setPreferredPhase(literal) }
    let base = ruleAssumptions + choices
    guard try isSatisfiable(base, meter) else { return nil }
    var best = witness

    // Fewest violations: linear search down from the first model's count, then held there.
    var fewest = violations(best)
    var bound: [Literal] = []
    if !preferred.isEmpty {
      let atLeast = atLeastCounter(preferred.map { !$0 }, upTo: fewest + 1)
      while fewest > 0, fewest <= atLeast.count,
        try isSatisfiable(base + [!atLeast[fewest - 1]], meter)
      {
        best = witness
        fewest = violations(best)
      }
      if fewest < atLeast.count { bound = [!atLeast[fewest]] }
    }

    // Lowest cost with that many violations.
    let found = try minimise(
      items, under: base + bound, incumbent: (best, objective.weight(of: best)), meter: meter)
    let assignment = found?.assignment ?? best
    return ClosestBuild(
      assignment: assignment, violations: fewest, cost: objective.value(of: assignment))
  }

  /// The build with the choices that minimises (or maximises) a linear objective and, among
  /// those, violates the fewest `preferred` literals: the reverse priority of
  /// ``closest(choices:preferred:costs:budget:)``. Exact.
  ///
  /// The objective first (``withOptimum(choices:objective:maximising:budget:_:)``), then the
  /// fewest violations among the builds that reach it, from the first build found.
  ///
  /// - Parameters:
  ///   - choices: The user's choices.
  ///   - preferred: The literals wished for (defaults), for ties; outside the model ignored.
  ///   - objective: Each literal's weight when true (negative allowed); outside the model
  ///     ignored.
  ///   - maximising: Whether the highest total is sought instead of the lowest.
  ///   - budget: The analysis's budget.
  /// - Returns: The optimal build (its `cost` the objective's total), or `nil` when the
  ///   choices are inconsistent.
  /// - Throws: ``AnalysisError/budgetExceeded``, or ``AnalysisError/costOverflow`` when the
  ///   weights' magnitudes add up past ``LinearObjective/limit``.
  package func optimum(
    choices: [Literal], preferred: [Literal], objective: [Literal: Int64], maximising: Bool,
    budget: AnalysisBudget = .standard
  ) throws(AnalysisError) -> ClosestBuild? {
    let meter = meter(budget)
    let preferred = preferred.filter(inModel)
    let given = try LinearObjective(objective.filter { inModel($0.key) })
    var wishes: [Literal: Int64] = [:]
    // A literal wished for twice counts twice, as a violation of each wish.
    for literal in preferred { wishes[!literal, default: 0] += 1 }
    let violations = try LinearObjective(wishes)
    for literal in preferred { solver.setPreferredPhase(literal) }
    let found = try withOptimum(
      choices: choices, objective: objective, maximising: maximising, budget: budget
    ) { (optimal, held) throws(AnalysisError) in
      try minimise(
        violations.items, under: ruleAssumptions + choices + held,
        incumbent: (optimal, violations.weight(of: optimal)), meter: meter)?.assignment
        ?? optimal
    }
    guard let assignment = found else { return nil }
    return ClosestBuild(
      assignment: assignment,
      violations: preferred.reduce(0) { $0 + (assignment[$1] ? 0 : 1) },
      cost: given.value(of: assignment))
  }

  /// Finds the lowest (or highest) total of a linear objective over the builds with the
  /// choices, then asks `body` among the builds that reach it: the objective is held at its
  /// optimum by a bound in the solver while `body` runs, switched on by the literals `body`
  /// is given, which its searches assume beside the choices (none when every build is
  /// optimal). Lexicographic optimisation: one objective that held both the total and a tie
  /// rule (each weight scaled past the whole tie rule) would make the search from above
  /// crawl, each better build often better by one unit of the tie rule only.
  ///
  /// - Parameters:
  ///   - choices: The user's choices.
  ///   - objective: Each literal's weight when true (negative allowed); outside the model
  ///     ignored.
  ///   - maximising: Whether the highest total is sought instead of the lowest.
  ///   - budget: The budget of the search for the optimum (`body` keeps its own).
  ///   - body: Given an optimal build and the literals that hold the optimum.
  /// - Returns: What `body` returns, or `nil` when the choices are inconsistent.
  /// - Throws: ``AnalysisError/budgetExceeded``, ``AnalysisError/costOverflow`` when the
  ///   weights' magnitudes add up past ``LinearObjective/limit``, or what `body` throws.
  package func withOptimum<Result>(
    choices: [Literal], objective: [Literal: Int64], maximising: Bool,
    budget: AnalysisBudget = .standard,
    _ body: (Assignment, [Literal]) throws(AnalysisError) -> Result
  ) throws(AnalysisError) -> Result? {
    var signed: [Literal: Int64] = [:]
    for (literal, weight) in objective where inModel(literal) {
      guard weight != Int64.min else { throw .costOverflow }
      signed[literal] = maximising ? -weight : weight
    }
    let goal = try LinearObjective(signed)
    guard
      let best = try minimise(
        goal.items, under: ruleAssumptions + choices, incumbent: nil, meter: meter(budget))
    else { return nil }
    return try withBound(goal.items, at: best.weight) { (held) throws(AnalysisError) in
      try body(best.assignment, held)
    }
  }

  /// Runs `body` with the items' total held at most `weight` by a bound in the solver,
  /// switched on by the literals `body` is given (none when the bound would cut nothing).
  private func withBound<Result>(
    _ items: [(literal: Literal, weight: Int64)], at weight: Int64,
    _ body: ([Literal]) throws(AnalysisError) -> Result
  ) throws(AnalysisError) -> Result {
    guard weight < items.reduce(0, { $0 + $1.weight }) else { return try body([]) }
    guard
      let held = solver.addObjectiveBound(
        items.map { LinearSum.Term($0.literal, $0.weight) }, bound: weight)
    else { throw .budgetExceeded }
    defer { solver.removeObjectiveBound(held) }
    return try body([held.guardLiteral])
  }

  /// For each literal, the lowest total cost of a build with the choices and that literal
  /// (`nil` when no build has it, or when the budget ran out before it was found): the
  /// `FROM` of `options`.
  ///
  /// One model serves many literals: the cheapest build overall answers every literal it
  /// holds at once; then, with the total held at that minimum, one check each finds the
  /// literals some cheapest build holds (each model found answering all it holds); the rest
  /// cost more, and each has its own search, which starts from the bound the models met on
  /// the way gave it and stops one above the minimum.
  ///
  /// - Parameters:
  ///   - literals: The literals asked about.
  ///   - choices: The user's choices.
  ///   - costs: The cost of each literal when true, as for `closest`.
  ///   - budget: The analysis's budget; literals left when it runs out are `nil`.
  /// - Returns: The costs, parallel to `literals`, or `nil` when the choices are inconsistent.
  /// - Throws: ``AnalysisError/budgetExceeded`` when even the overall minimum was not found,
  ///   or ``AnalysisError/costOverflow``.
  package func lowestCosts(
    of literals: [Literal], choices: [Literal], costs: [Literal: Int64],
    budget: AnalysisBudget = .standard
  ) throws(AnalysisError) -> [Int64?]? {
    let meter = meter(budget)
    let objective = try LinearObjective(costs.filter { inModel($0.key) })
    let base = ruleAssumptions + choices
    var bounds: [Literal: (weight: Int64, exact: Bool)] = [:]
    for literal in literals where inModel(literal) { bounds[literal] = (Int64.max, false) }
    func record(_ model: Assignment, _ weight: Int64) {
      for (literal, bound) in bounds where !bound.exact && weight < bound.weight && model[literal] {
        bounds[literal] = (weight, false)
      }
    }
    for item in objective.items { solver.setPreferredPhase(!item.literal) }
    guard
      let overall = try minimise(
        objective.items, under: base, incumbent: nil, meter: meter, seen: record)
    else { return nil }
    for (literal, bound) in bounds where bound.weight == overall.weight {
      bounds[literal] = (bound.weight, true)
    }
    do {
      // The literals some cheapest build holds: with the minimum held, one check each at
      // most, every model answering all it holds (the backbone's filtering, turned round).
      try withBound(objective.items, at: overall.weight) { (held) throws(AnalysisError) in
        var open = literals.filter { bounds[$0]?.exact == false }
        for literal in open { solver.setPreferredPhase(literal) }
        // With the minimum held, propagation alone rules many literals out (a priced value,
        // and what needs one): no check for them.
        // Every model under the held minimum is a cheapest build: it answers all it holds.
        func answer(_ model: Assignment) {
          for (other, bound) in bounds where !bound.exact && model[other] {
            bounds[other] = (overall.weight, true)
          }
        }
        // The cheapest build is a model under it. Were there none, the searches below could
        // not stop one above the minimum: the rest is left unknown rather than risked.
        guard try isSatisfiableNearLastModel(base + held, meter) else { throw .budgetExceeded }
        open.removeAll { solver.propagatedValue(of: $0) == false }
        answer(witness)
        for literal in open where bounds[literal]?.exact == false {
          guard try isSatisfiableNearLastModel(base + held + [literal], meter) else { continue }
          answer(witness)
        }
      }
      // The rest cost more than the minimum: each its own search, from the bound the models
      // met gave it, down to one more than the minimum.
      for literal in literals where bounds[literal]?.exact == false {
        let bound = bounds[literal]?.weight ?? Int64.max
        let found = try minimise(
          objective.items, under: base + [literal], incumbent: nil, meter: meter,
          lowest: overall.weight + 1, bound: bound, seen: record)
        let weight = found.map { min($0.weight, bound) } ?? bound
        bounds[literal] = weight == Int64.max ? nil : (weight, true)
      }
    } catch .budgetExceeded {
      // What was found stands; the rest is unknown.
    }
    return literals.map { literal in
      guard let bound = bounds[literal], bound.exact else { return nil }
      return objective.offset + bound.weight
    }
  }

  /// Whether a literal's variable is the model's (others mean nothing here and are ignored).
  private func inModel(_ literal: Literal) -> Bool {
    (0..<model.variableCount).contains(Int(literal.variable.index))
  }

  /// The search behind every optimisation here: the lowest total weight of a model under
  /// `assumptions`, by linear search from above (MiniSat+'s and Sat4j's): each model found
  /// lowers a bound on the total in the solver (``Solver/addObjectiveBound(_:bound:)``,
  /// propagated natively), until no model is left below it, or the model found weighs what
  /// propagation alone fixes. What the solver learns under one bound serves the next, and
  /// each search starts near the last model (solution-guided), so the next model is a small
  /// change of the best so far.
  ///
  /// - Parameters:
  ///   - items: Positive weights on literals of distinct variables, heaviest first.
  ///   - assumptions: What every model must hold.
  ///   - incumbent: A model known and its weight, to beat.
  ///   - meter: The analysis's budget.
  ///   - lowest: A weight no model goes below: the search stops on reaching it.
  ///   - bound: Only models lighter than this are sought (an upper bound known elsewhere).
  ///   - seen: Told of every model found, with its weight.
  /// - Returns: The lightest model found and its weight; `nil` when there is none (or none
  ///   lighter than `bound`) and no incumbent.
  /// - Throws: ``AnalysisError/budgetExceeded``.
  private func minimise(
    _ items: [(literal: Literal, weight: Int64)], under assumptions: [Literal],
    incumbent: (assignment: Assignment, weight: Int64)?, meter: BudgetMeter,
    lowest: Int64 = 0, bound: Int64 = Int64.max,
    seen: (Assignment, Int64) -> Void = { _, _ in }
  ) throws(AnalysisError) -> (assignment: Assignment, weight: Int64)? {
    var best = incumbent
    var bestWeight = incumbent.map { min($0.weight, bound) } ?? bound
    // Items are within `LinearObjective.limit`: the total fits.
    let total = items.reduce(Int64(0)) { $0 + $1.weight }
    var objective: Solver.ObjectiveBound?
    defer { if let objective { solver.removeObjectiveBound(objective) } }
    for item in items { solver.setPreferredPhase(!item.literal) }
    // The first model is sought without a bound (adding one has a cost, and the first model
    // often weighs what propagation fixes: then it is the answer).
    var bounded = false
    while bestWeight > lowest {
      var guarded = assumptions
      // A bound at or past the total cuts nothing.
      if bounded, bestWeight <= total {
        if let objective {
          guard solver.lowerObjectiveBound(objective, to: bestWeight - 1) else { break }
        } else {
          objective = solver.addObjectiveBound(
            items.map { LinearSum.Term($0.literal, $0.weight) }, bound: bestWeight - 1)
          // Only an exhausted solver refuses a bound within the limit.
          guard objective != nil else { throw .budgetExceeded }
        }
        if let objective { guarded.append(objective.guardLiteral) }
      }
      guard try isSatisfiableNearLastModel(guarded, meter) else { break }
      let model = witness
      var modelWeight: Int64 = 0
      for item in items where model[item.literal] { modelWeight += item.weight }
      seen(model, modelWeight)
      // What propagation fixes under the assumptions (and the bound) every model there
      // weighs at least: at that weight a model is the lightest, with no search below it.
      var fixed: Int64 = 0
      for item in items where solver.propagatedValue(of: item.literal) == true {
        fixed += item.weight
      }
      if modelWeight < bestWeight {
        best = (model, modelWeight)
        bestWeight = modelWeight
      }
      // Under the bound every model is lighter than the best; the first, unbounded, may not
      // be, and then nothing lighter than the best exists if propagation already fixes that.
      if bestWeight <= fixed || (bounded && modelWeight > bestWeight) { break }
      bounded = true
    }
    return best
  }

  /// Literals `atLeast[j − 1]` implied by "at least `j` of `inputs` hold", for `j` up to
  /// `limit` (a sequential counter in one direction: assuming `¬atLeast[j − 1]` allows fewer
  /// than `j`). The clauses only ever force counter variables true, so they never restrict
  /// the model's own variables; the counter is kept for the next call with the same inputs.
  func atLeastCounter(_ inputs: [Literal], upTo limit: Int) -> [Literal] {
    if let cache = counterCache, cache.inputs == inputs,
      cache.atLeast.count >= min(limit, inputs.count)
    {
      return cache.atLeast
    }
    var previous: [Literal] = []
    for input in inputs {
      var current: [Literal] = []
      for j in 0..<min(limit, previous.count + 1) {
        guard let variable = solver.newVariable() else { return previous }
        let output = variable.positive
        // at least j+1 among the prefix: already so before, or this input with j before.
        if j < previous.count { solver.addClause([!previous[j], output]) }
        if j == 0 {
          solver.addClause([!input, output])
        } else {
          solver.addClause([!input, !previous[j - 1], output])
        }
        current.append(output)
      }
      previous = current
    }
    counterCache = (inputs, previous)
    return previous
  }

  /// A build with the choices, completing the rest greedily: each literal of `order` in turn
  /// is taken when some build still has it with everything taken before, and its negation
  /// otherwise (SPEC §8's UVL completion: defaults in file order, propagating after each).
  ///
  /// A literal the current model already has costs no solver call.
  ///
  /// - Parameters:
  ///   - choices: The user's choices.
  ///   - order: The literals wished for, first wish first.
  ///   - budget: The analysis's budget.
  /// - Returns: The completed build, or `nil` when the choices are inconsistent.
  /// - Throws: ``AnalysisError/budgetExceeded``.
  package func greedyCompletion(
    choices: [Literal], order: [Literal], budget: AnalysisBudget = .standard
  ) throws(AnalysisError) -> Assignment? {
    // The wishes are known up front: the solver's phases follow them, so most are met by the
    // first model and cost no further call.
    for literal in order.reversed() { solver.setPreferredPhase(literal) }
    return try greedyCompletion(choices: choices, count: order.count, budget: budget) { step, _ in
      order[step]
    }
  }
}
