internal import ConfigurationEngine

/// Reasons as an answer shows them (SPEC §14): beside the choices and rules of a minimal
/// reason, the group of the structure that decides the value (``GroupRule``) and the numbers
/// of each rule that compares a total (``RuleNumbers``), for the states and the build the
/// answer is about. Worked out for the values shown, never kept (a step's reasons stay as the
/// engine found them, for the next step).
extension ProductLine {
  /// A reason with its deciding group and its rules' numbers.
  ///
  /// - Parameters:
  ///   - reason: The engine's reason.
  ///   - value: The value it explains.
  ///   - group: The group rule that decides the value, if any.
  ///   - selected: The build the answer is about, if any.
  /// - Returns: The reason shown.
  func annotated(_ reason: Explanation, value: Int, group: Int?, selected: [Bool]?)
    -> Explanation
  {
    var shown = reason
    if let group, namesGroup(of: reason, value: value) { shown.groups = [group] }
    if let selected, rules.contains(where: { !$0.comparisons.isEmpty }) {
      shown.numbers = numbers(of: reason.rules, value: value, selected: selected)
    }
    return shown
  }

  /// Whether a reason is shown with the group that decides its value: only beside a choice
  /// (the model's own reason, "by the model" or its rules, stays as the model gives it,
  /// whatever the choices do around it), and not beside a rule that names the value itself,
  /// which may decide it without the group.
  private func namesGroup(of reason: Explanation, value: Int) -> Bool {
    guard !reason.choices.isEmpty else {
      return false
    }
    return !reason.rules.contains { rule(id: $0)?.mentions.contains(value) ?? false }
  }

  /// ``annotated(_:value:group:selected:)`` for every reason of an answer's states.
  func annotate(
    _ reasons: [Explanation?], states: [OptionsReport.State], choices: [Choice],
    selected: [Bool]?
  ) -> [Explanation?] {
    let deciding = decidingGroups(states, choices: choices)
    let numbered = rules.contains { !$0.comparisons.isEmpty }
    guard !deciding.isEmpty || (numbered && selected != nil) else { return reasons }
    return reasons.indices.map { index in
      reasons[index].map {
        annotated($0, value: index, group: deciding[index], selected: selected)
      }
    }
  }
}

extension ProductConfigurator {
  /// The reasons of some of a step's values as an answer shows them: each forced or excluded
  /// value's reason with its deciding group and its rules' numbers for a build.
  ///
  /// - Parameters:
  ///   - step: The step (choices, states, reasons).
  ///   - values: The values shown.
  ///   - selected: The build the answer is about (the car's), if any.
  /// - Returns: The reasons, by value index (values without one are missing).
  public func annotatedReasons(_ step: ConfigurationStep, values: [Int], selected: [Bool]?)
    -> [Int: Explanation]
  {
    guard step.states.count == line.values.count else { return [:] }
    let deciding = line.decidingGroups(step.states, choices: step.choices)
    var shown: [Int: Explanation] = [:]
    for value in values where line.values.indices.contains(value) {
      guard let reason = step.reasons[value] else { continue }
      shown[value] = line.annotated(
        reason, value: value, group: deciding[value], selected: selected)
    }
    return shown
  }
}
