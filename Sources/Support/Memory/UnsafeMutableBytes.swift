/// A writable view of `count` bytes that another value owns (a ``RawStorage``, an array's
/// buffer lent by `withUnsafeMutableBufferPointer`): ``UnsafeBytes`` for the hot paths that
/// fill a buffer, with the same rules. Every write states its bounds, checked with `assert`
/// in debug builds and unchecked in release builds; the view never owns or frees the bytes.
public struct UnsafeMutableBytes {
  /// The first byte.
  @usableFromInline let start: UnsafeMutablePointer<UInt8>
  /// How many bytes may be read and written from ``start``.
  public let count: Int

  /// A view of `count` bytes at `start`.
  ///
  /// - Parameters:
  ///   - start: The first byte.
  ///   - count: How many bytes may be used (0 or more).
  @inlinable @inline(__always)
  public init(start: UnsafeMutablePointer<UInt8>, count: Int) {
    assert(count >= 0, "a negative byte count")
    self.start = start
    self.count = count
  }

  /// A view of a buffer's bytes, or `nil` for a buffer without memory (an empty one).
  ///
  /// - Parameter buffer: The bytes.
  @inlinable @inline(__always)
  public init?(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
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
    @inline(__always) nonmutating set {
      assert(offset >= 0 && offset < count, "a byte written out of bounds")
      start[offset] = newValue
    }
  }

  /// Stores `word` in the eight bytes from `offset` (all below ``count``), its lowest byte
  /// first (a little-endian store, at any alignment).
  ///
  /// - Parameters:
  ///   - word: The word.
  ///   - offset: Where it goes.
  @inlinable @inline(__always)
  public func storeWord(_ word: UInt64, at offset: Int) {
    assert(offset >= 0 && offset <= count &- 8, "a word written out of bounds")
    UnsafeMutableRawPointer(start + offset).storeBytes(of: word.littleEndian, as: UInt64.self)
  }

  /// Copies `bytes` to the bytes from `offset` (all below ``count``).
  ///
  /// - Parameters:
  ///   - bytes: What to copy (its memory does not overlap these bytes).
  ///   - offset: Where the copy goes.
  @inlinable @inline(__always)
  public func copy(_ bytes: UnsafeBufferPointer<UInt8>, to offset: Int) {
    assert(offset >= 0 && offset <= count &- bytes.count, "a copy out of bounds")
    guard let source = bytes.baseAddress else { return }
    (start + offset).update(from: source, count: bytes.count)
  }

  /// The bytes as a read-only view.
  @inlinable
  public var readOnly: UnsafeBytes {
    @inline(__always) get { UnsafeBytes(start: UnsafePointer(start), count: count) }
  }

  /// The bytes `from..<to` (within ``count``), as a buffer to read in place.
  ///
  /// - Parameters:
  ///   - from: The first offset.
  ///   - to: The end offset, at least `from`.
  /// - Returns: The bytes.
  @inlinable @inline(__always)
  public func buffer(from: Int, to: Int) -> UnsafeBufferPointer<UInt8> {
    readOnly.buffer(from: from, to: to)
  }

  /// The bytes `from..<to` (within ``count``), as a buffer to fill in place (a `read(2)`).
  ///
  /// - Parameters:
  ///   - from: The first offset.
  ///   - to: The end offset, at least `from`.
  /// - Returns: The bytes.
  @inlinable @inline(__always)
  public func mutableBuffer(from: Int, to: Int) -> UnsafeMutableRawBufferPointer {
    assert(from >= 0 && from <= to && to <= count, "a byte range out of bounds")
    return UnsafeMutableRawBufferPointer(start: start + from, count: to &- from)
  }
}
