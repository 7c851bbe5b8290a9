internal import ConfigurationEngine

extension ProductConfigurator {
  /// The most corrections a conflict offers.
  static let correctionLimit = 3
  /// The most corrections of one size compared by price before the cheapest are offered: a
  /// conflict with more ways out of its smallest size than this offers the cheapest of the
  /// first ones found.
  static let correctionsCompared = 16

  /// Why the choices conflict and the smallest ways out, each priced: fewest choices dropped
  /// first, then cheapest (the price `build` would give; one it could not work out last),
  /// then in the order of the choices. This is the one place ways out are ordered, for
  /// `build`'s refusals and the working car's alike.
  ///
  /// - Parameters:
  ///   - choices: Choices known to conflict.
  ///   - keeping: Choices no way out drops (the change a working car was just asked for).
  /// - Returns: A minimal conflict (choices and rules) and up to three corrections.
  /// - Throws: A budget error.
  func conflict(_ choices: [Choice], keeping: Set<Choice> = []) throws(ConfigurationError)
    -> Conflict
  {
    let literals = choices.map(literal)
    let droppable = choices.filter { !keeping.contains($0) }
    let fixed = choices.filter { keeping.contains($0) }.map(literal)
    // Without prices the order of the choices decides among equals: the first found do.
    let compared = line.pricesBuilds ? Self.correctionsCompared : nil
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
        try space.corrections(
          choices: droppable.map(literal), keeping: fixed, limit: Self.correctionLimit,
          finishingTheLastSizeUpTo: compared, budget: budget)
      })
    var corrections: [Conflict.Correction] = []
    for correction in found where !correction.removed.isEmpty {
      let removed = Set(correction.removed)
      let drop = droppable.filter { removed.contains(literal($0)) }
      let kept = choices.filter { !drop.contains($0) }
      var priced: Price?
      if let build = try? completion(kept) { priced = price(of: build) }
      corrections.append(Conflict.Correction(drop: drop, price: priced))
    }
    // The engine gives them smallest first, then in the order of the choices; a stable sort
    // by price keeps that order among equals.
    let ordered = corrections.enumerated().sorted { a, b in
      let first = (a.element.drop.count, a.element.price?.cents ?? Int64.max, a.offset)
      let second = (b.element.drop.count, b.element.price?.cents ?? Int64.max, b.offset)
      return first < second
    }.map(\.element)
    return Conflict(
      reason: explanation(reason, choices: choices),
      corrections: Array(ordered.prefix(Self.correctionLimit)))
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
