import Synchronization

/// Tells work running on another thread that its answer is no longer wanted, or wanted now
/// with what it has: a count `options` started before it knew the choices are consistent
/// stops with ``CountInterruption/Limit/cancelled``; an analysis (``AnalysisBudget``) stops
/// as at its deadline. Either stops at its next look at the clock. Equal only to itself.
package final class Cancellation: Hashable, Sendable {
  private let cancelled = Atomic<Bool>(false)

  package init() {}

  /// Asks the work to stop.
  package func cancel() { cancelled.store(true, ordering: .relaxed) }

  /// Whether ``cancel()`` was called.
  var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

  package static func == (left: Cancellation, right: Cancellation) -> Bool {
    left === right
  }

  package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
