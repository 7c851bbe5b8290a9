#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system calls the package makes, wrapped once (as swift-system's `Syscalls.swift`
/// does): the only place besides the rest of this folder that sees the C library, with the
/// retry on `EINTR` in one place and names apart from the methods of our own types (`read`,
/// `write`, `close`).
///
/// Each call answers as its C function does (a negative count, `-1` or `false` on failure)
/// and leaves the reason in ``Errno/current``. This file holds the calls on open
/// descriptors; the calls on paths, locks and the process are in the `POSIX+…` files.
package enum POSIX {
  /// Runs a system call until it is not interrupted by a signal: `body` returns a negative
  /// value with `errno == EINTR` for "try again".
  ///
  /// - Parameter body: The call; it must be safe to repeat after an interruption.
  /// - Returns: The call's first result that is not an interruption.
  @inline(__always)
  package static func retryingInterrupted<Result: SignedInteger>(_ body: () -> Result) -> Result {
    while true {
      let result = body()
      if result < 0, errno == EINTR { continue }
      return result
    }
  }

  /// `read(2)`, retried when interrupted.
  ///
  /// - Parameters:
  ///   - descriptor: The file descriptor.
  ///   - buffer: Where the bytes go: at most its count.
  /// - Returns: The bytes read, 0 at the end (or for an empty buffer), negative on error
  ///   (``Errno/current`` says why).
  package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer)
    -> Int
  {
    guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
    return retryingInterrupted { systemRead(descriptor, base, buffer.count) }
  }

  /// `pread(2)`, retried when interrupted: reads at `offset` without moving the file's
  /// position, so several threads can read one descriptor.
  ///
  /// - Parameters:
  ///   - descriptor: The file descriptor.
  ///   - buffer: Where the bytes go: at most its count.
  ///   - offset: Where in the file.
  /// - Returns: The bytes read, 0 at the end (or for an empty buffer), negative on error
  ///   (``Errno/current`` says why).
  package static func read(
    _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int
  ) -> Int {
    guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
    return retryingInterrupted { pread(descriptor, base, buffer.count, off_t(offset)) }
  }

  /// `write(2)`, retried when interrupted.
  ///
  /// - Parameters:
  ///   - descriptor: The file descriptor.
  ///   - bytes: The bytes to write.
  /// - Returns: The bytes written (0 for no bytes), negative on error (``Errno/current``
  ///   says why).
  package static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return 0 }
    return retryingInterrupted { systemWrite(descriptor, base, bytes.count) }
  }

  /// `pwrite(2)`, retried when interrupted: writes at `offset` without moving the file's
  /// position.
  ///
  /// - Parameters:
  ///   - descriptor: The file descriptor.
  ///   - bytes: The bytes to write.
  ///   - offset: Where in the file.
  /// - Returns: The bytes written (0 for no bytes), negative on error (``Errno/current``
  ///   says why).
  package static func write(
    _ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int
  ) -> Int {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return 0 }
    return retryingInterrupted { pwrite(descriptor, base, bytes.count, off_t(offset)) }
  }

  /// Writes all of `bytes`, retrying short writes and interruptions.
  ///
  /// - Parameters:
  ///   - descriptor: The file descriptor.
  ///   - bytes: The bytes to write.
  /// - Returns: `nil` when everything was written, else why not.
  package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Errno? {
    var rest = bytes[...]
    while !rest.isEmpty {
      let written = write(descriptor, UnsafeRawBufferPointer(rebasing: rest))
      if written < 0 { return .current }
      if written == 0 { return .ioError }
      rest = rest.dropFirst(written)
    }
    return nil
  }

  /// Moves a descriptor's position to `offset` bytes from the start (`lseek`, `SEEK_SET`).
  ///
  /// - Parameters:
  ///   - descriptor: The file descriptor.
  ///   - offset: The new position.
  /// - Returns: Whether it moved.
  package static func seek(_ descriptor: Int32, to offset: Int) -> Bool {
    lseek(descriptor, off_t(offset), SEEK_SET) >= 0
  }

  /// Makes a file's bytes and status durable (`fsync`).
  ///
  /// - Parameter descriptor: The file descriptor.
  /// - Returns: Whether it succeeded.
  package static func synchronize(_ descriptor: Int32) -> Bool { fsync(descriptor) == 0 }

  /// Makes a file's bytes durable, and its size, but not its times (`fdatasync`).
  ///
  /// - Parameter descriptor: The file descriptor.
  /// - Returns: Whether it succeeded.
  package static func synchronizeData(_ descriptor: Int32) -> Bool {
    #if canImport(Darwin)
      fsync(descriptor) == 0
    #else
      fdatasync(descriptor) == 0
    #endif
  }

  /// Cuts or extends a file to `length` bytes (`ftruncate`).
  ///
  /// - Parameters:
  ///   - descriptor: The file descriptor.
  ///   - length: The new size.
  /// - Returns: Whether it succeeded.
  @discardableResult
  package static func truncate(_ descriptor: Int32, to length: Int) -> Bool {
    ftruncate(descriptor, off_t(length)) == 0
  }

  /// Sets a file's permission bits (`fchmod`), whatever the umask.
  ///
  /// - Parameters:
  ///   - descriptor: The file descriptor.
  ///   - permissions: The bits, such as `0o600`.
  /// - Returns: Whether it succeeded.
  @discardableResult
  package static func setPermissions(_ descriptor: Int32, _ permissions: UInt32) -> Bool {
    fchmod(descriptor, mode_t(truncatingIfNeeded: permissions)) == 0
  }

  /// `close(2)`; the result is ignored (nothing useful can be done about it).
  ///
  /// - Parameter descriptor: The file descriptor.
  package static func close(_ descriptor: Int32) {
    _ = systemClose(descriptor)
  }

  /// Whether a descriptor is a terminal.
  ///
  /// - Parameter descriptor: The file descriptor.
  /// - Returns: `true` for a terminal.
  package static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

  /// What a wait for input saw (``waitForInput(_:milliseconds:)``).
  package enum InputReadiness: Equatable, Sendable {
    /// There are bytes to read (or the end of the input).
    case ready
    /// The time ran out first.
    case timedOut
    /// A signal arrived first (a resize, a continue after a stop): the caller decides
    /// whether to wait again, so this wait is not retried.
    case interrupted
    /// The wait failed (``Errno/current`` says why).
    case failed
  }

  /// Waits until `descriptor` has input (`poll` for `POLLIN`).
  ///
  /// - Parameters:
  ///   - descriptor: The file descriptor.
  ///   - milliseconds: The longest wait; negative waits as long as it takes.
  /// - Returns: What ended the wait.
  package static func waitForInput(_ descriptor: Int32, milliseconds: Int32) -> InputReadiness {
    var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    let ready = poll(&poller, 1, milliseconds)
    if ready > 0 { return .ready }
    if ready == 0 { return .timedOut }
    return errno == EINTR ? .interrupted : .failed
  }
}

// The C functions under names our own types do not shadow.
private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int)
  -> Int
{ read(descriptor, bytes, count) }

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
