/// The answer of ``ConfigurationSpace/consistency(choices:budget:)``.
package enum Consistency: Hashable, Sendable {
  /// The choices fit together; here is a build that has them all.
  case consistent(Assignment)
  /// They do not: a minimal set of choices and rules that cannot hold together.
  case inconsistent(Reason)
}
