internal import ConfigurationEngine

extension ProductConfigurator {
  /// The most corrections a conflict offers.
  static let correctionLimit = 3

  /// Why the choices conflict and the smallest ways out, each priced.
  ///
  /// - Parameter choices: Choices known to conflict.
  /// - Returns: A minimal conflict (choices and rules) and up to three corrections.
  /// - Throws: A budget error.
  func conflict(_ choices: [Choice]) throws(ConfigurationError) -> Conflict {
    let literals = choices.map(literal)
    let budget = self.budget
    let consistency = try analysing(
      "the conflict",
      { () throws(AnalysisError) in
        try space.consistency(choices: literals, budget: budget)
      })
    guard case .inconsistent(let reason) = consistency else {
      // Consistent after all (cannot happen for choices that failed): no way out needed.
      return Conflict(reason: Explanation(choices: [], rules: []), corrections: [])
    }
    let found = try analysing(
      "the corrections",
      { () throws(AnalysisError) in
        try space.corrections(choices: literals, limit: Self.correctionLimit, budget: budget)
      })
    var corrections: [Conflict.Correction] = []
    for correction in found where !correction.removed.isEmpty {
      let removed = Set(correction.removed)
      let drop = choices.filter { removed.contains(literal($0)) }
      let kept = choices.filter { !removed.contains(literal($0)) }
      var priced: Price?
      if let build = try? completion(kept) { priced = price(of: build) }
      corrections.append(Conflict.Correction(drop: drop, price: priced))
    }
    return Conflict(reason: explanation(reason, choices: choices), corrections: corrections)
  }

  /// The price of a build given as an engine assignment.
  func price(of assignment: Assignment) -> Price? {
    line.price(of: assignment)
  }
}

extension ProductLine {
  /// The price of a build given as an engine assignment (on any thread).
  func price(of assignment: Assignment) -> Price? {
    price(of: values.map { assignment[$0.variable] })
  }
}
