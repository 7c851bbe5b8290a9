/// Findings about a model as a whole.
extension ConfigurationSpace {
  /// Dead values (no build has them), core values (every build has them), redundant rules
  /// (implied by the structure and the other rules) and whether any build exists.
  ///
  /// A rule `r` is redundant when the clauses with every other rule in force and `r`'s
  /// formula false have no model (its selector is left free, so its own clause is inert).
  ///
  /// - Parameter budget: The analysis's budget.
  /// - Returns: The findings; with no build at all, a minimal clash of rules and nothing else.
  /// - Throws: ``AnalysisError/budgetExceeded``.
  package func lint(budget: AnalysisBudget = .standard) throws(AnalysisError) -> LintReport {
    let meter = meter(budget)
    guard let (forced, _) = try backbone(selectors, of: values, meter) else {
      _ = try isSatisfiable(selectors, meter)
      let items = try minimalConflict(fixed: [], items: selectors, meter)
      return LintReport(
        hasSolution: false, conflict: reason(items, choices: []), dead: [], core: [],
        redundantRules: [])
    }
    var redundant: [ConstraintModel.Rule] = []
    for (index, rule) in model.rules.enumerated() {
      var assumptions = selectors
      assumptions[index] = !rule.holds
      if try !isSatisfiable(assumptions, meter) { redundant.append(rule) }
    }
    return LintReport(
      hasSolution: true, conflict: nil,
      dead: values.filter { forced[$0] == false },
      core: values.filter { forced[$0] == true },
      redundantRules: redundant)
  }
}
