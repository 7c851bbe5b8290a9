/// What the working car (SPEC §11) asks at each step: the price of the car as `build` would
/// make it now, and why the values a change decided are in their state.
extension ProductConfigurator {
  /// The price of the build ``build(_:)`` would make with the choices: the running price of a
  /// working car, equal to the price of the build `done` records.
  ///
  /// - Parameter choices: The user's choices (consistent).
  /// - Returns: The price.
  /// - Throws: ``ConfigurationError/conflict(_:)`` when the choices conflict, or a budget
  ///   error.
  public func price(of choices: [Choice]) throws(ConfigurationError) -> Price {
    let completed = try completion(choices)
    guard let price = price(of: completed) else { throw .priceOverflow }
    return price
  }

  /// Why each of some values is in its state (forced or excluded) under the choices, as
  /// `options` says it: only the user's choices and rule ids, minimal.
  ///
  /// - Parameters:
  ///   - values: The values to explain, as indices into the line's values.
  ///   - states: Every value's state under the choices (``propagate(_:)``).
  ///   - choices: The user's choices (consistent).
  /// - Returns: The reason of each of the values that is forced or excluded and could be
  ///   explained within the time limit.
  public func reasons(
    of values: [Int], states: [OptionsReport.State], choices: [Choice]
  ) -> [Int: Explanation] {
    // Only the values asked about keep their state: the others are not explained.
    var asked = [OptionsReport.State](repeating: .available, count: states.count)
    for value in values where value >= 0 && value < states.count { asked[value] = states[value] }
    let deadline = ContinuousClock.now.advanced(by: timeLimit)
    let found = reasons(for: asked, choices: choices, deadline: deadline)
    var reasons: [Int: Explanation] = [:]
    for value in values where value >= 0 && value < found.count {
      if let reason = found[value] { reasons[value] = reason }
    }
    return reasons
  }
}
