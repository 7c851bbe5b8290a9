/// How much a compilation may spend before it gives up with
/// ``Compilation/unfinished(_:)``: its caller then counts by #SAT instead.
package struct CompilationBudget: Hashable, Sendable {
  /// The longest the compilation may run.
  package var timeLimit: Duration
  /// The most bytes the circuit may take.
  package var circuitBytes: Int
  /// The most bytes the search's component cache and stack may take (as a count's).
  package var memoryLimit: Int
  /// The most branching decisions, for tests that need a limit independent of the clock.
  package var decisionLimit: Int
  /// Stops the compilation early; `nil` for one that runs to its limits.
  package var cancellation: Cancellation?

  /// Creates a budget.
  ///
  /// - Parameters:
  ///   - timeLimit: The longest the compilation may run.
  ///   - circuitBytes: The most bytes for the circuit.
  ///   - memoryLimit: The most bytes for the search's cache and stack.
  ///   - decisionLimit: The most branching decisions.
  ///   - cancellation: Stops the compilation early when cancelled.
  package init(
    timeLimit: Duration, circuitBytes: Int = 256 << 20, memoryLimit: Int = 1 << 30,
    decisionLimit: Int = .max, cancellation: Cancellation? = nil
  ) {
    self.timeLimit = timeLimit
    self.circuitBytes = circuitBytes
    self.memoryLimit = memoryLimit
    self.decisionLimit = decisionLimit
    self.cancellation = cancellation
  }
}

/// The outcome of a compilation: the circuit, or why there is none.
package enum Compilation: Sendable {
  /// The circuit of every valid build.
  case compiled(Circuit)
  /// The compilation stopped at its budget.
  case unfinished(CompilationInterruption)

  /// The circuit, or `nil` when the compilation stopped.
  package var circuit: Circuit? {
    if case .compiled(let circuit) = self { return circuit }
    return nil
  }
}

/// Why a compilation stopped, with what its search had done by then.
package struct CompilationInterruption: Hashable, Sendable {
  /// The limit reached.
  package enum Limit: Hashable, Sendable {
    /// The time limit.
    case time(Duration)
    /// The circuit's byte limit.
    case circuit(Int)
    /// The search's memory limit (its stack alone filled it).
    case memory(Int)
    /// The decision limit.
    case decisions(Int)
    /// The compilation's starter cancelled it.
    case cancelled
    /// The model has more variables than a circuit holds.
    case variables(Int)
  }

  /// The limit reached.
  package let limit: Limit
  /// The search's work until then.
  package let statistics: CountStatistics

  /// Creates an interruption.
  package init(limit: Limit, statistics: CountStatistics = CountStatistics()) {
    self.limit = limit
    self.statistics = statistics
  }
}
