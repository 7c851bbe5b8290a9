/// What ``ConfigurationSpace/lint(budget:)`` finds in a model.
package struct LintReport: Hashable, Sendable {
  /// Whether the model has any valid build at all.
  package let hasSolution: Bool
  /// When it has none: a minimal set of rules that clash (empty when the structure alone does).
  package let conflict: Reason?
  /// Values no build has.
  package let dead: [Variable]
  /// Values every build has.
  package let core: [Variable]
  /// Rules implied by the structure and the other rules: removing one alone changes nothing.
  package let redundantRules: [ConstraintModel.Rule]
}
