/// The outcome of a count: the exact number of solutions, or why the count stopped.
package enum ModelCount: Hashable, Sendable {
  /// The exact number of valid builds.
  case exact(BigUInt)
  /// The count ran out of its budget; nothing is known about the number.
  case unknown(CountInterruption)

  /// The exact count, or `nil` when the count stopped.
  package var exactValue: BigUInt? {
    if case .exact(let value) = self { return value }
    return nil
  }
}

/// Why a count stopped before it had the exact number, with what it had done by then.
package struct CountInterruption: Hashable, Sendable, CustomStringConvertible {
  /// The limit of the ``CountBudget`` that was reached.
  package enum Limit: Hashable, Sendable {
    /// The time limit.
    case time(Duration)
    /// The memory limit, in bytes (the search stack alone filled it).
    case memory(Int)
    /// The decision limit.
    case decisions(Int)
    /// The count's starter cancelled it (``Cancellation``).
    case cancelled
  }

  /// The limit reached.
  package let limit: Limit
  /// The work done until then.
  package let statistics: CountStatistics

  /// One line for users: `no exact count within the time budget of 30 s (…)`.
  package var description: String {
    let why =
      switch limit {
      case .time(let duration): "within the time budget of \(Self.text(duration))"
      case .memory(let bytes) where bytes >= 1 << 20:
        "within the memory budget of \(bytes >> 20) MiB"
      case .memory(let bytes): "within the memory budget of \(bytes) bytes"
      case .decisions(let count): "within the budget of \(count) decisions"
      case .cancelled: "(the count was cancelled)"
      }
    return "no exact count \(why) (\(statistics.decisions) decisions, "
      + "\(statistics.cachedComponents) components cached)"
  }

  /// `30 s`, `1.5 s`, `250 ms`.
  private static func text(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    // Past a thousand seconds the fraction does not matter (and milliseconds could overflow).
    if attoseconds == 0 || seconds >= 1000 || seconds < 0 { return "\(seconds) s" }
    let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
    return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
  }
}

/// What a count did: for measurements and for the message of an interrupted count.
package struct CountStatistics: Hashable, Sendable {
  /// Branching decisions made.
  package var decisions = 0
  /// Branches that ended in a conflict.
  package var conflicts = 0
  /// Components found in the cache.
  package var cacheHits = 0
  /// Components counted by search (and then cached).
  package var componentsCounted = 0
  /// Entries in the cache at the end.
  package var cachedComponents = 0
  /// Times the cache evicted entries to stay within its memory share.
  package var evictions = 0
  /// The deepest decision level reached.
  package var maximumDepth = 0
  /// Root components counted as copies of another (``CountingSearch/mergeRootCopies()``).
  package var copiesMerged = 0

  /// Creates empty statistics.
  package init() {}
}
