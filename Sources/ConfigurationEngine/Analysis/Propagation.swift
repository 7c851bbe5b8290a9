/// What propagation says of one value.
package enum ValueState: Hashable, Sendable {
  /// Every build under the choices has it.
  case forcedTrue
  /// No build under the choices has it.
  case forcedFalse
  /// Some builds have it and some do not.
  case free
}

/// The state of every value of interest under the user's choices.
package struct Propagation: Hashable, Sendable {
  /// The values asked about.
  package let variables: [Variable]
  /// Their states, one per variable, in the same order.
  package let states: [ValueState]
  /// A build that has all the choices.
  package let witness: Assignment

  /// The state of a variable asked about, or `nil` for one that was not.
  package func state(of variable: Variable) -> ValueState? {
    guard let index = variables.firstIndex(of: variable) else { return nil }
    return states[index]
  }
}
