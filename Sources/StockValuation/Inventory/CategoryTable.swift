import Support

/// Finds a category by its UTF-8 bytes, without making a `String`, in a few dozen bytes per
/// key beyond the key's own bytes.
///
/// An open-addressing hash table (linear probing, at most two thirds full) over a byte arena:
/// every key is stored once, back to back, and an entry is its start in the arena, its length
/// and its value (16 bytes); a slot holds the entry's number and 32 bits of its key's hash (8
/// bytes), so a probe compares bytes only when the hashes agree and growing never rereads the
/// keys. A key is hashed and compared by its first and last eight bytes (a shorter key: its
/// bytes, zero-extended), read with unaligned loads; only the middle of a key longer than 16
/// bytes is compared with `memcmp` (``UnsafeBytes/bytesEqual(at:_:at:length:)``). The last key
/// found is checked first, for files sorted by category. Memory grows with the number of categories only: about 28 bytes each plus the key
/// (SPEC §10 asks for a few hundred at most).
struct CategoryTable: Sendable {
  /// Where a key is in ``CategoryTable/arena``, and its value.
  private struct Entry: Sendable {
    var start: Int
    var length: UInt32
    var value: UInt32
  }

  /// The first and last eight bytes of a key (see ``CategoryTable/words(of:)``) and its length.
  struct Key {
    var first: UInt64
    var last: UInt64
    var length: Int
  }

  /// Entry number + 1 in the low 32 bits (0: empty), the key's hash in the high 32 bits; the
  /// slot count is a power of two.
  private var slots = [UInt64](repeating: 0, count: 64)
  private var entries: [Entry] = []
  /// The keys, back to back, then eight zero bytes (so that eight bytes can be read at the
  /// start of any key).
  private var arena = [UInt8](repeating: 0, count: 8)
  /// The key found last (its length -1 if none) and its value.
  private var lastKey = Key(first: 0, last: 0, length: -1)
  private var lastStart = 0
  private var lastValue = 0

  /// The number of keys stored.
  var count: Int { entries.count }

  /// The bytes the table has allocated (its arrays' capacities), for the memory bound's test.
  var storageBytes: Int {
    slots.capacity * 8 + entries.capacity * MemoryLayout<Entry>.stride + arena.capacity
  }

  /// The bytes of the key stored `index`-th.
  ///
  /// - Parameter index: An entry number, from 0 to ``count`` - 1.
  /// - Returns: Its key.
  func key(at index: Int) -> ArraySlice<UInt8> {
    let entry = entries[index]
    return arena[entry.start..<entry.start + Int(entry.length)]
  }

