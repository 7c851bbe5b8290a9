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
  ///   - probing: Whether QuickXplain's satisfiable checks may first try a local repair of the
  ///     model `repair` holds (set up by the caller) before the solver.
  ///   - meter: The running analysis's budget.
  /// - Returns: The minimal subset, in the order of `items`.
  /// - Throws: ``AnalysisError/budgetExceeded``.
  func minimalConflict(
    fixed: [Literal], items: [Literal], core: [Literal]? = nil, probing: Bool = false,
    _ meter: BudgetMeter
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
      background: fixed, checkBackground: true, current[...], probing: probing, meter)
  }

  /// Whether the clauses have a model under `assumptions`. When `probing`, a model met before
  /// (`witnesses`) or a local repair of the last one (`repair`) answers first, without the
  /// solver; the models found on the way are kept for the next checks.
  private func isSatisfiable(_ assumptions: [Literal], probing: Bool, _ meter: BudgetMeter)
    throws(AnalysisError) -> Bool
  {
    guard probing else { return try isSatisfiable(assumptions, meter) }
    if witnesses.satisfies(assumptions) { return true }
    if repair.reach(assumptions, limit: explanationRepairLimit) {
      witnesses.add(repair.values)
      return true
    }
    guard try isSatisfiable(assumptions, meter) else { return false }
    let model = solver.modelValues
    witnesses.add(model)
    repair.reset(model: model, fixed: [])
    return true
  }

  /// Junker's QuickXplain: a minimal subset of `items` inconsistent with `background`, given
  /// that `background + items` is inconsistent. Recursion depth is about twice log₂ of the
  /// item count, so it is bounded for any input.
  private func quickXplain(
    background: [Literal], checkBackground: Bool, _ items: ArraySlice<Literal>,
    probing: Bool, _ meter: BudgetMeter
  ) throws(AnalysisError) -> [Literal] {
    if checkBackground, try !isSatisfiable(background, probing: probing, meter) { return [] }
    if items.count == 1 { return Array(items) }
    let middle = items.startIndex + items.count / 2
    let first = items[..<middle]
    let second = items[middle...]
    let fromSecond = try quickXplain(
      background: background + first, checkBackground: true, second, probing: probing, meter)
    let fromFirst = try quickXplain(
      background: background + fromSecond, checkBackground: !fromSecond.isEmpty, first,
      probing: probing, meter)
    return fromFirst + fromSecond
  }
}
