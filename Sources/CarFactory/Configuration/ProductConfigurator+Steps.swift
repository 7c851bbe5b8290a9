internal import ConfigurationEngine

/// One step of a working car (SPEC §11): the choices so far, every value's state under them,
/// and why each forced or excluded value is so. The next step starts from it.
///
/// A value type: keep as many as an undo history needs; each is valid for the configurator
/// (the product line) that made it.
public struct ConfigurationStep: Hashable, Sendable {
  /// The choices of this step, in the order given.
  public let choices: [Choice]
  /// Every value's state: chosen, forced, excluded or available (the completion that tells
  /// `default` apart is `options`' concern, not a step's).
  public let states: [OptionsReport.State]
  /// The reason of each forced or excluded value, by value index.
  public let reasons: [Int: Explanation]
}

/// What one change of a working car did: the new step, and the values whose state it changed.
public struct ConfigurationChange: Hashable, Sendable {
  /// The step after the change.
  public let step: ConfigurationStep
  /// The values whose state differs from the step before, in the line's order; the ones now
  /// forced or excluded have their reason in ``ConfigurationStep/reasons``.
  public let changed: [Int]
}

extension ProductConfigurator {
  /// The first step of a working car: the states under the choices, with every forced or
  /// excluded value's reason.
  ///
  /// - Parameter choices: The choices the car opens with (none for a fresh car).
  /// - Returns: The step.
  /// - Throws: ``ConfigurationError/conflict(_:)`` when the choices conflict, or a budget error.
  public func firstStep(_ choices: [Choice] = []) throws(ConfigurationError) -> ConfigurationStep {
    let empty = ConfigurationStep(choices: [], states: [], reasons: [:])
    return try step(from: empty, to: choices).step
  }

  /// The next step of a working car: the states under the new choices and which values
  /// changed state, with reasons computed only for what needs one.
  ///
  /// The step before settles what it can without a check: a value it shows forced or excluded
  /// by a reason whose choices are all still chosen stays so (the reason still decides it),
  /// and when choices were only taken back, a value it shows free stays free (fewer choices
  /// leave more builds). Only the rest are checked.
  ///
  /// A reason of the step before is kept for a value whose state did not change while every
  /// choice it cites is still chosen: a minimal set of choices and rules that decides a value
  /// still decides it, and is still minimal, whatever else is chosen (minimality is about the
  /// reason's own parts). Values whose state changed, or whose reason cited a choice taken
  /// back, are explained afresh (a value in its state without any choice by its model-level
  /// reason, computed once per model and kept).
  ///
  /// - Parameters:
  ///   - previous: The step before (its states and reasons are the starting point).
  ///   - choices: The choices after the change (any change: added, dropped, replaced).
  /// - Returns: The new step and the values whose state changed.
  /// - Throws: ``ConfigurationError/conflict(_:)`` when the choices conflict (the car stays at
  ///   `previous`), its ways out dropping only choices `previous` had, fewest first, then
  ///   cheapest; or a budget error.
  public func step(from previous: ConfigurationStep, to choices: [Choice])
    throws(ConfigurationError) -> ConfigurationChange
  {
    // One time limit for the whole change (SPEC §10): the reasons get what is left.
    let deadline = ContinuousClock.now.advanced(by: timeLimit)
    let isFirst = previous.states.count != line.values.count
    // A first step asks about every value: on a large line a second space takes part of the
    // reasons' checks on the other core (nothing else runs there, unlike during `options`'
    // count). Not the backbone's: the models its checks find serve the reasons as kept models
    // in this space, and without those a choice forcing a long chain (Linux's ACER_WMI) made
    // the reasons' checks go to the solver, 2 s instead of 0.3.
    if isFirst { prepareHelperSpace() }
    // A conflict's ways out keep what this change adds (SPEC §11: the change just asked for).
    let states = try propagate(
      choices, settled: isFirst ? [:] : settledStates(from: previous, to: choices),
      keeping: isFirst ? [] : Set(choices).subtracting(previous.choices))
    let changed = states.indices.filter { isFirst || states[$0] != previous.states[$0] }
    let chosen = Set(choices)
    var reasons: [Int: Explanation] = [:]
    // Only the values without a reason to keep are asked about.
    var asked = [OptionsReport.State](repeating: .available, count: states.count)
    for index in states.indices where states[index] == .forced || states[index] == .excluded {
      if !isFirst, states[index] == previous.states[index], let kept = previous.reasons[index],
        kept.choices.allSatisfy(chosen.contains)
      {
        reasons[index] = kept
      } else {
        asked[index] = states[index]
      }
    }
    let found = self.reasons(for: asked, choices: choices, deadline: deadline, sharing: true)
    for (index, reason) in found.enumerated() {
      if let reason { reasons[index] = reason }
    }
    return ConfigurationChange(
      step: ConfigurationStep(choices: choices, states: states, reasons: reasons),
      changed: changed)
  }

  /// The states a step settles for the next one, by value variable (see
  /// ``step(from:to:)``).
  private func settledStates(from previous: ConfigurationStep, to choices: [Choice])
    -> [Variable: ValueState]
  {
    let chosen = Set(choices)
    let onlyTakenBack = chosen.isSubset(of: Set(previous.choices))
    var settled: [Variable: ValueState] = [:]
    for index in line.values.indices {
      let variable = line.values[index].variable
      switch previous.states[index] {
      case .forced, .excluded:
        if let reason = previous.reasons[index], reason.choices.allSatisfy(chosen.contains) {
          settled[variable] = previous.states[index] == .forced ? .forcedTrue : .forcedFalse
        }
      case .chosen:
        if chosen.contains(Choice(value: index, isChosen: true)) {
          settled[variable] = .forcedTrue
        }
      case .available, .default:
        if onlyTakenBack { settled[variable] = .free }
      case .undecided:
        break
      }
    }
    return settled
  }
}
