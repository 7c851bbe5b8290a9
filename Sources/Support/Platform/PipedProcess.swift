#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A program started with a pipe to its standard input, as a pager is: what this process
/// writes to ``input`` the program reads; its standard output and error are this process's.
///
/// Started with `posix_spawnp`, which says at once when the program cannot be run (not found,
/// not executable), so the caller can write directly instead. The program gets the default
/// action for SIGINT, SIGQUIT and SIGPIPE (this process ignores some of them) and no blocked
/// signals; no other descriptor of this process but the three standard ones is left open in
/// it (every descriptor the package opens is close-on-exec, and so are the pipe's).
package struct PipedProcess: Sendable {
  /// The program's process id.
  package let processID: Int32
  /// The write end of the pipe to the program's standard input.
  package let input: Int32

  /// Starts a program with a new pipe as its standard input.
  ///
  /// - Parameters:
  ///   - program: The program: a path, or a name looked up in `PATH`.
  ///   - arguments: Its arguments after its name.
  ///   - extraEnvironment: Variables set for it on top of this process's
  ///     (`("LESS", "FRX")`); this process's own are not changed.
  /// - Returns: The running program, or `nil` when it could not be started (``Errno/current``
  ///   says why).
  package static func start(
    _ program: String, arguments: [String], extraEnvironment: [(String, String)] = []
  ) -> PipedProcess? {
    var ends: [Int32] = [-1, -1]
    guard makePipe(&ends) else { return nil }
    let (readEnd, writeEnd) = (ends[0], ends[1])
    var actions = posix_spawn_file_actions_t()
    var attributes = posix_spawnattr_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawnattr_init(&attributes)
    defer {
      posix_spawn_file_actions_destroy(&actions)
      posix_spawnattr_destroy(&attributes)
    }
    // The read end becomes the child's standard input (dup2 clears close-on-exec there).
    posix_spawn_file_actions_adddup2(&actions, readEnd, 0)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGQUIT, SIGPIPE] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

    let argumentList = ([program] + arguments).map { strdup($0) }
    let environmentList = environmentEntries(adding: extraEnvironment).map { strdup($0) }
    defer {
      for pointer in argumentList { free(pointer) }
      for pointer in environmentList { free(pointer) }
    }
    var processID: pid_t = 0
    let argumentVector = argumentList + [nil]
    let environmentVector = environmentList + [nil]
    let status = posix_spawnp(
      &processID, program, &actions, &attributes, argumentVector, environmentVector)
    POSIX.close(readEnd)
    guard status == 0 else {
      POSIX.close(writeEnd)
      Errno.current = Errno(rawValue: status)
      return nil
    }
    return PipedProcess(processID: processID, input: writeEnd)
  }

  /// Closes the pipe (the program sees the end of its input) and waits for the program to
  /// end.
  ///
  /// - Returns: Its exit status, 128 + the signal's number when a signal ended it, or -1
  ///   when it cannot be waited for.
  @discardableResult
  package func finish() -> Int32 {
    POSIX.close(input)
    var status: Int32 = 0
    while waitpid(processID, &status, 0) < 0 {
      guard errno == EINTR else { return -1 }
    }
    // The <sys/wait.h> macros, which Swift does not import: the low 7 bits are the signal.
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }

  /// This process's environment as `NAME=VALUE` entries, with `extra` set on top.
  private static func environmentEntries(adding extra: [(String, String)]) -> [String] {
    var entries: [String] = []
    var entry: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
    while let current = entry, let text = current.pointee {
      entries.append(String(cString: text))
      entry = current + 1
    }
    for (name, value) in extra {
      entries.removeAll { $0.hasPrefix(name + "=") }
      entries.append(name + "=" + value)
    }
    return entries
  }

  /// A pipe with both ends close-on-exec (`pipe2` is not imported without `_GNU_SOURCE`;
  /// the program starts no process from another thread meanwhile).
  private static func makePipe(_ ends: inout [Int32]) -> Bool {
    ends.withUnsafeMutableBufferPointer { buffer -> Bool in
      guard let base = buffer.baseAddress, pipe(base) == 0 else { return false }
      _ = fcntl(base[0], F_SETFD, FD_CLOEXEC)
      _ = fcntl(base[1], F_SETFD, FD_CLOEXEC)
      return true
    }
  }
}
