internal import SystemShims

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// POSIX threads of our own: one started and left to run (``detach(_:)``), or one per
/// processor, each kept on its processor, waited for (``run(_:keptOn:_:)``).
package enum Threads {
  /// The processors the calling thread may run on (its affinity mask, as `nproc` counts
  /// them), lowest first; empty when the platform does not say.
  package static func allowedProcessors() -> [Int32] {
    let capacity = 1024
    var processors = [Int32](repeating: 0, count: capacity)
    let count = processors.withUnsafeMutableBufferPointer { buffer in
      Int(system_shims_allowed_processors(buffer.baseAddress, Int32(capacity)))
    }
    guard count > 0 else { return [] }
    return Array(processors.prefix(min(count, capacity)))
  }

  /// Starts `body` on a new detached thread.
  ///
  /// - Parameter body: What the thread runs.
  /// - Returns: Whether the thread was started; `false` when the system refused one.
  package static func detach(_ body: @escaping @Sendable () -> Void) -> Bool {
    guard let thread = start(body) else { return false }
    pthread_detach(thread)
    return true
  }

  /// Runs `body(0)` to `body(count - 1)` at once, each on a thread of its own, and returns
  /// when all have returned. When there are as many threads as `processors`, thread `i` is
  /// kept on `processors[i]`: two threads of CPU-bound work then never share a processor
  /// while another has none of them, as the scheduler otherwise leaves them for a whole run
  /// when a third program takes one processor (three runnable threads on two processors
  /// count as balanced wherever they sit). Fewer threads are left to the scheduler, which
  /// knows which processors are idle. A thread the system refuses runs its body on the
  /// calling thread; with one body, the calling thread runs it.
  ///
  /// - Parameters:
  ///   - count: How many bodies.
  ///   - processors: The processors to keep them on (``allowedProcessors()``); when not
  ///     exactly `count`, none is kept anywhere.
  ///   - body: The work, given its index.
  package static func run(
    _ count: Int, keptOn processors: [Int32], _ body: @Sendable (Int) -> Void
  ) {
    guard count > 1 else {
      if count == 1 { body(0) }
      return
    }
    let keep = count == processors.count
    withoutActuallyEscaping(body) { body in
      var started: [pthread_t] = []
      var refused: [Int] = []
      for index in 0..<count {
        let processor = keep ? processors[index] : nil
        let thread = start {
          // A processor that went offline meanwhile only costs the placement.
          if let processor { _ = system_shims_keep_on_processor(processor) }
          body(index)
        }
        if let thread { started.append(thread) } else { refused.append(index) }
      }
      for index in refused { body(index) }
      for thread in started { pthread_join(thread, nil) }
    }
  }

  /// Starts `body` on a new joinable thread with an 8 MiB stack (the main thread's usual
  /// size, whatever `ulimit -s` says).
  ///
  /// - Parameter body: What the thread runs.
  /// - Returns: The thread, or `nil` when the system refused one.
  private static func start(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
    var attributes = pthread_attr_t()
    guard pthread_attr_init(&attributes) == 0 else { return nil }
    defer { pthread_attr_destroy(&attributes) }
    _ = pthread_attr_setstacksize(&attributes, 8 << 20)
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(
      &thread, &attributes,
      { context in
        guard let context else { return nil }
        Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
        return nil
      }, context)
    guard started == 0 else {
      Unmanaged<Body>.fromOpaque(context).release()
      return nil
    }
    return thread
  }

  /// The body a thread runs, passed through `pthread_create`'s context pointer.
  private final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }
}
