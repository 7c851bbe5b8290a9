/// The build closest to a wish list, from ``ConfigurationSpace/closest(choices:preferred:costs:budget:)``.
package struct ClosestBuild: Hashable, Sendable {
  /// The build.
  package let assignment: Assignment
  /// How many preferred literals it violates (the fewest possible).
  package let violations: Int
  /// Its total cost in cents (the lowest among builds with that few violations).
  package let cost: Int64
}
