/// A total assignment of a model's variables: a witness build.
package struct Assignment: Hashable, Sendable {
  /// One value per variable, indexed by the variable's number.
  package let values: [Bool]

  /// Creates an assignment from one value per variable.
  package init(_ values: [Bool]) { self.values = values }

  /// The value of a variable; false for a variable the assignment does not cover.
  package subscript(variable: Variable) -> Bool {
    let index = Int(variable.index)
    return index >= 0 && index < values.count ? values[index] : false
  }

  /// Whether a literal is true; a literal of a variable not covered counts as its variable
  /// being false.
  package subscript(literal: Literal) -> Bool { self[literal.variable] != literal.isNegated }
}
