/// Why something holds or fails: a minimal set of the user's choices and of rules, citeable
/// as SPEC §7 asks (never other derived values).
package struct Reason: Hashable, Sendable {
  /// The user's choices involved, in the order the user gave them.
  package let choices: [Literal]
  /// The rules involved, in the model's order.
  package let rules: [ConstraintModel.Rule]

  /// Creates a reason.
  package init(choices: [Literal], rules: [ConstraintModel.Rule]) {
    self.choices = choices
    self.rules = rules
  }

  /// The ids of the rules involved.
  package var ruleIDs: [String] { rules.map(\.id) }
}
