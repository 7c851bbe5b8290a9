/// The analyses of SPEC §7/§8 over one ``ConstraintModel``: consistency with minimal
/// conflicts, complete propagation (the backbone), explanations, corrections, lint, the
/// closest build and greedy completion.
///
/// Built once per model; it owns one incremental ``Solver`` holding every clause. Rules are
/// switched on by assuming their selectors, so explanations can leave any of them out. Each
/// analysis runs within an ``AnalysisBudget`` and throws ``AnalysisError/budgetExceeded`` past
/// it rather than hang.
///
/// Not thread-safe: one space serves one caller at a time (it is a reference type holding
/// mutable solver state, and deliberately not `Sendable`).
package final class ConfigurationSpace {
  /// The model analysed.
  package let model: ConstraintModel
  /// The solver with all of the model's clauses.
  var solver: Solver
  /// The assumptions that put every rule in force, in the model's rule order.
  let selectors: [Literal]
  /// One literal that implies every selector: assumed instead of them wherever no core is
  /// asked for, so those calls carry one assumption rather than one per rule. `nil` only if
  /// the solver could not make one more variable.
  let everyRule: Literal?
  /// The rule each selector variable stands for.
  let ruleOfSelector: [Variable: Int]
  /// The rule of each variable that is a selector, or -1 (the same map, for hot loops).
  let ruleOfVariable: [Int32]
  /// The values (non-auxiliary variables), in order.
  package let values: [Variable]
  /// Whether checks search near a reference model (the fast path; off, every check is an
  /// ordinary search, which the tests compare it with).
  var searchesNearReference = true
  /// Models met while explaining, which answer later satisfiable checks without the solver.
  var witnesses: WitnessPool
  /// What the reason searches did so far, for measurements and tests.
  package internal(set) var reasonStatistics = ReasonStatistics()
  /// A cached counter over violation literals for `closest` (its inputs and outputs).
  var counterCache: (inputs: [Literal], atLeast: [Literal])?

  /// Loads a model into a fresh solver.
  ///
  /// - Parameter model: The model.
  package init(_ model: ConstraintModel) {
    self.model = model
    var solver = Self.solver(for: model)
    selectors = model.rules.map(\.selector.positive)
    var ruleOfSelector: [Variable: Int] = [:]
    for (index, rule) in model.rules.enumerated() { ruleOfSelector[rule.selector] = index }
    // Encoding auxiliaries are defined by the values: decide the values, let propagation set
    // the rest (selectors are not defined, so they stay ordinary decisions).
    for index in 0..<model.variableCount
    where model.isAuxiliary[index] && ruleOfSelector[Variable(index)] == nil {
      solver.deferDecisions(on: Variable(index))
    }
    // A rule not assumed is off: its selector is decided last, false, so a check that
    // assumes a few rules costs the propagation of those few (explanations, conflicts).
    for rule in model.rules {
      solver.deferDecisions(on: rule.selector)
      solver.setPolarity(rule.selector, false)
    }
    var everyRule: Literal?
    if let variable = solver.newVariable() {
      for selector in selectors { solver.addClause([variable.negative, selector]) }
      solver.deferDecisions(on: variable)
      solver.setPolarity(variable, false)
      everyRule = variable.positive
    }
    self.everyRule = everyRule
    self.solver = solver
    self.ruleOfSelector = ruleOfSelector
    var ruleOfVariable = [Int32](repeating: -1, count: model.variableCount)
    for (index, rule) in model.rules.enumerated() {
      ruleOfVariable[Int(rule.selector.index)] = Int32(truncatingIfNeeded: index)
    }
    self.ruleOfVariable = ruleOfVariable
    witnesses = WitnessPool(
      capacity: 64, rules: model.rules.map(\.holds), variableCount: model.variableCount)
    values = (0..<model.variableCount).filter { !model.isAuxiliary[$0] }.map { Variable($0) }
  }

  /// A solver holding the model: every clause, but an adder network the solver can propagate
  /// as its sums is left out (the counter keeps it): its auxiliaries go free, its root stays
  /// defined by the sums (`Solver+Linear.swift`).
  ///
  /// - Parameter model: The model.
  /// - Returns: The solver.
  package static func solver(for model: ConstraintModel) -> Solver {
    var solver = Solver(variableCount: model.variableCount)
    var skipped = [Bool](repeating: false, count: model.clauses.count)
    if !model.hierarchy.groups.isEmpty {
      solver.setHierarchy(
        parents: model.hierarchy.parents,
        groups: model.hierarchy.groups.map { ($0.parent, $0.members, $0.minimum) })
    }
    for sum in model.nativeSums where sum.solverPropagates {
      guard sum.clauses.upperBound <= skipped.count,
        sum.constraints.allSatisfy({ solver.addAtMost($0.terms, bound: $0.bound) })
      else { continue }
      for index in sum.clauses { skipped[index] = true }
    }
    for (index, clause) in model.clauses.enumerated() where !skipped[index] {
      solver.addClause(clause)
    }
    return solver
  }

  /// Solver work done so far, for measurements.
  package var statistics: SolverStatistics { solver.statistics }

  /// The assumptions that put every rule in force, when no core is needed: ``everyRule``.
  var ruleAssumptions: [Literal] { everyRule.map { [$0] } ?? selectors }

  /// Solves under assumptions within the running analysis's budget.
  ///
  /// - Parameters:
  ///   - assumptions: The literals that must hold.
  ///   - meter: The running analysis's budget.
  ///   - completingReference: Whether to search near the solver's reference model (the
  ///     same answer; a model that differs from the reference only where it must).
  /// - Returns: Whether a model exists; on false, `core` holds the solver's core.
  /// - Throws: ``AnalysisError/budgetExceeded`` past the budget.
  func isSatisfiable(
    _ assumptions: [Literal], _ meter: BudgetMeter, completingReference: Bool = false
  ) throws(AnalysisError) -> Bool {
    let budget = try solverBudget(meter)
    return try answer(
      solver.solve(
        assumptions: assumptions, budget: budget, completingReference: completingReference))
  }

  /// Solves under assumptions near the last model or reference when there is one (an
  /// analysis just ran), else as usual: the same answer, but an ordinary search can be a hard
  /// one against a bound on a total, and phases left by an earlier analysis (a backbone
  /// prefers the opposite of a build) can send it far off.
  ///
  /// - Parameters:
  ///   - assumptions: The literals that must hold.
  ///   - meter: The running analysis's budget.
  /// - Returns: Whether a model exists; on false, `core` holds the solver's core.
  /// - Throws: ``AnalysisError/budgetExceeded`` past the budget.
  func isSatisfiableNearLastModel(_ assumptions: [Literal], _ meter: BudgetMeter)
    throws(AnalysisError) -> Bool
  {
    let warm =
      searchesNearReference && (solver.setReferenceToModel() || solver.reuseReference())
    return try isSatisfiable(assumptions, meter, completingReference: warm)
  }

  /// Solves under assumptions with at most `conflicts` conflicts, for searches that only save
  /// work (a heuristic's): past them the answer is `nil` rather than an error.
  ///
  /// - Parameters:
  ///   - assumptions: The literals that must hold.
  ///   - meter: The running analysis's budget.
  ///   - conflicts: The most conflicts this search may meet.
  /// - Returns: Whether a model exists, or `nil` when the search gave up within the budget.
  /// - Throws: ``AnalysisError/budgetExceeded`` past the analysis's own budget.
  func isSatisfiable(_ assumptions: [Literal], _ meter: BudgetMeter, conflicts: Int)
    throws(AnalysisError) -> Bool?
  {
    var budget = try solverBudget(meter)
    let ownLimitFirst = (budget.conflicts ?? Int.max) > conflicts
    budget.conflicts = min(budget.conflicts ?? Int.max, conflicts)
    let result = solver.solve(assumptions: assumptions, budget: budget)
    if case .unknown = result, ownLimitFirst {
      try meter.check()
      return nil
    }
    return try answer(result)
  }

  /// Solves under the solver's assumption stack (``assume(_:)``, `Solver.popAssumptions`)
  /// within the running analysis's budget: loops that keep a long prefix of assumptions pay
  /// for the tail only.
  ///
  /// - Parameters:
  ///   - meter: The running analysis's budget.
  ///   - completingReference: Whether to search near the solver's reference model.
  /// - Returns: Whether a model exists; on false, `core` holds the solver's core.
  /// - Throws: ``AnalysisError/budgetExceeded`` past the budget.
  func isSatisfiableUnderAssumptions(_ meter: BudgetMeter, completingReference: Bool = false)
    throws(AnalysisError) -> Bool
  {
    let budget = try solverBudget(meter)
    return try answer(
      solver.solveUnderAssumptions(budget: budget, completingReference: completingReference))
  }

  /// ``isSatisfiableUnderAssumptions(_:completingReference:)`` within at most `conflicts`
  /// conflicts of its own when `conflicts` is given.
  ///
  /// - Returns: Whether a model exists, or `nil` when the search reached `conflicts` first.
  /// - Throws: ``AnalysisError/budgetExceeded`` past the analysis's own budget.
  func isSatisfiableUnderAssumptions(
    _ meter: BudgetMeter, completingReference: Bool, conflicts: Int?
  ) throws(AnalysisError) -> Bool? {
    guard let conflicts else {
      return try isSatisfiableUnderAssumptions(meter, completingReference: completingReference)
    }
    var budget = try solverBudget(meter)
    let ownLimitFirst = (budget.conflicts ?? Int.max) > conflicts
    budget.conflicts = min(budget.conflicts ?? Int.max, conflicts)
    let result = solver.solveUnderAssumptions(
      budget: budget, completingReference: completingReference)
    if case .unknown = result, ownLimitFirst {
      try meter.check()
      return nil
    }
    return try answer(result)
  }

  /// Pushes an assumption on the solver's stack.
  ///
  /// - Throws: ``AnalysisError/budgetExceeded`` for a variable past the solver's limit.
  func assume(_ literal: Literal) throws(AnalysisError) {
    guard solver.pushAssumption(literal) else { throw .budgetExceeded }
  }

  /// The solver budget of one call, from what is left of the analysis's.
  private func solverBudget(_ meter: BudgetMeter) throws(AnalysisError) -> SolverBudget {
    try meter.check()
    var budget = SolverBudget(deadline: meter.deadline, cancellation: meter.cancellation)
    if let ceiling = meter.conflictCeiling {
      let remaining = ceiling - solver.statistics.conflicts
      guard remaining > 0 else { throw .budgetExceeded }
      budget.conflicts = remaining
    }
    return budget
  }

  /// A solver answer as a satisfiability, keeping the core of a refutation.
  private func answer(_ result: SolveResult) throws(AnalysisError) -> Bool {
    switch result {
    case .satisfiable: return true
    case .unsatisfiable(let core):
      lastCore = core
      return false
    case .unknown: throw .budgetExceeded
    }
  }

  /// The core of the last unsatisfiable call of ``isSatisfiable(_:_:)``.
  var lastCore: [Literal] = []

  /// A meter for an analysis starting now.
  func meter(_ budget: AnalysisBudget) -> BudgetMeter {
    BudgetMeter(budget, conflictsSoFar: solver.statistics.conflicts)
  }

  /// The model of the last satisfiable call, cut to the model's own variables.
  var witness: Assignment {
    Assignment(Array(solver.modelValues.prefix(model.variableCount)))
  }

  /// The reason made of some choices and selectors, split and ordered.
  func reason(_ items: [Literal], choices: [Literal]) -> Reason {
    let kept = Set(items)
    let rules = Set(items.compactMap { ruleOfSelector[$0.variable] })
    return Reason(
      choices: choices.filter { kept.contains($0) },
      rules: rules.sorted().map { model.rules[$0] })
  }
}
