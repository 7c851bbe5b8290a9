/// A read-only view of `count` bytes that another value owns (a buffer lent by
/// `withUnsafeBufferPointer`, a chunk read from a file, a ``RawStorage``): the one way the
/// package's hot paths read memory through a pointer, as swift-collections'
/// `Deque._UnsafeHandle` is the one way a deque's storage is read.
///
/// Every read states its bounds: a byte, an eight-byte word or a run of bytes at an offset
/// below ``count``, checked with `assert` (debug builds, so the tests) and unchecked in release
/// builds, where the hot paths run at the speed of the pointer arithmetic the checks wrap. A
/// view is valid only while its owner keeps the bytes alive and unchanged; it never owns or
/// frees them, and it is not `Sendable`: a thread gets an owner of the bytes, never a view.
public struct UnsafeBytes {
  /// The first byte.
  @usableFromInline let start: UnsafePointer<UInt8>
  /// How many bytes may be read from ``start``.
  public let count: Int

  /// A view of `count` bytes at `start`.
  ///
  /// - Parameters:
  ///   - start: The first byte.
  ///   - count: How many bytes may be read (0 or more).
  @inlinable @inline(__always)
  public init(start: UnsafePointer<UInt8>, count: Int) {
    assert(count >= 0, "a negative byte count")
    self.start = start
    self.count = count
  }

  /// A view of a buffer's bytes, or `nil` for a buffer without memory (an empty one).
  ///
  /// - Parameter buffer: The bytes.
  @inlinable @inline(__always)
  public init?(_ buffer: UnsafeBufferPointer<UInt8>) {
    guard let start = buffer.baseAddress else { return nil }
    self.init(start: start, count: buffer.count)
  }

  /// The byte at `offset` (below ``count``).
  @inlinable
  public subscript(offset: Int) -> UInt8 {
    @inline(__always) get {
      assert(offset >= 0 && offset < count, "a byte read out of bounds")
      return start[offset]
    }
  }

  /// The eight bytes from `offset` (all below ``count``) as one word, the first byte lowest
  /// (a little-endian load, at any alignment).
  ///
  /// - Parameter offset: Where the word starts.
  /// - Returns: The word.
  @inlinable @inline(__always)
  public func word(at offset: Int) -> UInt64 {
    assert(offset >= 0 && offset <= count &- 8, "a word read out of bounds")
    return UInt64(
      littleEndian: UnsafeRawPointer(start + offset).loadUnaligned(as: UInt64.self))
  }

  /// The bytes from `offset` to the end, fewer than eight, as one word, the first byte lowest
  /// and zeros above them (a 4-, a 2- and a 1-byte load, as the count's bits say): how a
  /// word's last bytes are read without reading past them.
  ///
  /// - Parameter offset: Where the bytes start, fewer than eight before ``count``.
  /// - Returns: The word.
  @inlinable @inline(__always)
  public func tailWord(from offset: Int) -> UInt64 {
    let available = count &- offset
    assert(offset >= 0 && available >= 0 && available < 8, "not a tail of fewer than 8 bytes")
    let tail = UnsafeRawPointer(start + offset)
    var word: UInt64 = 0
    var at = 0
    if available & 4 != 0 {
      word = UInt64(UInt32(littleEndian: tail.loadUnaligned(as: UInt32.self)))
      at = 4
    }
    if available & 2 != 0 {
      let pair = UInt64(
        UInt16(littleEndian: tail.loadUnaligned(fromByteOffset: at, as: UInt16.self)))
      word |= pair << UInt64(at &* 8)
      at &+= 2
    }
    if available & 1 != 0 {
      word |= UInt64(tail.load(fromByteOffset: at, as: UInt8.self)) << UInt64(at &* 8)
    }
    return word
  }

  /// The bytes `from..<to` (within ``count``), as a buffer to read in place.
  ///
  /// - Parameters:
  ///   - from: The first offset.
  ///   - to: The end offset, at least `from`.
  /// - Returns: The bytes.
  @inlinable @inline(__always)
  public func buffer(from: Int, to: Int) -> UnsafeBufferPointer<UInt8> {
    assert(from >= 0 && from <= to && to <= count, "a byte range out of bounds")
    return UnsafeBufferPointer(start: start + from, count: to &- from)
  }

  /// The `count` bytes from `from` (within ``count``), as a buffer to read in place.
  ///
  /// - Parameters:
  ///   - from: The first offset.
  ///   - count: How many bytes.
  /// - Returns: The bytes.
  @inlinable @inline(__always)
  public func buffer(from: Int, count: Int) -> UnsafeBufferPointer<UInt8> {
    assert(from >= 0 && count >= 0 && from <= self.count &- count, "a byte range out of bounds")
    return UnsafeBufferPointer(start: start + from, count: count)
  }

  /// The first `count` bytes (at most ``count``) as a view of their own.
  ///
  /// - Parameter count: How many.
  /// - Returns: The shorter view.
  @inlinable @inline(__always)
  public func prefix(_ count: Int) -> UnsafeBytes {
    assert(count >= 0 && count <= self.count, "a prefix longer than the bytes")
    return UnsafeBytes(start: start, count: count)
  }

  /// The bytes from `offset` on as a view of their own: its offset 0 is this one's `offset`.
  ///
  /// - Parameter offset: Where the view starts (at most ``count``).
  /// - Returns: The view.
  @inlinable @inline(__always)
  public func dropFirst(_ offset: Int) -> UnsafeBytes {
    assert(offset >= 0 && offset <= count, "a view starting past the bytes")
    return UnsafeBytes(start: start + offset, count: count &- offset)
  }
}
