// The C library's byte search and compare (vectorized there), for the hot paths that read
// through ``UnsafeBytes``: inlinable, so the modules that read bytes call the C functions
// directly as they did. The import is public only because an inlinable body names them; it
// is not re-exported, so no other module sees the C library.
#if canImport(Glibc)
  public import Glibc
#elseif canImport(Musl)
  public import Musl
#elseif canImport(Darwin)
  public import Darwin
#endif

extension UnsafeBytes {
  /// The offset of the first `byte` in `from..<to` (within ``count``), or `nil` (`memchr`).
  ///
  /// - Parameters:
  ///   - byte: The byte looked for.
  ///   - from: The first offset searched.
  ///   - to: The end of the search.
  /// - Returns: The offset found.
  @inlinable @inline(__always)
  public func firstIndex(of byte: UInt8, from: Int, to: Int) -> Int? {
    assert(from >= 0 && from <= to && to <= count, "a search out of bounds")
    guard let found = memchr(start + from, Int32(byte), to &- from) else { return nil }
    return UnsafeRawPointer(start).distance(to: UnsafeRawPointer(found))
  }

  /// Whether the `length` bytes from `offset` equal those of `other` from `otherOffset`
  /// (both within their views; `memcmp`).
  ///
  /// - Parameters:
  ///   - offset: The first byte here.
  ///   - other: The other bytes.
  ///   - otherOffset: The first byte there.
  ///   - length: How many bytes (0 or more).
  /// - Returns: `true` when they are equal.
  @inlinable @inline(__always)
  public func bytesEqual(
    at offset: Int, _ other: UnsafeBytes, at otherOffset: Int, length: Int
  ) -> Bool {
    assert(length >= 0, "a negative length")
    assert(offset >= 0 && offset <= count &- length, "a compare out of bounds")
    assert(otherOffset >= 0 && otherOffset <= other.count &- length, "a compare out of bounds")
    return memcmp(start + offset, other.start + otherOffset, length) == 0
  }
}
