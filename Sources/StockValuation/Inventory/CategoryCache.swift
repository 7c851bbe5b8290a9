import Support

/// A small fixed-size front for a ``CategoryTable``: the categories of up to 16 bytes found
/// so far (at most ``capacity``), each stored with its first and last eight bytes and its
/// value in one slot, so that a category the run has seen is found with one hash, one probe
/// (usually) and three compares, without the table's entries and arena.
///
/// An open-addressing table (linear probing) of ``slotCount`` slots of three words: the key's
/// words (see ``CategoryTable/words(of:count:)``) and `length + 1 | value << 32` (0: empty).
/// It only ever holds what the table returned for the same bytes, and is never more than
/// half full (once full, further categories are looked up in the table only), so its memory
/// is fixed (24 KiB, from the first lookup on) whatever the number of categories.
struct CategoryCache {
  /// The slots (a power of two).
  static let slotCount = 1024
  /// The most keys it holds.
  static let capacity = slotCount / 2
  /// Three words per slot (none until the first lookup).
  private var words: [UInt64] = []
  /// The keys held.
  private var count = 0

  /// A cache that holds no memory yet (also a placeholder while a cache is lent).
  static var empty: CategoryCache { CategoryCache() }

  /// Calls `body` with the cache as plain memory, for a run of lookups.
  @inline(__always)
  mutating func withLookup<Result>(_ body: (inout Lookup) -> Result) -> Result {
    if words.count != 3 * Self.slotCount {
      words = [UInt64](repeating: 0, count: 3 * Self.slotCount)
    }
    let held = count
    return words.withUnsafeMutableBufferPointer { words in
      var lookup = Lookup(words: words, count: held)
      let result = body(&lookup)
      count = lookup.count
      return result
    }
  }

  /// The cache lent as plain memory (see ``CategoryCache/withLookup(_:)``).
  struct Lookup {
    /// Exactly `3 × slotCount` words (made only by ``CategoryCache/withLookup(_:)``), so a
    /// slot's index masked by `slotCount - 1` is always inside.
    private let words: UnsafeMutableBufferPointer<UInt64>
    fileprivate private(set) var count: Int

    fileprivate init(words: UnsafeMutableBufferPointer<UInt64>, count: Int) {
      self.words = words
      self.count = count
    }

    /// The value of the category `start..<end` of `bytes`, from the cache or else from
    /// `table` (then cached); `nil` if the table does not have it.
    @inline(__always)
    mutating func value(
      forKeyIn bytes: UnsafeBytes, from start: Int, to end: Int, table: inout CategoryTable
    ) -> Int? {
      let length = end &- start
      guard length <= 16, start &+ 8 <= bytes.count else {
        return Self.uncached(bytes, from: start, to: end, &table)
      }
      let key = CategoryTable.words(of: bytes, at: start, count: length)
      let rotated = key.last << 29 | key.last >> 35
      let hash = ((key.first &+ rotated) ^ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15
      let mask = CategoryCache.slotCount - 1
      var slot = Int(truncatingIfNeeded: hash >> 54) & mask
      let tag = UInt32(truncatingIfNeeded: length + 1)
      while true {
        let meta = words[3 &* slot &+ 2]
        if meta == 0 { break }
        if UInt32(truncatingIfNeeded: meta) == tag, words[3 &* slot] == key.first,
          words[3 &* slot &+ 1] == key.last
        {
          return Int(truncatingIfNeeded: meta >> 32)
        }
        slot = (slot &+ 1) & mask
      }
      return miss(forKeyIn: bytes, from: start, to: end, table: &table, key: key, slot: slot)
    }

    /// A key the cache does not hold: looked up in `table` only.
    @inline(never)
    private static func uncached(
      _ bytes: UnsafeBytes, from start: Int, to end: Int, _ table: inout CategoryTable
    ) -> Int? {
      table.value(forKeyIn: bytes, from: start, to: end)
    }

    /// Looks `key` (the words of `start..<end`) up in `table` and caches it at `slot`, the
    /// empty slot its probe ended at, while the cache is not full.
    @inline(never)
    private mutating func miss(
      forKeyIn bytes: UnsafeBytes, from start: Int, to end: Int, table: inout CategoryTable,
      key: CategoryTable.Key, slot: Int
    ) -> Int? {
      guard let value = table.value(forKeyIn: bytes, from: start, to: end) else { return nil }
      if count < CategoryCache.capacity, UInt(value) <= UInt(UInt32.max) {
        words[3 &* slot] = key.first
        words[3 &* slot &+ 1] = key.last
        words[3 &* slot &+ 2] =
          UInt64(UInt32(truncatingIfNeeded: end - start + 1)) | UInt64(value) << 32
        count += 1
      }
      return value
    }
  }
}
