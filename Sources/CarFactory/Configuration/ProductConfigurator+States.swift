internal import ConfigurationEngine

extension ProductConfigurator {
  /// The share of a question's time the states may take: a value whose check is still
  /// running at it is shown undecided, and the build's completion and the reasons get the
  /// rest (they would fail the whole question).
  static let propagationShare = 0.75

  /// Every value's state under the choices as `options` shows it — chosen, forced, excluded,
  /// `default` (free, and the build `build` would make has it) or available — without the
  /// reasons, the count or the prices: what `tree` shows beside each feature.
  ///
  /// - Parameter choices: The user's choices.
  /// - Returns: One state per value, in the line's order.
  /// - Throws: ``ConfigurationError/conflict(_:)`` when the choices conflict, or a budget error.
  public func states(_ choices: [Choice]) throws(ConfigurationError) -> [OptionsReport.State] {
    try states(choices, deadline: ContinuousClock.now.advanced(by: timeLimit))
  }

  /// The states of ``states(_:)`` within a question's deadline: `options` asks them so, so
  /// the two never differ.
  func states(_ choices: [Choice], deadline: ContinuousClock.Instant)
    throws(ConfigurationError) -> [OptionsReport.State]
  {
    func left() -> Duration { max(deadline - ContinuousClock.now, .zero) }
    // A value not decided in its share is undecided; the completion needs the rest.
    let propagated = try propagate(
      choices, settled: [:], budget: AnalysisBudget(time: left() * Self.propagationShare))
    let completed = try completion(choices, budget: AnalysisBudget(time: left()))
    return propagated.indices.map { index -> OptionsReport.State in
      propagated[index] == .available && completed[line.values[index].variable.positive]
        ? .default : propagated[index]
    }
  }
}
