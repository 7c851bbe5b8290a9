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
    if !detachThread(run) { run() }
  }

  /// Waits for the work until a deadline; past it the work is left to end by its own limit.
  ///
  /// - Parameter deadline: When to stop waiting.
  /// - Returns: What the work returned, or `nil` when it had not finished by the deadline.
  func wait(until deadline: ContinuousClock.Instant) -> Value? {
    let left = max(deadline - ContinuousClock.now, .zero).components
    let nanoseconds = min(left.seconds, 1 << 30) * 1_000_000_000 + left.attoseconds / 1_000_000_000
    guard finished.wait(timeout: .now() + .nanoseconds(Int(nanoseconds))) == .success else {
      return nil
    }
    finished.signal()  // A second wait returns at once.
    return result.withLock { $0 }
  }
}

/// The body a detached thread runs, passed through `pthread_create`'s context pointer.
private final class ThreadBody {
  let run: @Sendable () -> Void
  init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

/// Runs `body` on a new detached POSIX thread with an 8 MiB stack (the main thread's usual
/// size; the engine's searches keep their own stacks, so this is a margin).
///
/// - Parameter body: What the thread runs.
/// - Returns: Whether the thread was started; `false` when the system refused one.
private func detachThread(_ body: @escaping @Sendable () -> Void) -> Bool {
  var attributes = pthread_attr_t()
  guard pthread_attr_init(&attributes) == 0 else { return false }
  defer { pthread_attr_destroy(&attributes) }
  _ = pthread_attr_setstacksize(&attributes, 8 << 20)
  _ = pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
  let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
  var thread = pthread_t()
  let started = pthread_create(
    &thread, &attributes,
    { context in
      guard let context else { return nil }
      Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run()
      return nil
    }, context)
  guard started == 0 else {
    Unmanaged<ThreadBody>.fromOpaque(context).release()
    return false
  }
  return true
}
