internal import ConfigurationEngine

/// A build the configurator settled on: every value it holds, why values were forced, and its
/// price (SPEC §7's `build`).
public struct Configuration: Hashable, Sendable {
  /// Why a value of the build is not simply the user's choice or the model's default.
  public enum Note: Hashable, Sendable {
    /// Every valid build with the choices has it.
    case forced(Explanation)
    /// It stands in for the default, which no valid build with the choices has.
    case replacesDefault(Int, Explanation?)
  }

  /// The choices the build was made from.
  public let choices: [Choice]
  /// Whether the build holds each value, indexed like ``ProductLine/values``.
  public let selected: [Bool]
  /// Notes for values that were forced or stand in for an excluded default.
  public let notes: [Int: Note]
  /// The values the build holds that every valid build with the choices has, but the user
  /// did not choose (forced by the choices or by the model itself), with or without a note.
  public let forced: [Int]
  /// The price: base plus surcharges, packages covering their members.
  public let price: Price

  /// The indices of the values the build holds.
  public var values: [Int] { selected.indices.filter { selected[$0] } }
}

extension ProductConfigurator {
  /// The build for the choices: they must be consistent; what they force is applied and the
  /// rest filled with defaults (the closest valid build for catalogs, the greedy completion for
  /// UVL models).
  ///
  /// - Parameter choices: The user's choices.
  /// - Returns: The build.
  /// - Throws: ``ConfigurationError/conflict(_:)`` naming a minimal conflict and corrections,
  ///   or a budget error.
  public func build(_ choices: [Choice]) throws(ConfigurationError) -> Configuration {
    try build(choices, completed: try completion(choices))
  }

  /// The build for the choices made of a completed assignment: what the choices force is
  /// noted.
  func build(_ choices: [Choice], completed: Assignment) throws(ConfigurationError)
    -> Configuration
  {
    let literals = choices.map(literal)
    let selected = line.values.map { completed[$0.variable] }
    guard let price = line.price(of: selected) else { throw .priceOverflow }
    let budget = self.budget
    let chosen = Set(literals)
    // Forced values are labelled; on large UVL models only the ones the choices force.
    let variables = line.values.indices.filter {
      selected[$0] && !chosen.contains(line.values[$0].variable.positive)
    }
    guard
      let propagation = try analysing(
        "propagation",
        { () throws(AnalysisError) in
          try space.propagate(
            choices: literals, variables: variables.map { line.values[$0].variable },
            budget: budget)
        })
    else { throw .conflict(try conflict(choices)) }
    let deadline = ContinuousClock.now.advanced(by: timeLimit)
    var notes: [Int: Configuration.Note] = [:]
    var forced: [Int] = []
    for (position, value) in variables.enumerated() {
      let positive = line.values[value].variable.positive
      if propagation.states[position] == .forcedTrue {
        forced.append(value)
        // On a model completed in file order (UVL), a feature every build has (the root,
        // mandatory parents) is not news.
        if line.completion == .greedy, statesWithoutChoices()?[value] == .forced { continue }
        if let reason = explain(positive, choices: choices, deadline: deadline) {
          notes[value] = .forced(reason)
        }
      } else if !line.values[value].isDefault, line.completion == .closest,
        let replaced = line.groups[line.values[value].group].values.first(where: {
          line.values[$0].isDefault
        }), !selected[replaced]
      {
        let why = explain(
          line.values[replaced].variable.negative, choices: choices, deadline: deadline)
        notes[value] = .replacesDefault(replaced, why)
      }
    }
    return Configuration(
      choices: choices, selected: selected, notes: notes, forced: forced, price: price)
  }

  /// Why a literal holds in every build with the choices, within a deadline.
  func explain(_ literal: Literal, choices: [Choice], deadline: ContinuousClock.Instant)
    -> Explanation?
  {
    if let known = modelReasons[literal] { return known }
    let remaining = deadline - ContinuousClock.now
    guard remaining > .zero,
      let reason = try? space.explain(
        literal, choices: choices.map(self.literal), budget: AnalysisBudget(time: remaining))
    else { return nil }
    let explanation = self.explanation(reason, choices: choices)
    if explanation.choices.isEmpty { modelReasons[literal] = explanation }
    return explanation
  }

  /// The state of every value with no choices at all, computed once.
  func statesWithoutChoices() -> [OptionsReport.State]? {
    if let modelStates { return modelStates }
    guard let states = try? propagate([]) else { return nil }
    modelStates = states
    return states
  }
}
