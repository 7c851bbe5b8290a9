#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How much address space the process may still take before its limit (`ulimit -v`,
/// `RLIMIT_AS`), so that a reader can refuse a document it could not hold with a clear error
/// instead of dying in the allocator.
package enum AddressSpace {
  /// The bytes of address space left under the limit, or `nil` when there is no limit (or it
  /// cannot be known on this system).
  package static var available: Int? {
    #if os(Linux)
      var limit = rlimit()
      guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0,
        limit.rlim_cur != rlim_t.max  // RLIM_INFINITY
      else { return nil }
      guard let used = usedBytes else { return nil }
      let cap = Int(clamping: limit.rlim_cur)
      return max(0, cap - used)
    #else
      return nil
    #endif
  }

  #if os(Linux)
    /// The process's address space in use: the first field of `/proc/self/statm`, in pages.
    private static var usedBytes: Int? {
      let descriptor = POSIX.openRegularForReading("/proc/self/statm")
      guard descriptor >= 0 else { return nil }
      defer { POSIX.close(descriptor) }
      var buffer = [UInt8](repeating: 0, count: 128)
      let count = buffer.withUnsafeMutableBytes { POSIX.read(descriptor, into: $0) }
      guard count > 0 else { return nil }
      var pages = 0
      for byte in buffer[..<count] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { break }
        let (times, overflow) = pages.multipliedReportingOverflow(by: 10)
        guard !overflow else { return nil }
        pages = times &+ Int(byte - UInt8(ascii: "0"))
      }
      let (bytes, overflow) = pages.multipliedReportingOverflow(
        by: POSIX.pageSize)
      return overflow ? nil : bytes
    }
  #endif
}
