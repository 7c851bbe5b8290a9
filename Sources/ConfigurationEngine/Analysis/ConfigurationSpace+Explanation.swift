/// Explanations: why a value is forced (or excluded) under the user's choices.
extension ConfigurationSpace {
  /// Why `literal` holds in every build with these choices: a minimal set of the choices and
  /// rules that, with the model's structure, leave no build where it fails.
  ///
  /// To explain why a value is excluded, pass its negative literal. A literal that holds in
  /// every build whatever the choices gives no choices (and perhaps some rules). The reason
  /// is the one ``explainEach(_:choices:budget:)`` gives (the same search, see
  /// ``ReasonSearch``).
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
    var work = reasonWork([literal], choices: choices)
    try findCores(&work, meter)
    try minimize(&work, cores: work.cores.indices, meter)
    return work.reasons[0]
  }
}
