/// A Boolean variable of a ``ConstraintModel``, numbered from zero.
package struct Variable: Hashable, Comparable, Sendable {
  /// The variable's number.
  package let index: Int32

  /// Creates a variable from its number.
  package init(_ index: Int32) { self.index = index }

  /// Creates a variable from its number.
  package init(_ index: Int) { self.index = Int32(truncatingIfNeeded: index) }

  /// The literal that is true when the variable is.
  package var positive: Literal { Literal(self, negated: false) }
  /// The literal that is true when the variable is false.
  package var negative: Literal { Literal(self, negated: true) }

  package static func < (lhs: Variable, rhs: Variable) -> Bool { lhs.index < rhs.index }
}

/// A variable or its negation, packed as `2 · variable + sign` so that literals index arrays
/// directly (the watch lists of the solver).
package struct Literal: Hashable, Comparable, Sendable {
  /// `2 · variable + (negated ? 1 : 0)`.
  package let code: UInt32

  /// Creates a literal from its packed code.
  package init(code: UInt32) { self.code = code }

  /// Creates a literal of a variable.
  package init(_ variable: Variable, negated: Bool) {
    code = UInt32(truncatingIfNeeded: variable.index) << 1 | (negated ? 1 : 0)
  }

  /// The literal's variable.
  package var variable: Variable { Variable(Int32(truncatingIfNeeded: code >> 1)) }
  /// Whether this is the negative literal of its variable.
  package var isNegated: Bool { code & 1 == 1 }
  /// The opposite literal.
  package static prefix func ! (literal: Literal) -> Literal { Literal(code: literal.code ^ 1) }

  package static func < (lhs: Literal, rhs: Literal) -> Bool { lhs.code < rhs.code }
}

extension Literal: CustomStringConvertible {
  /// DIMACS notation (`3`, `-3`), variables counted from one; for tests and debugging.
  package var description: String {
    let number = Int(variable.index) + 1
    return isNegated ? "-\(number)" : "\(number)"
  }
}
