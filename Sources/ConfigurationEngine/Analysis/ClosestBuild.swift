/// The build closest to a wish list, from ``ConfigurationSpace/closest(choices:preferred:costs:budget:)``,
/// or optimal for an objective, from ``ConfigurationSpace/optimum(choices:preferred:objective:maximising:budget:)``.
package struct ClosestBuild: Hashable, Sendable {
  /// The build.
  package let assignment: Assignment
  /// How many preferred literals it violates (the fewest possible; for `optimum`, among the
  /// optimal builds).
  package let violations: Int
  /// Its total cost in cents (the lowest among builds with that few violations), or for
  /// `optimum` the objective's optimal total.
  package let cost: Int64
}
