/// How much work one analysis may do: a time limit and a conflict limit over all its solver
/// calls together, and a cancellation that ends it early. Past either limit, or once
/// cancelled, the analysis throws ``AnalysisError/budgetExceeded``.
package struct AnalysisBudget: Hashable, Sendable {
  /// The longest the analysis may run; `nil` for no limit.
  package var time: Duration?
  /// The most solver conflicts the analysis may meet; `nil` for no limit.
  package var conflicts: Int?
  /// Stops the analysis as at its deadline when cancelled (from another thread); `nil` for
  /// none.
  package var cancellation: Cancellation?

  /// Creates a budget.
  ///
  /// - Parameters:
  ///   - time: The longest the analysis may run; `nil` for no limit.
  ///   - conflicts: The most solver conflicts; `nil` for no limit.
  ///   - cancellation: Stops the analysis early when cancelled; `nil` for none.
  package init(time: Duration? = nil, conflicts: Int? = nil, cancellation: Cancellation? = nil) {
    self.time = time
    self.conflicts = conflicts
    self.cancellation = cancellation
  }

  /// Ten seconds: far above what the analyses take on real product lines (see the benchmark
  /// figures), so an interactive caller can never hang.
  package static let standard = AnalysisBudget(time: .seconds(10))
  /// No limit (tests and offline work).
  package static let unlimited = AnalysisBudget()
}

/// A running analysis's budget: an absolute deadline and a conflict ceiling in the solver's
/// own count.
struct BudgetMeter {
  let deadline: ContinuousClock.Instant?
  let conflictCeiling: Int?
  let cancellation: Cancellation?

  init(_ budget: AnalysisBudget, conflictsSoFar: Int) {
    deadline = budget.time.map { ContinuousClock.now.advanced(by: $0) }
    cancellation = budget.cancellation
    conflictCeiling = budget.conflicts.map {
      let (sum, overflow) = conflictsSoFar.addingReportingOverflow(max($0, 0))
      return overflow ? Int.max : sum
    }
  }

  /// Throws once the deadline has passed or the analysis was cancelled.
  func check() throws(AnalysisError) {
    if let deadline, ContinuousClock.now >= deadline { throw .budgetExceeded }
    if cancellation?.isCancelled == true { throw .budgetExceeded }
  }
}
