/// Counts the valid builds of a ``ConstraintModel`` exactly, within a budget.
///
/// An exact #SAT counter in the manner of sharpSAT: depth-first search over the variables with
/// unit propagation (watched literals), splitting the remaining clauses into independent
/// components whose counts multiply, and caching each component's count so that a sub-problem
/// met again on another branch is not counted twice. It counts every variable of the model;
/// the model's auxiliary variables are all defined by its values (see ``ConstraintModel``), so
/// with the rules in force that is the number of valid builds.
///
/// The search keeps its own stack (no recursion), and stops with
/// ``ModelCount/unknown(_:)`` when the ``CountBudget`` runs out.
package struct ModelCounter: Sendable {
  private let formula: CountingFormula
  private let ruleAssumptions: [Literal]
  private let isAuxiliary: [Bool]

  /// Prepares a model for counting; one counter serves any number of counts.
  ///
  /// - Parameter model: The model.
  package init(_ model: ConstraintModel) {
    formula = CountingFormula(model)
    ruleAssumptions = model.ruleAssumptions
    isAuxiliary = model.isAuxiliary
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
    // Fix the assumptions on the whole formula, then count over what is left of it: the
    // clauses satisfied at the root gone and false literals removed, so that many long
    // clauses become binary and the search never looks at the settled part again.
    var root = CountingSearch(
      formula: formula, isAuxiliary: isAuxiliary, budget: budget, deadline: deadline)
    guard root.assume(assumptions.map(\.code)), root.fixFailedLiterals() else {
      return (.exact(.zero), CountStatistics())
    }
    let residual = formula.residual(values: root.values, clauseLiterals: root.clauseLiterals)
    var search = CountingSearch(
      formula: residual, isAuxiliary: isAuxiliary, budget: budget, deadline: deadline,
      values: root.values)
    guard search.assume([]) else { return (.exact(.zero), CountStatistics()) }
    let count = search.run()
    return (count, search.statistics)
  }
}
