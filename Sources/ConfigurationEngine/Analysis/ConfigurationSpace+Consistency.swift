/// Consistency of choices, and minimal conflicts by QuickXplain.
extension ConfigurationSpace {
  /// Whether the choices fit together under every rule.
  ///
  /// - Parameters:
  ///   - choices: The user's choices, as literals that must hold.
  ///   - budget: The analysis's budget.
  /// - Returns: A build with the choices, or a minimal set of choices and rules that conflict
  ///   (removing any one of them removes the conflict).
  /// - Throws: ``AnalysisError/budgetExceeded``.
  package func consistency(choices: [Literal], budget: AnalysisBudget = .standard)
    throws(AnalysisError) -> Consistency
  {
    let meter = meter(budget)
    if try isSatisfiable(selectors + choices, meter) { return .consistent(witness) }
    let items = try minimalConflict(fixed: [], items: choices + selectors, meter)
    return .inconsistent(reason(items, choices: choices))
  }

  /// A minimal subset of `items` that, with `fixed` and the clauses, is unsatisfiable; the
  /// caller knows `fixed + items` is. Shrinks by the solver's cores first, then QuickXplain.
  ///
  /// - Parameters:
  ///   - fixed: Assumptions always kept (not part of the answer).
  ///   - items: The candidates, most preferred to keep first.
  ///   - core: A known unsatisfiable core over `fixed + items`; `nil` for the core of the last
  ///     solver call (which the caller made over `fixed + items`).
  ///   - meter: The running analysis's budget.
  /// - Returns: The minimal subset, in the order of `items`.
  /// - Throws: ``AnalysisError/budgetExceeded``.
  func minimalConflict(
    fixed: [Literal], items: [Literal], core: [Literal]? = nil, _ meter: BudgetMeter
  ) throws(AnalysisError) -> [Literal] {
    var current = items
    var core = core ?? lastCore
    // fixed + items is unsatisfiable with this core; refine by cores while they shrink.
    for _ in 0..<8 {
      let inCore = Set(core)
      let reduced = current.filter { inCore.contains($0) }
      if reduced.count == current.count { break }
      current = reduced
      if try isSatisfiable(fixed + current, meter) {
        // Cannot happen for a sound core; fall back to the unreduced items.
        current = items
        break
      }
      core = lastCore
    }
    if current.isEmpty { return [] }
    // The first check asks whether `fixed` alone already conflicts (then nothing is needed).
    return try quickXplain(
      background: fixed, checkBackground: true, current[...], meter)
  }

  /// Junker's QuickXplain: a minimal subset of `items` inconsistent with `background`, given
  /// that `background + items` is inconsistent. Recursion depth is about twice log₂ of the
  /// item count, so it is bounded for any input.
  private func quickXplain(
    background: [Literal], checkBackground: Bool, _ items: ArraySlice<Literal>,
    _ meter: BudgetMeter
  ) throws(AnalysisError) -> [Literal] {
    if checkBackground, try !isSatisfiable(background, meter) { return [] }
    if items.count == 1 { return Array(items) }
    let middle = items.startIndex + items.count / 2
    let first = items[..<middle]
    let second = items[middle...]
    let fromSecond = try quickXplain(
      background: background + first, checkBackground: true, second, meter)
    let fromFirst = try quickXplain(
      background: background + fromSecond, checkBackground: !fromSecond.isEmpty, first, meter)
    return fromFirst + fromSecond
  }

  /// Whether some build has every choice, by one search (no conflict is worked out).
  ///
  /// - Parameters:
  ///   - choices: The user's choices.
  ///   - budget: The analysis's budget.
  /// - Returns: Whether the choices are consistent with the rules.
  /// - Throws: ``AnalysisError/budgetExceeded``.
  package func isConsistent(_ choices: [Literal], budget: AnalysisBudget = .standard)
    throws(AnalysisError) -> Bool
  {
    try isSatisfiableNearLastModel(ruleAssumptions + choices, meter(budget))
  }
}
