/// One way out of a conflict: choices to drop, and a build with the rest.
package struct Correction: Hashable, Sendable {
  /// The choices to drop, in the user's order.
  package let removed: [Literal]
  /// A build with every other choice.
  package let witness: Assignment
}
