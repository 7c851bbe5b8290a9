/// The memory-mapping calls: `mmap`, `munmap`, `madvise` and the page size.
extension POSIX {
  /// The system's page size in bytes (a power of two).
  package static let pageSize: UInt = {
    let size = sysconf(Int32(_SC_PAGESIZE))
    return size > 0 ? UInt(size) : 4096
  }()

  /// `MADV_WILLNEED`: the pages will be read soon.
  package static let adviceWillNeed = Int32(MADV_WILLNEED)
  /// `MADV_DONTNEED`: the pages may leave the resident memory.
  package static let adviceDontNeed = Int32(MADV_DONTNEED)

  /// Maps the first `count` bytes of a file read-only and private.
  ///
  /// - Parameters:
  ///   - descriptor: A file descriptor open for reading.
  ///   - count: How many bytes, more than zero.
  /// - Returns: The mapping's address, or `nil` if the system refused it.
  package static func mapForReading(_ descriptor: Int32, count: Int) -> UnsafeRawPointer? {
    guard count > 0 else { return nil }
    let address = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0)
    guard let address, address != MAP_FAILED else { return nil }
    return UnsafeRawPointer(address)
  }

  /// `munmap`; the result is ignored (nothing useful can be done about it).
  ///
  /// - Parameters:
  ///   - address: A mapping's address.
  ///   - count: Its length.
  package static func unmap(_ address: UnsafeMutableRawPointer, count: Int) {
    _ = munmap(address, count)
  }

  /// `madvise`, a hint whose failure is ignored.
  ///
  /// - Parameters:
  ///   - address: A page-aligned address inside a mapping.
  ///   - count: The length.
  ///   - advice: `MADV_…`.
  package static func advise(_ address: UnsafeMutableRawPointer, count: Int, _ advice: Int32) {
    _ = madvise(address, count, advice)
  }

  /// The number of processors online, at least 1.
  package static var processorCount: Int {
    max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
  }
}
