#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few system calls the front end makes directly, named apart from our own methods.
enum POSIX {
  static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
      Darwin.write(descriptor, bytes, count)
    #else
      Glibc.write(descriptor, bytes, count)
    #endif
  }

  static func read(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
      Darwin.read(descriptor, bytes, count)
    #else
      Glibc.read(descriptor, bytes, count)
    #endif
  }

  /// Whether the last failed call was interrupted by a signal and should be retried.
  static var interrupted: Bool { errno == EINTR }

  static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

  /// Makes a write to a closed pipe fail with EPIPE instead of killing the process, so the
  /// tool can stop quietly when its reader goes away (`configurator models | head -1`).
  static func ignoreBrokenPipe() {
    signal(SIGPIPE, SIG_IGN)
  }

  static func exit(_ status: Int32) -> Never {
    #if canImport(Darwin)
      Darwin.exit(status)
    #else
      Glibc.exit(status)
    #endif
  }
}

extension POSIX {
  /// Opens a file for reading; a directory is refused with EISDIR like a failed open.
  static func openForReading(_ path: String) -> Int32 {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return descriptor }
    var status = stat()
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
      _ = Glibc.close(descriptor)
      errno = EISDIR
      return -1
    }
    return descriptor
  }

  static func close(_ descriptor: Int32) {
    _ = Glibc.close(descriptor)
  }

  /// The text of the last failed call's error (`No such file or directory`).
  static var lastErrorMessage: String { String(cString: strerror(errno)) }
}
