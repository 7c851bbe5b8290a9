internal import ConfigurationEngine

/// How many valid builds have each value under the user's choices (SPEC §17's `count …
/// by=value`): commonality, exact.
public struct ValueCounts: Sendable {
  /// The choices the counts are for.
  public let choices: [Choice]
  /// The number of valid builds under the choices; `nil` when the #SAT fallback did not
  /// finish it.
  public let total: BuildCount?
  /// Per value (indexed like ``ProductLine/values``), the valid builds that hold it; `nil`
  /// where the #SAT fallback did not finish within its limit.
  public let counts: [BuildCount?]
  /// Whether the counts come from the compiled line or, when it did not compile, from one
  /// #SAT count per value (and why then).
  public let status: CompilationStatus
  /// How long the #SAT counts were given, when the line did not compile (`nil` when it did).
  public let fallbackLimit: Duration?

  /// The share of the valid builds that hold a value, from 0 to 1 (for display: the counts
  /// themselves are exact); `nil` when either count is unknown or there is no build.
  ///
  /// - Parameter value: An index into ``ProductLine/values``.
  /// - Returns: The share.
  public func share(of value: Int) -> Double? {
    guard counts.indices.contains(value), let count = counts[value], let total,
      !total.value.isZero
    else { return nil }
    return Self.ratio(count.value, total.value)
  }

  /// `part / whole` as a double, from the numbers' top 64 bits (exact below 2^53).
  static func ratio(_ part: BigUInt, _ whole: BigUInt) -> Double {
    let (partTop, wholeTop) = topWords(part, whole)
    return Double(partTop) / Double(wholeTop)
  }
}
