import Support

/// Finds a category by its UTF-8 bytes, without making a `String`, in a few dozen bytes per
/// key beyond the key's own bytes.
///
/// An open-addressing hash table (linear probing, at most two thirds full) over a byte arena:
/// every key is stored once, back to back, and an entry is its start in the arena (8 bytes)
/// and its value (4 bytes); a slot holds the entry's number and 32 bits of its key's hash (8
/// bytes), so a probe compares bytes only when the hashes agree and growing never rereads the
/// keys. The last key found is checked first, for files sorted by category. Memory grows with
/// the number of categories only: about 24 bytes each plus the key (SPEC §10 asks for a few
/// hundred at most).
struct CategoryTable: Sendable {
  /// Entry number + 1 in the low 32 bits (0: empty), the key's hash in the high 32 bits; the
  /// slot count is a power of two.
  private var slots = [UInt64](repeating: 0, count: 64)
  /// Where each key starts in ``arena``; it ends where the next one starts.
  private var starts: [Int] = []
  private var values: [UInt32] = []
  /// The keys, back to back.
  private var arena: [UInt8] = []
  /// The entry found last, or -1.
  private var lastEntry = -1

  /// The number of keys stored.
  var count: Int { starts.count }

  /// The bytes the table has allocated (its arrays' capacities), for the memory bound's test.
  var storageBytes: Int {
    slots.capacity * 8 + starts.capacity * 8 + values.capacity * 4 + arena.capacity
  }

  /// The bytes of the key stored `index`-th.
  ///
  /// - Parameter index: An entry number, from 0 to ``count`` - 1.
  /// - Returns: Its key.
  func key(at index: Int) -> ArraySlice<UInt8> {
    arena[starts[index]..<end(of: index)]
  }

  /// Calls `body` with the bytes of the key stored `index`-th, without a copy.
  ///
  /// - Parameters:
  ///   - index: An entry number, from 0 to ``count`` - 1.
  ///   - body: Reads the key.
  /// - Returns: What `body` returns.
  func withKey<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    let range = starts[index]..<end(of: index)
    return arena.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
  }

  /// The value stored for `key`, or `nil`.
  @inline(__always)
  mutating func value(for key: UnsafeBufferPointer<UInt8>) -> Int? {
    if lastEntry >= 0, matches(lastEntry, key) { return Int(values[lastEntry]) }
    let hash = Self.hash(key)
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let stored = slots[slot]
      if stored == 0 { return nil }
      let entry = Int(truncatingIfNeeded: stored & 0xFFFF_FFFF) - 1
      if UInt32(truncatingIfNeeded: stored >> 32) == hash, matches(entry, key) {
        lastEntry = entry
        return Int(values[entry])
      }
      slot = (slot + 1) & mask
    }
  }

  /// Stores `value` (from 0 to `UInt32.max`) for `key`, which must not be stored yet.
  mutating func insert(_ key: UnsafeBufferPointer<UInt8>, value: Int) {
    starts.append(arena.count)
    arena.append(contentsOf: key)
    values.append(UInt32(truncatingIfNeeded: value))
    let hash = Self.hash(key)
    if starts.count * 3 > slots.count * 2 {
      let old = slots
      slots = [UInt64](repeating: 0, count: slots.count * 2)
      for stored in old where stored != 0 { place(stored) }
    }
    place(UInt64(hash) << 32 | UInt64(starts.count))
  }

  private func end(of index: Int) -> Int {
    index + 1 < starts.count ? starts[index + 1] : arena.count
  }

  @inline(__always)
  private func matches(_ entry: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
    let start = starts[entry]
    guard end(of: entry) - start == key.count else { return false }
    return arena.withUnsafeBufferPointer { stored in
      guard let base = stored.baseAddress, let keyBase = key.baseAddress else { return true }
      return memcmp(base + start, keyBase, key.count) == 0
    }
  }

  private mutating func place(_ stored: UInt64) {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: stored >> 32) & mask
    while slots[slot] != 0 { slot = (slot + 1) & mask }
    slots[slot] = stored
  }

  /// A 32-bit hash of `key` (multiply-fold mixing of its eight-byte words).
  @inline(__always)
  private static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt32 {
    let length = key.count
    guard let base = key.baseAddress else { return 0 }
    let raw = UnsafeRawPointer(base)
    var first: UInt64 = 0
    var last: UInt64 = 0
    if length >= 8 {
      first = raw.loadUnaligned(as: UInt64.self)
      last = raw.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
    } else {
      for index in (0..<length).reversed() { first = first << 8 | UInt64(base[index]) }
    }
    var hash = mix(first ^ 0x9E37_79B9_7F4A_7C15, last ^ UInt64(length))
    var index = 8
    while index < length - 8 {
      hash = mix(hash, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      index += 8
    }
    return UInt32(truncatingIfNeeded: hash ^ hash >> 32)
  }

  /// Multiplies `a` by `b ^ constant` in full width and folds the halves together.
  @inline(__always)
  private static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
    let product = a.multipliedFullWidth(by: b ^ 0xE703_7ED1_A0B4_28DB)
    return product.high ^ product.low
  }
}