  /// Calls `body` with the bytes of the key stored `index`-th, without a copy.
  ///
  /// - Parameters:
  ///   - index: An entry number, from 0 to ``count`` - 1.
  ///   - body: Reads the key.
  /// - Returns: What `body` returns.
  func withKey<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    let entry = entries[index]
    let range = entry.start..<entry.start + Int(entry.length)
    return arena.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
  }

  /// The value stored for `key`, or `nil`.
  @inline(always)
  mutating func value(for key: UnsafeBufferPointer<UInt8>) -> Int? {
    value(for: Self.words(of: key), bytes: UnsafeBytes(key))
  }

  /// The value stored for the key `start..<end` of `bytes` (eight bytes are read at once
  /// wherever `bytes` has them), or `nil`.
  @inline(always)
  mutating func value(forKeyIn bytes: UnsafeBytes, from start: Int, to end: Int) -> Int? {
    let words =
      start + 8 <= bytes.count
      ? Self.words(of: bytes, at: start, count: end - start)
      : Self.words(of: bytes.buffer(from: start, to: end))
    return value(for: words, bytes: bytes.dropFirst(start).prefix(end - start))
  }

  /// The value stored for the key whose words are `key` and whose bytes are `bytes` (`nil`
  /// for an empty key).
  @inline(always)
  private mutating func value(for key: Key, bytes: UnsafeBytes?) -> Int? {
    if key.first == lastKey.first, key.last == lastKey.last, key.length == lastKey.length,
      key.length <= 16 || matchesMiddle(start: lastStart, key, bytes)
    {
      return lastValue
    }
    let hash = Self.hash(key, bytes)
    let found = slots.withUnsafeBufferPointer { slots in
      entries.withUnsafeBufferPointer { entries in
        arena.withUnsafeBufferPointer { arena -> Entry? in
          guard let keys = UnsafeBytes(arena) else { return nil }
          let mask = slots.count - 1
          var slot = Int(truncatingIfNeeded: hash) & mask
          while true {
            let stored = slots[slot]
            if stored == 0 { return nil }
            if UInt32(truncatingIfNeeded: stored >> 32) == hash {
              let entry = entries[Int(truncatingIfNeeded: stored & 0xFFFF_FFFF) - 1]
              if Int(entry.length) == key.length,
                Self.matches(key, bytes, stored: keys, at: entry.start)
              {
                return entry
              }
            }
            slot = (slot + 1) & mask
          }
        }
      }
    }
    guard let found else { return nil }
    lastKey = key
    lastStart = found.start
    lastValue = Int(found.value)
    return lastValue
  }

  /// Whether the stored key at `start` in the arena, with the words of `key` (so as long),
  /// has the bytes at `bytes` between its first and last eight.
  private func matchesMiddle(start: Int, _ key: Key, _ bytes: UnsafeBytes?) -> Bool {
    guard let bytes else { return false }
    return arena.withUnsafeBufferPointer { arena in
      guard let stored = UnsafeBytes(arena) else { return false }
      return stored.bytesEqual(at: start + 8, bytes, at: 8, length: key.length - 16)
    }
  }

  /// Stores `value` (from 0 to `UInt32.max`) for `key`, which must not be stored yet.
  mutating func insert(_ key: UnsafeBufferPointer<UInt8>, value: Int) {
    let start = arena.count - 8
    arena.removeLast(8)
    arena.append(contentsOf: key)
    arena.append(contentsOf: repeatElement(0, count: 8))
    entries.append(
      Entry(
        start: start, length: UInt32(truncatingIfNeeded: key.count),
        value: UInt32(truncatingIfNeeded: value)))
    let hash = Self.hash(Self.words(of: key), UnsafeBytes(key))
    if entries.count * 3 > slots.count * 2 {
      let old = slots
      slots = [UInt64](repeating: 0, count: slots.count * 2)
      for stored in old where stored != 0 { place(stored) }
    }
    place(UInt64(hash) << 32 | UInt64(entries.count))
  }

  private mutating func place(_ stored: UInt64) {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: stored >> 32) & mask
    while slots[slot] != 0 { slot = (slot + 1) & mask }
    slots[slot] = stored
  }

  /// Whether the key stored at `start` of the arena `stored` (followed by at least eight
  /// readable bytes) has the words of `key` and, beyond 16 bytes, the bytes `bytes`; lengths
  /// are equal.
  @inline(always)
  private static func matches(
    _ key: Key, _ bytes: UnsafeBytes?, stored: UnsafeBytes, at start: Int
  ) -> Bool {
    let words = Self.words(of: stored, at: start, count: key.length)
    guard words.first == key.first, words.last == key.last else { return false }
    guard key.length > 16 else { return true }
    guard let bytes else { return false }
    return stored.bytesEqual(at: start + 8, bytes, at: 8, length: key.length - 16)
  }

  /// The words of the `count` bytes from `start` of `bytes`, which has at least eight bytes
  /// from `start`.
  @inline(always)
  static func words(of bytes: UnsafeBytes, at start: Int, count: Int) -> Key {
    let first = bytes.word(at: start)
    guard count >= 8 else {
      // The key's bytes are the low ones.
      let mask: UInt64 = count == 0 ? 0 : ~0 >> (64 - 8 * count)
      return Key(first: first & mask, last: 0, length: count)
    }
    return Key(first: first, last: bytes.word(at: start &+ count &- 8), length: count)
  }

  /// The words of `key`, read without reading past it.
  static func words(of key: UnsafeBufferPointer<UInt8>) -> Key {
    guard let bytes = UnsafeBytes(key), key.count >= 8 else {
      var first: UInt64 = 0
      for index in key.indices.reversed() { first = first << 8 | UInt64(key[index]) }
      return Key(first: first, last: 0, length: key.count)
    }
    return words(of: bytes, at: 0, count: key.count)
  }

  /// A 32-bit hash of a key (multiply-fold mixing of its eight-byte words), from its words and,
  /// for a key longer than 16 bytes, its bytes.
  @inline(always)
  private static func hash(_ key: Key, _ bytes: UnsafeBytes?) -> UInt32 {
    var hash = mix(key.first ^ 0x9E37_79B9_7F4A_7C15, key.last ^ UInt64(key.length))
    if key.length > 16, let bytes {
      var index = 8
      while index < key.length - 8 {
        hash = mix(hash, bytes.word(at: index))
        index += 8
      }
    }
    return UInt32(truncatingIfNeeded: hash ^ hash >> 32)
  }

  /// Multiplies `a` by `b ^ constant` in full width and folds the halves together.
  @inline(always)
  private static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
    let product = a.multipliedFullWidth(by: b ^ 0xE703_7ED1_A0B4_28DB)
    return product.high ^ product.low
  }
}
