/// Findings about a model as a whole.
extension ConfigurationSpace {
  /// Dead values (no build has them), core values (every build has them), redundant rules
  /// (implied by the structure and the other rules) and whether any build exists.
  ///
  /// A rule `r` is redundant when the clauses with every other rule in force and `r`'s
  /// formula false have no model (its selector is left free, so its own clause is inert).
  /// Most rules are not: a local repair of a build that makes `r`'s formula false with every
  /// other selector held on shows it without the solver, which checks only the rest.
  ///
  /// - Parameter budget: The analysis's budget.
  /// - Returns: The findings; with no build at all, a minimal clash of rules and nothing else.
  /// - Throws: ``AnalysisError/budgetExceeded``.
  package func lint(budget: AnalysisBudget = .standard) throws(AnalysisError) -> LintReport {
    let meter = meter(budget)
    guard let (forced, witness) = try backbone(selectors, of: values, meter) else {
      _ = try isSatisfiable(selectors, meter)
      let items = try minimalConflict(fixed: [], items: selectors, meter)
      return LintReport(
        hasSolution: false, conflict: reason(items, choices: []), dead: [], core: [],
        redundantRules: [])
    }
    // Local repairs first; the rules they cannot settle go to the solver.
    var unsettled: [Int] = []
    repair.reset(model: witness.values, fixed: selectors)
    for (index, rule) in model.rules.enumerated() {
      try meter.check()
      repair.unlock(rule.selector)
      let flipped = repair.makeTrue(!rule.holds, limit: lintRepairLimit)
      repair.lock(rule.selector)
      if let flipped { repair.revert(flipped) } else { unsettled.append(index) }
    }
    var isRedundant = [Bool](repeating: false, count: model.rules.count)
    try checkRedundancy(
      unsettled[...], prefix: outsideSelectors(unsettled[...]), into: &isRedundant, meter)
    let redundant = model.rules.indices.filter { isRedundant[$0] }.map { model.rules[$0] }
    return LintReport(
      hasSolution: true, conflict: nil,
      dead: values.filter { forced[$0] == false },
      core: values.filter { forced[$0] == true },
      redundantRules: redundant)
  }

  /// Checks each rule of `rules` for redundancy by the solver; `prefix` holds the selector
  /// of every other rule. The assumptions are ordered so
  /// that consecutive calls share long prefixes (the selectors of the rules outside the
  /// current half come first, recursively), so the solver re-decides O(n log n) assumptions
  /// in all rather than O(n²). Recursion depth is log₂ of the rule count.
  private func checkRedundancy(
    _ rules: ArraySlice<Int>, prefix: [Literal], into isRedundant: inout [Bool],
    _ meter: BudgetMeter
  ) throws(AnalysisError) {
    if rules.count == 1, let index = rules.first {
      let assumptions = prefix + [!model.rules[index].holds]
      isRedundant[index] = try !isSatisfiable(assumptions, meter)
      return
    }
    guard rules.count > 1 else { return }
    let middle = rules.startIndex + rules.count / 2
    let first = rules[..<middle]
    let second = rules[middle...]
    try checkRedundancy(
      first, prefix: prefix + second.map { model.rules[$0].selector.positive }, into: &isRedundant,
      meter)
    try checkRedundancy(
      second, prefix: prefix + first.map { model.rules[$0].selector.positive }, into: &isRedundant,
      meter)
  }

  /// The selectors of every rule not in `rules`.
  private func outsideSelectors(_ rules: ArraySlice<Int>) -> [Literal] {
    var inside = [Bool](repeating: false, count: model.rules.count)
    for index in rules { inside[index] = true }
    return model.rules.indices.filter { !inside[$0] }.map { model.rules[$0].selector.positive }
  }
}
