/// The build closest to a wish list (catalog defaults and prices), and greedy completion
/// (UVL defaults).
extension ConfigurationSpace {
  /// The build with the choices that violates the fewest `preferred` literals and, among
  /// those, has the lowest total cost. Exact.
  ///
  /// The violations are minimised by linear search (each model's count, then "fewer than
  /// that" through a sequential counter over the violation literals, until no model), the
  /// cost by the branch and bound of `minimise` with the violations held at their minimum.
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
    let base = selectors + choices
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
  /// One branch and bound, the same as `closest`'s, over one objective that holds both: each
  /// literal's weight scaled by one more than the number of preferred literals, plus one for
  /// each violation, so a unit of the objective outweighs every violation together.
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
  ///   weights, scaled, add up past `Int64.max`.
  package func optimum(
    choices: [Literal], preferred: [Literal], objective: [Literal: Int64], maximising: Bool,
    budget: AnalysisBudget = .standard
  ) throws(AnalysisError) -> ClosestBuild? {
    let meter = meter(budget)
    let preferred = preferred.filter(inModel)
    let given = try LinearObjective(objective.filter { inModel($0.key) })
    let scale = Int64(preferred.count) + 1
    var combined: [Literal: Int64] = [:]
    for (literal, weight) in objective where inModel(literal) {
      let (signed, o1) =
        maximising ? (0 as Int64).subtractingReportingOverflow(weight) : (weight, false)
      let (scaled, o2) = signed.multipliedReportingOverflow(by: scale)
      guard !o1, !o2 else { throw .costOverflow }
      combined[literal] = scaled
    }
    for literal in preferred {
      let (sum, overflow) = combined[!literal, default: 0].addingReportingOverflow(1)
      guard !overflow else { throw .costOverflow }
      combined[!literal] = sum
    }
    let lexicographic = try LinearObjective(combined)
    for item in lexicographic.items { solver.setPreferredPhase(!item.literal) }
    for literal in preferred { solver.setPreferredPhase(literal) }
    guard
      let found = try minimise(
        lexicographic.items, under: selectors + choices, incumbent: nil, meter: meter)
    else { return nil }
    let violations = preferred.reduce(0) { $0 + (found.assignment[$1] ? 0 : 1) }
    return ClosestBuild(
      assignment: found.assignment, violations: violations,
      cost: given.value(of: found.assignment))
  }

  /// For each literal, the lowest total cost of a build with the choices and that literal
  /// (`nil` when no build has it, or when the budget ran out before it was found): the
  /// `FROM` of `options`.
  ///
  /// One model serves many literals: the cheapest build overall answers every literal it
  /// holds at once, every model met on the way bounds the literals it holds from above, and
  /// each literal's own search starts from that bound and stops at the overall minimum.
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
    let base = selectors + choices
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
      for literal in literals where bounds[literal]?.exact == false {
        let bound = bounds[literal]?.weight ?? Int64.max
        let found = try minimise(
          objective.items, under: base + [literal], incumbent: nil, meter: meter,
          lowest: overall.weight, bound: bound, seen: record)
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

  /// The branch and bound behind every optimisation here: the lowest total weight of a model
  /// under `assumptions`. Each node solves under its decisions, bounds by the weight already
  /// fixed by propagation, and branches on the heaviest item its model has that is not fixed.
  ///
  /// - Parameters:
  ///   - items: Positive weights on literals, heaviest first.
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
    var bestWeight = incumbent?.weight ?? bound
    var stack: [[Literal]] = [[]]
    while let decisions = stack.popLast() {
      guard bestWeight > lowest else { break }
      for item in items { solver.setPreferredPhase(!item.literal) }
      guard try isSatisfiable(assumptions + decisions, meter) else { continue }
      let model = witness
      var modelWeight: Int64 = 0
      for item in items where model[item.literal] { modelWeight += item.weight }
      seen(model, modelWeight)
      if modelWeight < bestWeight {
        best = (model, modelWeight)
        bestWeight = modelWeight
      }
      var fixedWeight: Int64 = 0
      var branch: Literal?
      for item in items where model[item.literal] {
        if solver.propagatedValue(of: item.literal) == true {
          fixedWeight += item.weight
        } else if branch == nil {
          branch = item.literal
        }
      }
      guard fixedWeight < bestWeight, let branch else { continue }
      stack.append(decisions + [branch])
      stack.append(decisions + [!branch])
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
