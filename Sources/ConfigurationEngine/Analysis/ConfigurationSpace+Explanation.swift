/// Explanations: why a value is forced (or excluded) under the user's choices.
extension ConfigurationSpace {
  /// Why `literal` holds in every build with these choices: a minimal set of the choices and
  /// rules that, with the model's structure, leave no build where it fails.
  ///
  /// To explain why a value is excluded, pass its negative literal. A literal that holds in
  /// every build whatever the choices gives no choices (and perhaps some rules).
  ///
  /// - Parameters:
  ///   - literal: The forced literal.
  ///   - choices: The user's choices.
  ///   - budget: The analysis's budget.
  /// - Returns: The reason, or `nil` when `literal` is not forced by the choices (some build
  ///   with them has it false, or the choices are inconsistent).
  /// - Throws: ``AnalysisError/budgetExceeded``.
  package func explain(
    _ literal: Literal, choices: [Literal], budget: AnalysisBudget = .standard
  ) throws(AnalysisError) -> Reason? {
    let meter = meter(budget)
    guard try isSatisfiable(selectors + choices, meter) else { return nil }
    if try isSatisfiable(selectors + choices + [!literal], meter) { return nil }
    // The last call was fixed + items in another order; `minimalConflict` only uses its core.
    let items = try minimalConflict(fixed: [!literal], items: choices + selectors, meter)
    return reason(items, choices: choices)
  }
}
