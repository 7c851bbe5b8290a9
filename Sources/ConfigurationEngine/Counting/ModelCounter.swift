/// Counts the valid builds of a ``ConstraintModel`` exactly, within a budget.
///
/// An exact #SAT counter in the manner of sharpSAT, Ganak and sharpSAT-TD. A count runs in
/// three stages:
/// 1. The assumptions are propagated and the clauses left are simplified
///    (``CountingSimplifier``: equivalent literals, subsumed clauses, variables eliminated by
///    resolution). Failed literals are not probed: on every public model at hand the probes
///    cost more than the search they save (see Docs/Benchmarks.md).
/// 2. A tree decomposition of what remains orders the decisions (``DecompositionOrder``).
/// 3. Depth-first search with unit propagation splits the remaining clauses into independent
///    components whose counts multiply, and caches each component's count so that a
///    sub-problem met again on another branch is not counted twice (``CountingSearch``);
///    root components that are copies of one structure are counted once
///    (``CountingSearch/mergeRootCopies()``).
///
/// The model's linear constraints are counted as sums, not as the clauses that encode them
/// (``CountingFormula/keepingSums(_:)``, ``CountingLinear``): propagated as a solver does, and
/// cached under the room each has left.
///
/// It counts every variable of the model: the model's auxiliary variables are all defined by
/// its values and rule selectors (see ``ConstraintModel``), so with the rules in force that is
/// the number of valid builds. The counter relies on that definition twice: it eliminates
/// auxiliary variables whatever their clauses, and it takes a component with no value or
/// selector left to have one solution or none.
///
/// The search keeps its own stack (no recursion), and stops with
/// ``ModelCount/unknown(_:)`` when the ``CountBudget`` runs out; each stage before it reads
/// the clock as it goes, and the count stops at the first stage to end late.
package struct ModelCounter: Sendable {
  let formula: CountingFormula
  let ruleAssumptions: [Literal]
  /// Per variable, whether it is a value or a rule selector: the variables whose values
  /// determine every encoding helper's.
  let isIndependent: [Bool]
  /// Literal codes fixing the inner auxiliaries of the adder networks the formula keeps as
  /// sums (``CountingFormula/keepingSums(_:)``): in no clause, one value in every solution.
  private let fixedAuxiliaries: [UInt32]

  /// Prepares a model for counting; one counter serves any number of counts.
  ///
  /// - Parameter model: The model.
  package init(_ model: ConstraintModel) {
    (formula, fixedAuxiliaries) = CountingFormula.keepingSums(model)
    ruleAssumptions = model.ruleAssumptions
    var isIndependent = model.isAuxiliary.map { !$0 }
    for rule in model.rules { isIndependent[Int(rule.selector.index)] = true }
    self.isIndependent = isIndependent
  }

  /// The number of valid builds under the user's choices: solutions with every rule in force
  /// and every choice holding.
  ///
  /// - Parameters:
  ///   - choices: Literals the user fixed (chosen values positive, ruled-out values negative).
  ///   - budget: How long and how much memory the count may take.
  /// - Returns: The exact count, or why the count stopped.
  package func countBuilds(choosing choices: [Literal], budget: CountBudget) -> ModelCount {
    count(assuming: ruleAssumptions + choices, budget: budget).count
  }

  /// The number of solutions over all variables in which every assumption holds; rules are
  /// in force only when their selectors are among the assumptions.
  ///
  /// - Parameters:
  ///   - assumptions: Literals fixed true.
  ///   - budget: How long and how much memory the count may take.
  /// - Returns: The exact count (or why the count stopped) and what the search did.
  package func count(assuming assumptions: [Literal], budget: CountBudget) -> (
    count: ModelCount, statistics: CountStatistics
  ) {
    for literal in assumptions {
      precondition(
        literal.variable.index >= 0 && Int(literal.variable.index) < formula.variableCount,
        "an assumption names a variable of another model")
    }
    let deadline = ContinuousClock.now.advanced(by: budget.timeLimit)
    // Each stage ends in time or the count stops at the next stage; the search reads the
    // clock itself.
    var outOfTime: CountInterruption {
      CountInterruption(
        limit: budget.cancellation?.isCancelled == true ? .cancelled : .time(budget.timeLimit),
        statistics: CountStatistics())
    }
    let simplified: SimplifiedFormula
    let codes = assumptions.map(\.code) + fixedAuxiliaries
    switch simplify(assuming: codes, budget: budget, deadline: deadline) {
    case .formula(let formula): simplified = formula
    case .noSolution: return (.exact(.zero), CountStatistics())
    case .outOfTime: return (.unknown(outOfTime), CountStatistics())
    }
    let rank = DecompositionOrder.ranks(of: simplified.formula)
    guard !budget.mustStop(by: deadline) else {
      return (.unknown(outOfTime), CountStatistics())
    }
    var search = CountingSearch(
      formula: simplified.formula, isIndependent: simplified.isIndependent, rank: rank,
      budget: budget, deadline: deadline)
    guard search.assume([]) else { return (.exact(.zero), search.statistics) }
    var count = search.run()
    if case .exact(let value) = count {
      count = .exact(value.shiftedLeft(by: simplified.freeVariables))
    }
    return (count, search.statistics)
  }

  /// What the stages before the search leave.
  enum Preparation {
    /// The formula to search.
    case formula(SimplifiedFormula)
    /// The assumptions contradict the clauses.
    case noSolution
    /// The deadline passed.
    case outOfTime
  }

  /// Fixes the assumptions on the whole formula and simplifies what is left of it: the
  /// clauses satisfied gone, false literals removed, then ``CountingSimplifier``'s steps;
  /// `keepingIndependent` keeps the independent variables as they are (a compilation's).
  func simplify(
    assuming assumptions: [UInt32], budget: CountBudget, deadline: ContinuousClock.Instant,
    keepingIndependent: Bool = false
  ) -> Preparation {
    var isLate: Bool { budget.mustStop(by: deadline) }
    var root = CountingSearch(
      formula: formula, isIndependent: isIndependent, budget: budget, deadline: deadline)
    guard root.assume(assumptions) else { return .noSolution }
    var simplifier = CountingSimplifier(
      variableCount: formula.variableCount, values: root.values,
      clauses: formula.residualClauses(values: root.values, clauseLiterals: root.clauseLiterals),
      isIndependent: isIndependent, deadline: deadline, cancellation: budget.cancellation)
    if isLate { return .outOfTime }
    // The sums' variables stay as they are: the constraints speak of them. So do the values
    // while compiling: the circuit speaks of them.
    for literal in formula.linear.literals { simplifier.isFrozen[Int(literal >> 1)] = true }
    if keepingIndependent {
      for variable in isIndependent.indices where isIndependent[variable] {
        simplifier.isFrozen[variable] = true
      }
    }
    simplifier.simplify()
    if isLate { return .outOfTime }
    return .formula(simplifier.makeFormula(linear: formula.linear))
  }
}
