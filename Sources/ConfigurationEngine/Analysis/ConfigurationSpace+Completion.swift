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
    guard try isSatisfiableNearLastModel(ruleAssumptions + choices, meter) else { return nil }
    // The current build is the solver's reference: a wish it lacks is checked by a search
    // near it (a small change of the build), which then becomes the build. Either way the
    // answer is exact, so the build is the same. What is decided stays on the solver's
    // assumption stack.
    var build = solver.modelValues
    let nearReference = searchesNearReference && solver.setReferenceToModel()
    defer { solver.clearReference() }
    var fixed = [Bool?](repeating: nil, count: self.model.variableCount)
    func note(_ literal: Literal) {
      let index = Int(literal.variable.index)
      if index >= 0, index < fixed.count { fixed[index] = !literal.isNegated }
    }
    func fix(_ literal: Literal) throws(AnalysisError) {
      try assume(literal)
      note(literal)
    }
    func holds(_ literal: Literal) -> Bool {
      let index = Int(literal.variable.index)
      return index >= 0 && index < build.count && build[index] != literal.isNegated
    }
    for literal in choices { note(literal) }
    for step in 0..<count {
      let literal = wish(step) { variable in
        let index = Int(variable.index)
        return index >= 0 && index < fixed.count ? fixed[index] : nil
      }
      let index = Int(literal.variable.index)
      guard index >= 0, index < fixed.count, fixed[index] == nil else { continue }
      if holds(literal) {
        try fix(literal)
      } else if solver.propagatedValue(of: literal) == false {
        try fix(!literal)
      } else {
        let depth = solver.assumptionCount
        try assume(literal)
        if try isSatisfiableUnderAssumptions(meter, completingReference: nearReference) {
          if let differences = solver.differencesFromReference {
            for change in differences where Int(change.variable.index) < build.count {
              build[Int(change.variable.index)] = !change.isNegated
            }
          } else {
            build = solver.modelValues
          }
          if nearReference { solver.setReferenceToModel() }
          note(literal)
        } else {
          solver.popAssumptions(to: depth)
          try fix(!literal)
        }
      }
    }
    return Assignment(Array(build.prefix(self.model.variableCount)))
  }
}
