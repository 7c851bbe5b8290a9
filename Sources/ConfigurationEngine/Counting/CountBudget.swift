/// How much a count may spend before it gives up with ``ModelCount/unknown(_:)``.
///
/// Exact counting is #P-hard; on large product lines it may not finish. A budget makes the
/// command answer in bounded time and memory with a clear refusal instead of hanging.
package struct CountBudget: Hashable, Sendable {
  /// The longest a count may run.
  package var timeLimit: Duration
  /// The most memory the component cache and the search stack may hold, in bytes: half for
  /// each. The cache, whose bytes are counted exactly, keeps the larger components and drops
  /// the others when it would pass its half; a search stack past its half ends the count
  /// (``CountInterruption/Limit/memory(_:)``). The model and the simplified formula, which
  /// the count reads, are outside the budget (a few megabytes on the public product lines).
  package var memoryLimit: Int
  /// The most branching decisions, for tests that need a limit independent of the clock.
  package var decisionLimit: Int

  /// Creates a budget.
  ///
  /// - Parameters:
  ///   - timeLimit: The longest a count may run.
  ///   - memoryLimit: The most bytes for the cache and the search stack.
  ///   - decisionLimit: The most branching decisions.
  package init(timeLimit: Duration, memoryLimit: Int = 1 << 30, decisionLimit: Int = .max) {
    self.timeLimit = timeLimit
    self.memoryLimit = memoryLimit
    self.decisionLimit = decisionLimit
  }

  /// The budget of an interactive command: 10 seconds and 1 GiB.
  package static let interactive = CountBudget(timeLimit: .seconds(10))
}
