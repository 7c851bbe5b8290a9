/// What one call of ``Solver/solve(assumptions:budget:)`` found.
package enum SolveResult: Hashable, Sendable {
  /// A model exists; read it with ``Solver/value(of:)-(Literal)``.
  case satisfiable
  /// No model satisfies the clauses and the assumptions. `core` is a subset of the assumptions
  /// that already cannot hold together (empty when the clauses alone are unsatisfiable).
  case unsatisfiable(core: [Literal])
  /// The budget ran out before an answer.
  case unknown
}

/// How much work one call may do before it gives up with ``SolveResult/unknown``.
package struct SolverBudget: Sendable {
  /// The most conflicts the call may meet; `nil` for no limit.
  package var conflicts: Int?
  /// When the call must stop; `nil` for no limit.
  package var deadline: ContinuousClock.Instant?
  /// Stops the call as at its deadline once cancelled; `nil` for none.
  package var cancellation: Cancellation?

  /// Creates a budget.
  ///
  /// - Parameters:
  ///   - conflicts: The most conflicts; `nil` for no limit.
  ///   - deadline: When to stop; `nil` for no limit.
  ///   - cancellation: Stops the call early when cancelled; `nil` for none.
  package init(
    conflicts: Int? = nil, deadline: ContinuousClock.Instant? = nil,
    cancellation: Cancellation? = nil
  ) {
    self.conflicts = conflicts
    self.deadline = deadline
    self.cancellation = cancellation
  }

  /// No limit at all.
  package static let unlimited = SolverBudget()
}

/// Counters of the work a solver has done, for measurements.
package struct SolverStatistics: Hashable, Sendable {
  /// Calls of `solve`.
  package var solves = 0
  /// Calls that answered `.satisfiable`.
  package var satisfiable = 0
  /// Conflicts met.
  package var conflicts = 0
  /// Decisions taken (assumptions included).
  package var decisions = 0
  /// Literals propagated.
  package var propagations = 0
  /// Restarts.
  package var restarts = 0
  /// Learned-clause database reductions.
  package var reductions = 0
  /// Satisfiable answers found by completing the reference model.
  package var referenceModels = 0
}
