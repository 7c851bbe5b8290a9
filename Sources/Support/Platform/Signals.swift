#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A signal the package handles, sends or ignores.
package struct Signal: Hashable, Sendable {
  /// The C library's number.
  package let rawValue: Int32

  /// The signal with this number (what a handler is given).
  ///
  /// - Parameter rawValue: A signal number.
  package init(rawValue: Int32) { self.rawValue = rawValue }

  /// `SIGTERM`.
  package static let terminate = Signal(rawValue: SIGTERM)
  /// `SIGHUP`: the terminal went away.
  package static let hangUp = Signal(rawValue: SIGHUP)
  /// `SIGQUIT` (Ctrl-\).
  package static let quit = Signal(rawValue: SIGQUIT)
  /// `SIGINT` (Ctrl-C).
  package static let interrupt = Signal(rawValue: SIGINT)
  /// `SIGTSTP` (Ctrl-Z): stop, as a shell's job control does.
  package static let terminalStop = Signal(rawValue: SIGTSTP)
  /// `SIGCONT`: going on after a stop.
  package static let `continue` = Signal(rawValue: SIGCONT)
  /// `SIGWINCH`: the terminal's size changed.
  package static let windowChanged = Signal(rawValue: SIGWINCH)
  /// `SIGPIPE`: a write to a pipe nobody reads.
  package static let brokenPipe = Signal(rawValue: SIGPIPE)
}

/// Signal dispositions of this process (`signal`), and signals it sends itself.
package enum Signals {
  /// A signal handler: a C function given the signal's number. It may only touch memory a C
  /// handler could (no allocation, no locks) and call async-signal-safe functions.
  package typealias Handler = @convention(c) (Int32) -> Void

  /// Runs `handler` when `signal` arrives (a system call it interrupts fails with `EINTR`
  /// or restarts, as the system does for `signal`).
  ///
  /// - Parameters:
  ///   - signal: The signal.
  ///   - handler: What runs.
  package static func handle(_ signal: Signal, with handler: Handler) {
    _ = systemSignal(signal.rawValue, handler)
  }

  /// Gives `signal` its default action back (often: end the process).
  ///
  /// - Parameter signal: The signal.
  package static func restoreDefault(_ signal: Signal) {
    _ = systemSignal(signal.rawValue, SIG_DFL)
  }

  /// Ignores `signal` from now on.
  ///
  /// - Parameter signal: The signal.
  package static func ignore(_ signal: Signal) {
    _ = systemSignal(signal.rawValue, SIG_IGN)
  }

  /// What a signal did before it was set aside (``setAside(_:)``), to give it back.
  package struct Disposition {
    fileprivate let handler: Handler?
  }

  /// Ignores `signal` for a while, as `system(3)` ignores SIGINT and SIGQUIT while its
  /// command runs: the foreground program (a pager) gets the key, this process waits.
  ///
  /// - Parameter signal: The signal.
  /// - Returns: What it did before, for ``restore(_:_:)``.
  package static func setAside(_ signal: Signal) -> Disposition {
    Disposition(handler: systemSignal(signal.rawValue, SIG_IGN))
  }

  /// Gives `signal` back what it did before ``setAside(_:)``.
  ///
  /// - Parameters:
  ///   - signal: The signal.
  ///   - disposition: What ``setAside(_:)`` returned.
  package static func restore(_ signal: Signal, _ disposition: Disposition) {
    _ = systemSignal(signal.rawValue, disposition.handler)
  }

  /// Sends `signal` to the calling thread (`raise`): with its default action, the process
  /// ends (or stops) as that signal says.
  ///
  /// - Parameter signal: The signal.
  package static func raise(_ signal: Signal) {
    _ = systemRaise(signal.rawValue)
  }

  /// Sends `signal` to this whole process (`kill(getpid(), …)`), as the terminal would.
  ///
  /// - Parameter signal: The signal.
  package static func sendToProcess(_ signal: Signal) {
    _ = kill(getpid(), signal.rawValue)
  }
}

/// One value that a signal handler may read: memory allocated once and never freed, read
/// and written as plain bytes (no reference counting, no locks), as a C handler's global
/// would be.
///
/// `@unchecked Sendable`: the thread that installs the handlers writes the value, and the
/// handlers, which the system runs on a thread of the process between two of its
/// instructions, only read it; the value is plain bytes, so a read sees a whole write or the
/// one before it for each field.
package struct SignalSafeCell<Value: BitwiseCopyable>: @unchecked Sendable {
  private let storage: UnsafeMutablePointer<Value>

  /// A cell holding `value`, for the life of the process.
  ///
  /// - Parameter value: The first value.
  package init(_ value: Value) {
    storage = .allocate(capacity: 1)
    storage.initialize(to: value)
  }

  /// The value, read and written in place (setting one field stores that field only).
  package var value: Value {
    unsafeAddress { UnsafePointer(storage) }
    nonmutating unsafeMutableAddress { storage }
  }
}

extension POSIX {
  /// Makes a write to a closed pipe fail with EPIPE instead of killing the process, so the
  /// tool can stop quietly when its reader goes away (`configurator models | head -1`).
  package static func ignoreBrokenPipe() {
    Signals.ignore(.brokenPipe)
  }
}

// The C functions under names our own types do not shadow.
private func systemSignal(_ number: Int32, _ handler: Signals.Handler?) -> Signals.Handler? {
  signal(number, handler)
}

private func systemRaise(_ number: Int32) -> Int32 { raise(number) }
