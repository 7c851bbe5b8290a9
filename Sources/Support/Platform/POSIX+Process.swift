#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// This process and others: ids, the processors, the end.
extension POSIX {
  /// This process's id.
  package static var processID: Int32 { getpid() }

  /// This process's effective user id (the one the kernel checks permissions against).
  package static var effectiveUserID: UInt32 { UInt32(geteuid()) }

  /// Whether a process with this id exists, ours or another user's (`kill(pid, 0)`).
  ///
  /// - Parameter processID: The process.
  /// - Returns: `true` while it runs.
  package static func isRunning(_ processID: Int32) -> Bool {
    kill(processID, 0) == 0 || errno == EPERM
  }

  /// The number of processors this process may run on (its affinity mask, as `nproc`
  /// counts them; else those online), at least 1.
  package static var processorCount: Int {
    let allowed = Threads.allowedProcessors().count
    return max(1, allowed > 0 ? allowed : sysconf(Int32(_SC_NPROCESSORS_ONLN)))
  }

  /// The size of a page of memory, in bytes.
  package static var pageSize: Int { sysconf(Int32(_SC_PAGESIZE)) }

  /// Ends the process with a status.
  ///
  /// - Parameter status: The exit status.
  package static func exit(_ status: Int32) -> Never {
    systemExit(status)
  }

  /// The text of the last failed call's error (`No such file or directory`).
  package static var lastErrorMessage: String { Errno.current.message }
}

private func systemExit(_ status: Int32) -> Never { exit(status) }
