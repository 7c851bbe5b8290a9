import Dispatch
internal import Support
import Synchronization

/// Work started on another thread and waited for later: `options` counts the builds on the
/// second core while this one finds the states and their reasons (the count is a third of
/// what `options` costs on the public automotive models, and independent of the rest).
final class BackgroundWork<Value: Sendable>: Sendable {
  private let result = Mutex<Value?>(nil)
  private let finished = DispatchSemaphore(value: 0)

  /// Starts `work` on a thread of its own: a global queue's few threads may all be busy (or
  /// blocked) in a process that runs many things at once, and the caller waits for this.
  ///
  /// - Parameter work: What to work out; it must not touch the caller's mutable state.
  init(_ work: @escaping @Sendable () -> Value) {
    let run: @Sendable () -> Void = { [self] in
      let value = work()
      result.withLock { $0 = value }
      finished.signal()
    }
    // A system out of threads still answers, only without the second core.
    if !Threads.detach(run) { run() }
  }

  /// Waits for the work until a deadline; past it the work is left to end by its own limit.
  ///
  /// - Parameter deadline: When to stop waiting.
  /// - Returns: What the work returned, or `nil` when it had not finished by the deadline.
  func wait(until deadline: ContinuousClock.Instant) -> Value? {
    guard finished.wait(until: deadline) else { return nil }
    finished.signal()  // A second wait returns at once.
    return result.withLock { $0 }
  }
}

extension DispatchSemaphore {
  /// Waits for a signal until `deadline` (a clock instant, turned into Dispatch's time once);
  /// whether one came.
  func wait(until deadline: ContinuousClock.Instant) -> Bool {
    let left = max(deadline - ContinuousClock.now, .zero).components
    let nanoseconds = min(left.seconds, 1 << 30) * 1_000_000_000 + left.attoseconds / 1_000_000_000
    return wait(timeout: .now() + .nanoseconds(Int(nanoseconds))) == .success
  }
}
