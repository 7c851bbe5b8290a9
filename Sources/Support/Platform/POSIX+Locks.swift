#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Advisory locks on whole files (`flock`): held by an open file description, let go when
// it closes or its process dies.
extension POSIX {
  /// How a lock is shared.
  package enum LockKind: Sendable {
    /// Many holders at once, none exclusive.
    case shared
    /// One holder.
    case exclusive
  }

  /// Takes a lock on an open file without waiting (`flock` with `LOCK_NB`), retried when
  /// interrupted.
  ///
  /// - Parameters:
  ///   - descriptor: The file descriptor.
  ///   - kind: Shared or exclusive.
  /// - Returns: Whether the lock is held now; when not, ``Errno/current`` is
  ///   ``Errno/wouldBlock`` if another open file description holds a lock in the way.
  package static func tryLock(_ descriptor: Int32, _ kind: LockKind) -> Bool {
    let operation = (kind == .shared ? LOCK_SH : LOCK_EX) | LOCK_NB
    return retryingInterrupted { flock(descriptor, operation) } == 0
  }
}
