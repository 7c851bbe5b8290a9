/// What propagation says of one value.
package enum ValueState: Hashable, Sendable {
  /// Every build under the choices has it.
  case forcedTrue
  /// No build under the choices has it.
  case forcedFalse
  /// Some builds have it and some do not.
  case free
  /// Its check did not finish within the analysis's budget: it may be any of the others.
  /// Only a partial propagation (``ConfigurationSpace/propagate(choices:variables:settled:budget:partial:)``)
  /// reports it.
  case undecided
}

/// The state of every value of interest under the user's choices.
package struct Propagation: Hashable, Sendable {
  /// The values asked about.
  package let variables: [Variable]
  /// Their states, one per variable, in the same order.
  package let states: [ValueState]
  /// A build that has all the choices.
  package let witness: Assignment
  /// Where each variable is in `variables` (its first place), for lookups in O(1).
  private let positions: [Variable: Int]

  /// Creates a propagation result.
  ///
  /// - Parameters:
  ///   - variables: The values asked about.
  ///   - states: Their states, in the same order.
  ///   - witness: A build with all the choices.
  package init(variables: [Variable], states: [ValueState], witness: Assignment) {
    self.variables = variables
    self.states = states
    self.witness = witness
    var positions: [Variable: Int] = [:]
    for (index, variable) in variables.enumerated() where positions[variable] == nil {
      positions[variable] = index
    }
    self.positions = positions
  }

  /// The state of a variable asked about, or `nil` for one that was not.
  package func state(of variable: Variable) -> ValueState? {
    guard let index = positions[variable], index < states.count else { return nil }
    return states[index]
  }
}
