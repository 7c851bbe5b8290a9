/// Greedy completion whose wishes depend on what is already decided (UVL group defaults).
extension ConfigurationSpace {
  /// A build with the choices, completing the rest greedily: for each step in turn, `wish`
  /// names the literal wished for given the values decided so far; it is taken when some build
  /// still has it with everything decided before, and its negation otherwise.
  ///
  /// SPEC §8's UVL completion: a group's default member depends on the members already taken.
  /// Complete propagation (a satisfiability check per wish the current model lacks) means it
  /// never dead-ends.
  ///
  /// - Parameters:
  ///   - choices: The user's choices.
  ///   - count: The number of steps.
  ///   - budget: The analysis's budget.
  ///   - wish: The literal wished for at a step, given the decided value of each variable
  ///     (`nil` while undecided).
  /// - Returns: The completed build, or `nil` when the choices are inconsistent.
  /// - Throws: ``AnalysisError/budgetExceeded``.
  package func greedyCompletion(
    choices: [Literal], count: Int, budget: AnalysisBudget = .standard,
    wish: (Int, (Variable) -> Bool?) -> Literal
  ) throws(AnalysisError) -> Assignment? {
    let meter = meter(budget)
    var decided = selectors + choices
    guard try isSatisfiable(decided, meter) else { return nil }
    // The current build lives in `repair`: a wish it lacks is first tried by a local repair
    // with everything decided locked (a model with the wish: no solver call), then by the
    // solver. Either way the answer is exact, so the build is the same.
    repair.reset(model: witness.values, fixed: decided)
    var fixed = [Bool?](repeating: nil, count: self.model.variableCount)
    func fix(_ literal: Literal) {
      let index = Int(literal.variable.index)
      if index >= 0, index < fixed.count { fixed[index] = !literal.isNegated }
      repair.lock(literal.variable)
    }
    func holds(_ literal: Literal) -> Bool {
      let index = Int(literal.variable.index)
      return index >= 0 && index < repair.values.count
        && repair.values[index] != literal.isNegated
    }
    for literal in choices { fix(literal) }
    for step in 0..<count {
      let literal = wish(step) { variable in
        let index = Int(variable.index)
        return index >= 0 && index < fixed.count ? fixed[index] : nil
      }
      let index = Int(literal.variable.index)
      guard index >= 0, index < fixed.count, fixed[index] == nil else { continue }
      if holds(literal) {
        decided.append(literal)
      } else if solver.propagatedValue(of: literal) == false {
        decided.append(!literal)
      } else if repair.makeTrue(literal, limit: repairLimit) != nil {
        decided.append(literal)
      } else if try isSatisfiable(decided + [literal], meter) {
        decided.append(literal)
        repair.reset(model: witness.values, fixed: decided)
      } else {
        decided.append(!literal)
      }
      fix(decided[decided.count - 1])
    }
    return Assignment(repair.values)
  }
}
