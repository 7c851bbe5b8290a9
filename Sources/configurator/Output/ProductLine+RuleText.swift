internal import CarFactory
internal import Dealership

extension ProductLine {
  /// A rule as people read it, named by id and shown by its message, or by its expression
  /// when it has none (SPEC §11): `tow-needs-4wd: A tow hitch needs four-wheel drive.`,
  /// `constraint 29: Electric => !Sport_Package`.
  ///
  /// - Parameter id: The rule's id.
  /// - Returns: The id with the rule's words; the id alone for a rule the line lacks.
  func ruleText(_ id: String) -> String {
    guard let rule = rule(id: id) else { return id }
    return "\(id): \(rule.message ?? rule.text)"
  }

  /// A reason in words, each rule with its text: `tow-needs-4wd: A tow hitch needs four-wheel
  /// drive. (because you chose extras=tow)`, `by the model` when the structure alone decides.
  func text(of reason: Explanation) -> String {
    let choices = reason.choices.map { atom(of: $0) }.joined(separator: ", ")
    let rules = reason.rules.map(ruleText).joined(separator: "; ")
    switch (rules.isEmpty, choices.isEmpty) {
    case (true, true): return "by the model"
    case (true, false): return "because you chose \(choices)"
    case (false, true): return rules
    case (false, false): return "\(rules) (because you chose \(choices))"
    }
  }

  /// Choices that conflict, in words: `paint=red and drive=4wd conflict (no-red-4wd:
  /// !(paint=red & drive=4wd))`.
  func conflictText(_ reason: Explanation) -> String {
    let choices = reason.choices.map { atom(of: $0) }
    var text =
      choices.isEmpty
      ? "the model has no valid build"
      : choices.count == 1
        ? "\(choices[0]) is not possible" : "\(choices.joined(separator: " and ")) conflict"
    if !reason.rules.isEmpty { text += " (\(reason.rules.map(ruleText).joined(separator: "; ")))" }
    return text
  }
}
