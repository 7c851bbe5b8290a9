#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A program run to its end with nothing of this process's terminal: its standard input,
/// output and error are `/dev/null` (a browser printing a page talks a lot on stderr). It
/// runs in a process group of its own, so the helpers it starts end with it: when it has not
/// ended within its time limit, or once it has, the whole group is killed.
package enum QuietProcess {
  /// How a run ended.
  package enum Outcome: Equatable, Sendable {
    /// It exited with this status (128 + the signal's number when a signal ended it).
    case exited(Int32)
    /// It was still running at the time limit and was killed.
    case timedOut
    /// It could not be started (not found, not executable).
    case notStarted(Errno)
  }

  /// Runs a program and waits for it, at most `timeLimit`.
  ///
  /// - Parameters:
  ///   - program: A path, or a name looked up in `PATH`.
  ///   - arguments: Its arguments after its name.
  ///   - timeLimit: How long it may run.
  /// - Returns: How it ended.
  package static func run(_ program: String, arguments: [String], timeLimit: Duration)
    -> Outcome
  {
    var actions = posix_spawn_file_actions_t()
    var attributes = posix_spawnattr_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawnattr_init(&attributes)
    defer {
      posix_spawn_file_actions_destroy(&actions)
      posix_spawnattr_destroy(&attributes)
    }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGQUIT, SIGPIPE] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))

    let argumentList = ([program] + arguments).map { strdup($0) }
    defer { for pointer in argumentList { free(pointer) } }
    var processID: pid_t = 0
    let status = posix_spawnp(
      &processID, program, &actions, &attributes, argumentList + [nil], environ)
    guard status == 0 else { return .notStarted(Errno(rawValue: status)) }

    let deadline = ContinuousClock.now.advanced(by: timeLimit)
    var timedOut = false
    // Waits without reaping, so the group's id stays the program's until the group is killed.
    while !hasEnded(processID) {
      if ContinuousClock.now >= deadline {
        timedOut = true
        break
      }
      SystemClock.sleep(milliseconds: 20)
    }
    _ = kill(-processID, SIGKILL)
    var waitStatus: Int32 = 0
    while waitpid(processID, &waitStatus, 0) < 0 {
      guard errno == EINTR else { break }
    }
    if timedOut { return .timedOut }
    // The <sys/wait.h> macros, which Swift does not import: the low 7 bits are the signal.
    let signal = waitStatus & 0x7F
    return .exited(signal == 0 ? (waitStatus >> 8) & 0xFF : 128 + signal)
  }

  /// Whether the process has ended (it stays a zombie until reaped).
  private static func hasEnded(_ processID: pid_t) -> Bool {
    var info = siginfo_t()
    let result = waitid(P_PID, id_t(processID), &info, WEXITED | WNOHANG | WNOWAIT)
    // An error (no such child) counts as ended: there is nothing to wait for.
    return result != 0 || info._sifields._sigchld.si_pid != 0
  }
}
