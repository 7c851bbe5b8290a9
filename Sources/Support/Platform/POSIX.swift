/// The system calls the package makes directly, with the retry on `EINTR` in one place and
/// names apart from the methods of our own types (`read`, `write`, `close`).
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
  ///   - bytes: Where the bytes go.
  ///   - count: At most this many bytes.
  /// - Returns: The bytes read, 0 at the end, negative on error (`errno` says why).
  package static func read(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int)
    -> Int
  {
    retryingInterrupted { systemRead(descriptor, bytes, count) }
  }

  /// `pread(2)`, retried when interrupted: reads at `offset` without moving the file's
  /// position, so several threads can read one descriptor.
  ///
  /// - Parameters:
  ///   - descriptor: The file descriptor.
  ///   - bytes: Where the bytes go.
  ///   - count: At most this many bytes.
  ///   - offset: Where in the file.
  /// - Returns: The bytes read, 0 at the end, negative on error (`errno` says why).
  package static func read(
    _ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int, at offset: Int
  ) -> Int {
    retryingInterrupted { pread(descriptor, bytes, count, off_t(offset)) }
  }

  /// `write(2)`, retried when interrupted.
  ///
  /// - Parameters:
  ///   - descriptor: The file descriptor.
  ///   - bytes: The bytes to write.
  ///   - count: How many.
  /// - Returns: The bytes written, negative on error (`errno` says why).
  package static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    retryingInterrupted { systemWrite(descriptor, bytes, count) }
  }

  /// Writes all of `bytes`, retrying short writes and interruptions.
  ///
  /// - Parameters:
  ///   - descriptor: The file descriptor.
  ///   - bytes: The bytes to write.
  /// - Returns: `nil` when everything was written, else the `errno` of the failure.
  package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
    guard let base = bytes.baseAddress else { return nil }
    var offset = 0
    while offset < bytes.count {
      let written = write(descriptor, base + offset, bytes.count - offset)
      if written < 0 { return errno }
      if written == 0 { return EIO }
      offset += written
    }
    return nil
  }

  /// The number of processors this process may run on (its affinity mask, as `nproc`
  /// counts them; else those online), at least 1.
  package static var processorCount: Int {
    let allowed = Threads.allowedProcessors().count
    return max(1, allowed > 0 ? allowed : sysconf(Int32(_SC_NPROCESSORS_ONLN)))
  }

  /// `open(2)` for reading, retried when interrupted, close-on-exec.
  ///
  /// - Parameter path: The file.
  /// - Returns: The descriptor, or -1 with `errno` set.
  package static func openForReading(_ path: String) -> Int32 {
    retryingInterrupted { open(path, O_RDONLY | O_CLOEXEC) }
  }

  /// Opens a file for reading, refusing a directory with `EISDIR` like a failed open.
  ///
  /// - Parameter path: The file.
  /// - Returns: The descriptor, or -1 with `errno` set.
  package static func openRegularForReading(_ path: String) -> Int32 {
    let descriptor = openForReading(path)
    guard descriptor >= 0 else { return descriptor }
    if isDirectory(descriptor) {
      close(descriptor)
      errno = EISDIR
      return -1
    }
    return descriptor
  }

  /// Whether an open descriptor is a directory.
  ///
  /// - Parameter descriptor: The file descriptor.
  /// - Returns: `true` for a directory.
  package static func isDirectory(_ descriptor: Int32) -> Bool {
    var status = stat()
    return fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
  }

  /// Whether anything exists at the path (a dangling symbolic link counts).
  ///
  /// - Parameter path: The path.
  /// - Returns: `true` if `lstat` finds something there.
  package static func exists(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0
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

  /// Makes a write to a closed pipe fail with EPIPE instead of killing the process, so the
  /// tool can stop quietly when its reader goes away (`configurator models | head -1`).
  package static func ignoreBrokenPipe() {
    signal(SIGPIPE, SIG_IGN)
  }

  /// Ends the process with a status.
  ///
  /// - Parameter status: The exit status.
  package static func exit(_ status: Int32) -> Never {
    systemExit(status)
  }

  /// The text of the last failed call's error (`No such file or directory`).
  package static var lastErrorMessage: String { message(for: errno) }

  /// The system's text for an error number.
  ///
  /// - Parameter code: An `errno` value.
  /// - Returns: Its `strerror` text.
  package static func message(for code: Int32) -> String {
    String(cString: strerror(code))
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

private func systemExit(_ status: Int32) -> Never { exit(status) }
