/// A regular file mapped read-only into memory, so it can be read without the kernel copying
/// it into a buffer (`read` copies every byte once; a mapping lends the page cache's pages).
///
/// Mapping the whole file costs address space, not memory: pages come in as they are touched
/// (``prefetch(_:)`` asks for them ahead of use) and ``release(_:)`` gives read pages back, so a
/// reader that releases what it has read keeps its resident memory to a few windows, however
/// large the file. Pipes, `<(…)` and other files that cannot be mapped are read with
/// ``FileInput/read(into:)`` instead: ``init(_:path:)`` returns `nil` for them.
package struct MappedFile: ~Copyable {
  /// The file's bytes; valid while the mapping lives.
  package let bytes: UnsafeBufferPointer<UInt8>

  /// Maps an open file, or returns `nil` when it is not a non-empty regular file or the
  /// system refuses the mapping (the caller then reads it instead).
  ///
  /// - Parameters:
  ///   - file: The open file.
  ///   - minimumSize: Files smaller than this are not mapped (reading them is as cheap).
  package init?(_ file: borrowing FileInput, minimumSize: Int = 1) {
    guard let size = file.regularFileSize, size >= max(minimumSize, 1),
      let base = POSIX.mapForReading(file.descriptor, count: size)
    else { return nil }
    bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: size)
  }

  deinit {
    if let base = bytes.baseAddress {
      POSIX.unmap(UnsafeMutableRawPointer(mutating: base), count: bytes.count)
    }
  }

  /// Asks the system to bring in the pages of `range` before they are read (a hint).
  ///
  /// - Parameter range: Bytes of a mapping (``bytes`` or a part of it).
  package static func prefetch(_ range: UnsafeBufferPointer<UInt8>) {
    advise(range, POSIX.adviceWillNeed, roundingInward: false)
  }

  /// Gives the pages wholly inside `range` back: they leave the resident memory and are
  /// read again from the page cache if touched later (a hint).
  ///
  /// - Parameter range: Bytes of a mapping that were read.
  package static func release(_ range: UnsafeBufferPointer<UInt8>) {
    advise(range, POSIX.adviceDontNeed, roundingInward: true)
  }

  /// Applies `advice` to the pages of `range`: those wholly inside it when `roundingInward`,
  /// else every page it touches.
  private static func advise(
    _ range: UnsafeBufferPointer<UInt8>, _ advice: Int32, roundingInward: Bool
  ) {
    guard let base = range.baseAddress, !range.isEmpty else { return }
    let page = POSIX.pageSize
    let start = UInt(bitPattern: base)
    let end = start + UInt(range.count)
    let alignedStart = roundingInward ? (start + page - 1) & ~(page - 1) : start & ~(page - 1)
    let alignedEnd = roundingInward ? end & ~(page - 1) : (end + page - 1) & ~(page - 1)
    guard alignedStart < alignedEnd,
      let pointer = UnsafeMutableRawPointer(bitPattern: alignedStart)
    else { return }
    POSIX.advise(pointer, count: Int(alignedEnd - alignedStart), advice)
  }
}
