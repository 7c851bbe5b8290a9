/// The build closest to a wish list (catalog defaults and prices), and greedy completion
/// (UVL defaults).
extension ConfigurationSpace {
  /// The build with the choices that violates the fewest `preferred` literals and, among
  /// those, has the lowest total cost. Exact.
  ///
  /// The violations are minimised by linear search (each model's count, then "fewer than
  /// that" through a sequential counter over the violation literals, until no model), the
  /// cost by branch and bound over the cost literals with the violations held at their
  /// minimum: each node solves under its decisions, bounds by the cost already fixed by
  /// propagation, and branches on the dearest cost literal its model has that is not fixed.
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
    // Literals of variables outside the model mean nothing here: ignored.
    let inModel = { (literal: Literal) in
      (0..<self.model.variableCount).contains(Int(literal.variable.index))
    }
    let preferred = preferred.filter(inModel)
    let costs = costs.filter { inModel($0.key) }
    // Costs as positive weights on literals (a discount on `l` is a surcharge on `¬l` and a
    // constant), sorted dearest first; the sum of all weights must fit so partial sums do.
    var offset: Int64 = 0
    var total: Int64 = 0
    var items: [(literal: Literal, weight: Int64)] = []
    for (literal, cost) in costs.sorted(by: { $0.key < $1.key }) where cost != 0 {
      guard cost != Int64.min else { throw .costOverflow }
      let weight = abs(cost)
      let (sum, overflow) = total.addingReportingOverflow(weight)
      guard !overflow else { throw .costOverflow }
      total = sum
      if cost > 0 {
        items.append((literal, weight))
      } else {
        items.append((!literal, weight))
        offset += cost  // cannot overflow: |offset| ≤ total
      }
    }
    items.sort { $0.weight != $1.weight ? $0.weight > $1.weight : $0.literal < $1.literal }
    let itemLiterals = items.map(\.literal)
    func cost(_ assignment: Assignment) -> Int64 {
      var sum: Int64 = 0
      for item in items where assignment[item.literal] { sum += item.weight }
      return sum
    }
    func violations(_ assignment: Assignment) -> Int {
      preferred.reduce(0) { $0 + (assignment[$1] ? 0 : 1) }
    }

    for literal in itemLiterals { solver.setPreferredPhase(!literal) }
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

    // Lowest cost with that many violations: branch and bound.
    var bestCost = cost(best)
    var stack: [[Literal]] = [[]]
    while let decisions = stack.popLast() {
      guard bestCost > 0 else { break }
      for literal in itemLiterals { solver.setPreferredPhase(!literal) }
      guard try isSatisfiable(base + bound + decisions, meter) else { continue }
      let model = witness
      let modelCost = cost(model)
      if modelCost < bestCost {
        best = model
        bestCost = modelCost
      }
      var fixedCost: Int64 = 0
      var branch: Literal?
      for item in items where model[item.literal] {
        if solver.propagatedValue(of: item.literal) == true {
          fixedCost += item.weight
        } else if branch == nil {
          branch = item.literal
        }
      }
      guard fixedCost < bestCost, let branch else { continue }
      stack.append(decisions + [branch])
      stack.append(decisions + [!branch])
    }
    return ClosestBuild(assignment: best, violations: fewest, cost: offset + bestCost)
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
