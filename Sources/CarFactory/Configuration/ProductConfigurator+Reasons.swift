internal import ConfigurationEngine

extension ProductConfigurator {
  /// The reason of every forced or excluded value of `states`, as `options` shows them,
  /// within a deadline; values not explained by then get `nil`.
  ///
  /// A value the user ruled out is excluded by that choice. A value in the same state with and
  /// without the choices gets its *model-level* reason (rules only, no choice): computed once
  /// per model, all at once, and kept, since a minimal set of rules that decides a value
  /// without any choice still decides it, and is still minimal, under any consistent choices.
  /// The values the choices changed — the news — are explained first, under the choices.
  ///
  /// - Parameters:
  ///   - states: Every value's state under the choices.
  ///   - choices: The user's choices (consistent).
  ///   - deadline: When explaining stops.
  /// - Returns: One reason per value, `nil` for values neither forced nor excluded.
  func reasons(
    for states: [OptionsReport.State], choices: [Choice], deadline: ContinuousClock.Instant
  ) -> [Explanation?] {
    let literals = choices.map(literal)
    let ruledOut = Set(literals.filter(\.isNegated))
    let withoutChoices = literals.isEmpty ? states : statesWithoutChoices()
    var reasons = [Explanation?](repeating: nil, count: states.count)
    var changed: [Int] = []
    var unchanged: [Int] = []
    for index in states.indices where states[index] == .forced || states[index] == .excluded {
      let negative = line.values[index].variable.negative
      if ruledOut.contains(negative) {
        reasons[index] = Explanation(
          choices: choices.filter { literal($0) == negative }, rules: [])
      } else if withoutChoices?[index] == states[index] {
        unchanged.append(index)
      } else {
        changed.append(index)
      }
    }
    func decided(_ index: Int) -> Literal {
      let positive = line.values[index].variable.positive
      return states[index] == .forced ? positive : !positive
    }
    if !changed.isEmpty {
      let found = explainEach(changed.map(decided), choices: choices, deadline: deadline)
      for (index, reason) in zip(changed, found) { reasons[index] = reason }
    }
    let missing = unchanged.map(decided).filter { modelReasons[$0] == nil }
    if !missing.isEmpty { _ = explainEach(missing, choices: [], deadline: deadline) }
    for index in unchanged { reasons[index] = modelReasons[decided(index)] }
    return reasons
  }

  /// Why each literal holds in every build with the choices, all at once within a deadline
  /// (``ConfigurationSpace/explainEach(_:choices:budget:)``); reasons citing no choice are
  /// kept as model-level reasons.
  private func explainEach(
    _ literals: [Literal], choices: [Choice], deadline: ContinuousClock.Instant
  ) -> [Explanation?] {
    let remaining = deadline - ContinuousClock.now
    guard remaining > .zero else { return literals.map { modelReasons[$0] } }
    let found = space.explainEach(
      literals, choices: choices.map(literal), budget: AnalysisBudget(time: remaining))
    return zip(literals, found).map { literal, reason in
      guard let reason else { return modelReasons[literal] }
      let explanation = self.explanation(reason, choices: choices)
      if explanation.choices.isEmpty { modelReasons[literal] = explanation }
      return explanation
    }
  }
}
