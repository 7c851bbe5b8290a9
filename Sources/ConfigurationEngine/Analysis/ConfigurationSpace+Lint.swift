/// Findings about a model as a whole.
extension ConfigurationSpace {
  /// Dead values (no build has them), core values (every build has them), redundant rules
  /// (implied by the structure and the other rules) and whether any build exists.
  ///
  /// A rule `r` is redundant when the clauses with every other rule in force and `r`'s
  /// formula false have no model (its selector is left free, so its own clause is inert).
  /// Each check searches near a build with every rule (for a rule that can break, a local
  /// change), and the selectors of the other rules stay on the solver's assumption stack in
  /// an order whose prefixes consecutive checks share, so the checks together decide
  /// O(n log n) assumption levels rather than O(n²).
  ///
  /// - Parameter budget: The analysis's budget.
  /// - Returns: The findings; with no build at all, a minimal clash of rules and nothing else.
  /// - Throws: ``AnalysisError/budgetExceeded``.
  package func lint(budget: AnalysisBudget = .standard) throws(AnalysisError) -> LintReport {
    let meter = meter(budget)
    guard let (forced, _, _) = try backbone(ruleAssumptions, of: values, meter) else {
      _ = try isSatisfiable(selectors, meter)
      let items = try minimalConflict(fixed: [], items: selectors, meter)
      return LintReport(
        hasSolution: false, conflict: reason(items, choices: []), dead: [], core: [],
        redundantRules: [])
    }
    guard try isSatisfiable(ruleAssumptions, meter) else { throw .budgetExceeded }
    let nearReference = searchesNearReference && solver.setReferenceToModel()
    defer { solver.clearReference() }
    solver.popAssumptions(to: 0)
    var isRedundant = [Bool](repeating: false, count: model.rules.count)
    try checkRedundancy(
      model.rules.indices, into: &isRedundant, nearReference: nearReference, meter)
    solver.popAssumptions(to: 0)
    let redundant = model.rules.indices.filter { isRedundant[$0] }.map { model.rules[$0] }
    return LintReport(
      hasSolution: true, conflict: nil,
      dead: values.filter { forced[$0] == false },
      core: values.filter { forced[$0] == true },
      redundantRules: redundant)
  }

  /// Checks each rule of `rules` for redundancy, the selector of every rule outside them
  /// being on the assumption stack: each half is checked with the other half's selectors
  /// pushed, recursively (depth log₂ of the rule count), so consecutive checks share all but
  /// the last levels.
  private func checkRedundancy(
    _ rules: Range<Int>, into isRedundant: inout [Bool], nearReference: Bool,
    _ meter: BudgetMeter
  ) throws(AnalysisError) {
    let depth = solver.assumptionCount
    defer { solver.popAssumptions(to: depth) }
    if rules.count == 1 {
      let index = rules.lowerBound
      try assume(!model.rules[index].holds)
      isRedundant[index] = try !isSatisfiableUnderAssumptions(
        meter, completingReference: nearReference)
      return
    }
    guard rules.count > 1 else { return }
    let middle = rules.lowerBound + rules.count / 2
    let halves = [rules.lowerBound..<middle, middle..<rules.upperBound]
    for (checked, other) in [(halves[0], halves[1]), (halves[1], halves[0])] {
      solver.popAssumptions(to: depth)
      for index in other { try assume(model.rules[index].selector.positive) }
      try checkRedundancy(checked, into: &isRedundant, nearReference: nearReference, meter)
    }
  }
}
