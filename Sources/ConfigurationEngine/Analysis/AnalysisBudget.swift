/// How much work one analysis may do: a time limit and a conflict limit over all its solver
/// calls together. Past either, the analysis throws ``AnalysisError/budgetExceeded``.
package struct AnalysisBudget: Hashable, Sendable {
  /// The longest the analysis may run; `nil` for no limit.
  package var time: Duration?
  /// The most solver conflicts the analysis may meet; `nil` for no limit.
  package var conflicts: Int?

  /// Creates a budget.
  ///
  /// - Parameters:
  ///   - time: The longest the analysis may run; `nil` for no limit.
  ///   - conflicts: The most solver conflicts; `nil` for no limit.
  package init(time: Duration? = nil, conflicts: Int? = nil) {
    self.time = time
    self.conflicts = conflicts
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

  init(_ budget: AnalysisBudget, conflictsSoFar: Int) {
    deadline = budget.time.map { ContinuousClock.now.advanced(by: $0) }
    conflictCeiling = budget.conflicts.map {
      let (sum, overflow) = conflictsSoFar.addingReportingOverflow(max($0, 0))
      return overflow ? Int.max : sum
    }
  }

  /// Throws once the deadline has passed.
  func check() throws(AnalysisError) {
    if let deadline, ContinuousClock.now >= deadline { throw .budgetExceeded }
  }
}
