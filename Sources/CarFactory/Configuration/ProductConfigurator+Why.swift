internal import ConfigurationEngine

/// Why a value is the default (SPEC §14's `why`): the build `build` would make has it and
/// nothing forces it.
public enum DefaultReason: Hashable, Sendable {
  /// Which rule of the completion picked the value among those that would do.
  public enum Pick: Hashable, Sendable {
    /// The closest build (SPEC §7): the fewest values away from the defaults, then the
    /// lowest price.
    case cheapest
    /// The completion in file order (SPEC §8): the group's first possible members.
    case first
  }

  /// The model's own default: a slot's or `one` group's default, a UVL feature taken with
  /// its parent (the root, a `mandatory` member).
  case usual
  /// The group's usual value (a value index) is excluded, for this reason; this value is
  /// the one the completion picked instead.
  case usualExcluded(Int, Explanation?, pick: Pick)
  /// The group's usual value (a value index) is possible on its own, but the closest build
  /// cannot keep it with the other defaults it keeps, for this reason.
  case usualGivesWay(Int, Explanation?, pick: Pick)
  /// A value of an `any` group the closest build needs, for this reason (the choices with
  /// the defaults it keeps leave no build without it).
  case needed(Explanation?)
  /// A member of a UVL group (an index into ``ProductLine/groupRules``) that the completion
  /// takes because the group wants so many and the members before it in file order are not
  /// taken (those excluded are listed, value indices with their reasons).
  case firstPossible(group: Int, excludedBefore: [Int], reasons: [Explanation?])
  /// Taken by the completion in file order, with no simpler account.
  case completion
}

/// A value's state as `options` shows it (`default` included), with its reason and, for a
/// default, why it is the default: what `why` answers.
public struct ValueAnswer: Hashable, Sendable {
  /// The state.
  public let state: OptionsReport.State
  /// Why a forced or excluded value is so (with its deciding group and numbers).
  public let reason: Explanation?
  /// Why a default value is the default.
  public let defaultReason: DefaultReason?
}

extension ProductConfigurator {
  /// A value's state under a step's choices as `options` shows it, and why (SPEC §14): the
  /// step's state, `default` for a free value the build holds; the reason of a forced or
  /// excluded one with its deciding group and the numbers of the build; for a default, why.
  ///
  /// - Parameters:
  ///   - value: The value (an index into the line's values).
  ///   - step: The step of the choices.
  /// - Returns: The answer.
  /// - Throws: ``ConfigurationError/conflict(_:)`` when the choices conflict, or a budget error.
  public func answer(for value: Int, in step: ConfigurationStep) throws(ConfigurationError)
    -> ValueAnswer
  {
    let completed = try completion(step.choices)
    let selected = line.values.map { completed[$0.variable] }
    var state = step.states[value]
    if state == .available, selected[value] { state = .default }
    let shown = annotatedReasons(step, values: [value], selected: selected)
    switch state {
    case .forced, .excluded:
      return ValueAnswer(state: state, reason: shown[value], defaultReason: nil)
    case .default:
      return ValueAnswer(
        state: state, reason: nil,
        defaultReason: defaultReason(value, step: step, selected: selected))
    case .chosen, .available, .undecided:
      return ValueAnswer(state: state, reason: nil, defaultReason: nil)
    }
  }

  /// Why a free value the build holds is the default.
  private func defaultReason(_ value: Int, step: ConfigurationStep, selected: [Bool])
    -> DefaultReason
  {
    let info = line.values[value]
    let deadline = ContinuousClock.now.advanced(by: timeLimit)
    func reason(of usual: Int) -> Explanation? {
      annotatedReasons(step, values: [usual], selected: selected)[usual]
    }
    switch (line.completion, line.groups[info.group].kind) {
    case (.closest, .slot), (.closest, .one):
      if info.isDefault { return .usual }
      guard let usual = line.groups[info.group].values.first(where: { line.values[$0].isDefault })
      else { return .completion }
      if step.states[usual] == .excluded {
        return .usualExcluded(usual, reason(of: usual), pick: .cheapest)
      }
      let why = explainGivingWay(
        line.values[usual].variable.negative, choices: step.choices,
        kept: keptDefaults(selected), deadline: deadline)
      return .usualGivesWay(usual, why, pick: .cheapest)
    case (.closest, _):
      return .needed(
        explainGivingWay(
          info.variable.positive, choices: step.choices, kept: keptDefaults(selected),
          deadline: deadline))
    case (.greedy, _):
      if info.isDefault { return .usual }
      guard let group = line.groupRule(of: value) else { return .completion }
      let before = line.groupRules[group].members.prefix { $0 != value }.filter {
        step.states[$0] == .excluded
      }
      return .firstPossible(
        group: group, excludedBefore: before, reasons: before.map(reason(of:)))
    }
  }
}
