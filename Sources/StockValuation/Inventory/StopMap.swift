import Support

/// The *stops* of a run's bytes (`,`, line feed, `"`, carriage return, any byte of 0x80 or
/// more, and any other byte below 0x0E), found by
/// ``ByteScan/coarseStops(_:from:blocks:into:at:)`` a few 64-byte blocks at a time into a
/// small bitmap: word `k` holds the stops of the 64 bytes from `origin + 64k` (bit `i`: byte
/// `origin + 64k + i`).
///
/// A record is read from a *window*, the stops of the 64 bytes from its first byte in one
/// word (``window(at:)``), while the bitmap covers the record's word and the next
/// (``covers(_:)``); a record whose stops are not all in its window is read stop by stop
/// (``stop(from:)``). The bitmap is refilled from the word of the record being read
/// (``refill(at:)``), keeping that word, and never reads past its bytes.
struct StopMap {
  /// The bytes the map may read: the run's, up to its limit.
  private let bytes: UnsafeBytes
  /// The words, lent by the caller for the map's life.
  private let bitmap: UnsafeMutableBufferPointer<UInt64>
  /// Where word 0's bytes start.
  private var origin: Int
  /// The words filled.
  private var filled = 0

  /// A map of the stops of `bytes[start..<limit]` in `bitmap`, empty until the first
  /// ``refill(at:)``; `nil` if `bitmap` has fewer than two words or `limit` is past the
  /// bytes.
  init?(
    _ bytes: UnsafeBytes, limit: Int, from start: Int, bitmap: UnsafeMutableBufferPointer<UInt64>
  ) {
    guard bitmap.count >= 2, limit >= 0, limit <= bytes.count else { return nil }
    self.bytes = bytes.prefix(limit)
    self.bitmap = bitmap
    origin = start
  }

  /// Whether the words of the bytes at `position` and 64 bytes on are filled.
  @inline(__always)
  func covers(_ position: Int) -> Bool {
    UInt(bitPattern: ((position &- origin) >> 6) &+ 1) < UInt(bitPattern: filled)
  }

  /// Fills the bitmap from the word of `position` (`position` itself if it is not yet
  /// covered); `false` if fewer than two words of its bytes are left.
  @inline(never)
  mutating func refill(at position: Int) -> Bool {
    let word = (position &- origin) >> 6
    // The word of `position`, when filled, is kept; its bytes need not be scanned again.
    let kept = word >= 0 && word < filled ? 1 : 0
    let start = kept == 1 ? origin &+ 64 &* word : position
    let blocks = min(bitmap.count, (bytes.count - start) / 64)
    guard start >= 0, blocks >= 2 else { return false }
    if kept == 1 { bitmap[0] = bitmap[word] }
    ByteScan.coarseStops(
      bytes, from: start + 64 * kept, blocks: blocks - kept, into: bitmap, at: kept)
    origin = start
    filled = blocks
    return true
  }

  /// The stops of the 64 bytes from `position` (covered, see ``covers(_:)``): bit `i` for
  /// byte `position + i`.
  @inline(__always)
  func window(at position: Int) -> UInt64 {
    let offset = position &- origin
    let word = offset >> 6
    let shift = UInt64(truncatingIfNeeded: offset & 63)
    // The next word's bits move up by `64 - shift` (in two steps: 64 itself would mask to 0).
    return bitmap[word] &>> shift | (bitmap[word &+ 1] &<< 1) &<< (63 &- shift)
  }

  /// The first stop at or after `position` (at or after ``origin``) among the words filled,
  /// or `nil` if there is none before their end.
  @inline(__always)
  func stop(from position: Int) -> Int? {
    var offset = position &- origin
    var word = offset >> 6
    guard UInt(bitPattern: word) < UInt(bitPattern: filled) else { return nil }
    var mask = bitmap[word] &>> UInt64(truncatingIfNeeded: offset & 63)
    while mask == 0 {
      word &+= 1
      guard word < filled else { return nil }
      mask = bitmap[word]
      offset = word &* 64
    }
    return origin &+ offset &+ mask.trailingZeroBitCount
  }

  /// The byte at `position` (one the map covers).
  @inline(__always)
  func byte(at position: Int) -> UInt8 { bytes[position] }
}
