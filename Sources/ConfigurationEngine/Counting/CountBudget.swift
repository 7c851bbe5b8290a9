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
  /// Stops the count early when its starter no longer needs it; `nil` for a count that
  /// runs to its limits.
  package var cancellation: Cancellation?

  /// Creates a budget.
  ///
  /// - Parameters:
  ///   - timeLimit: The longest a count may run.
  ///   - memoryLimit: The most bytes for the cache and the search stack.
  ///   - decisionLimit: The most branching decisions.
  ///   - cancellation: Stops the count early when cancelled.
  package init(
    timeLimit: Duration, memoryLimit: Int = 1 << 30, decisionLimit: Int = .max,
    cancellation: Cancellation? = nil
  ) {
    self.timeLimit = timeLimit
    self.memoryLimit = memoryLimit
    self.decisionLimit = decisionLimit
    self.cancellation = cancellation
  }

  /// Whether the count must stop now: past its deadline, or cancelled.
  ///
  /// - Parameter deadline: The count's deadline (its start plus ``timeLimit``).
  /// - Returns: `true` once the deadline has passed or ``cancellation`` was cancelled.
  func mustStop(by deadline: ContinuousClock.Instant) -> Bool {
    cancellation?.isCancelled == true || ContinuousClock.now >= deadline
  }

  /// The budget of an interactive command: 10 seconds and 1 GiB.
  package static let interactive = CountBudget(timeLimit: .seconds(10))
}
