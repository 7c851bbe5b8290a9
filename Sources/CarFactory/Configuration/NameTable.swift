internal import Support

/// Names looked up by their UTF-8 bytes, each within a scope (a group's values are one scope):
/// how a command line's words find their group and value without making a `String` — a
/// script may name a million choices.
///
/// Open addressing over a flat arena of 8-byte chunks: a lookup reads the word eight bytes at
/// a time, hashes the chunks once (FNV-1a over chunks, with the scope mixed in) and compares
/// chunks; nothing is allocated for a word of up to a few hundred bytes. Names are stored as
/// given; a table of lower-cased names is looked up with the word lower-cased the same way
/// (``NameTable/value(scope:lowercasing:)``), eight ASCII bytes at a time.
struct NameTable: Sendable {
  private struct Slot: Sendable {
    var hash: UInt64 = 0
    var scope: Int32 = 0
    /// The first chunk of the name in the arena.
    var offset: Int32 = 0
    /// The name's length in bytes.
    var length: Int32 = 0
    /// The value plus one; zero marks an empty slot.
    var value: Int32 = 0
  }

  /// What a lookup found.
  private enum Lookup {
    case found(Int)
    case absent
    /// The word has a byte past ASCII, which only the standard library lower-cases.
    case notASCII
  }

  private var slots: [Slot]
  /// Every name as little-endian 8-byte chunks, the last one padded with zero bytes.
  private var arena: [UInt64] = []

  /// A table of these names; of two equal names in one scope the first is kept.
  ///
  /// - Parameter entries: Each name's scope, bytes and value (values fit `Int32`).
  init(_ entries: [(scope: Int, name: [UInt8], value: Int)]) {
    self.init(capacity: entries.count)
    for entry in entries {
      entry.name.withUnsafeBufferPointer { name in
        insert(scope: entry.scope, name, value: entry.value)
      }
    }
  }

  /// An empty table for up to `count` names, filled with ``add(scope:_:value:)``.
  init(capacity count: Int) {
    var capacity = 16
    while capacity < 2 * count { capacity *= 2 }
    slots = Array(repeating: Slot(), count: capacity)
    arena.reserveCapacity(count)
  }

  /// Adds a name unless the scope has it already, read from the string's own UTF-8 (no
  /// copy); lower-cased first if `lowercasing` (as `String.lowercased()` does: ASCII a word
  /// at a time, anything else by the standard library).
  mutating func add(scope: Int, _ name: String, lowercasing: Bool = false, value: Int) {
    var name = name
    let isASCII = name.utf8.allSatisfy { $0 < 0x80 }
    if lowercasing, !isASCII { name = name.lowercased() }
    name.withUTF8 { insert(scope: scope, $0, lowering: lowercasing && isASCII, value: value) }
  }

  /// The value of a name in a scope, if the table has it.
  func value(scope: Int, _ name: UnsafeBufferPointer<UInt8>) -> Int? {
    guard case .found(let value) = lookup(scope: scope, name, lowering: false) else { return nil }
    return value
  }

  /// The value of a name in a scope, the name lower-cased as the table's names were
  /// (`String.lowercased()`): ASCII eight bytes at a time, anything else by the standard
  /// library.
  func value(scope: Int, lowercasing name: UnsafeBufferPointer<UInt8>) -> Int? {
    switch lookup(scope: scope, name, lowering: true) {
    case .found(let value): return value
    case .absent: return nil
    case .notASCII:
      let lowered = Array(String(decoding: name, as: UTF8.self).lowercased().utf8)
      return lowered.withUnsafeBufferPointer { value(scope: scope, $0) }
    }
  }

  /// Adds a name (its ASCII letters lower-cased first if `lowering`) unless the scope has it.
  private mutating func insert(
    scope: Int, _ name: UnsafeBufferPointer<UInt8>, lowering: Bool = false, value: Int
  ) {
    guard case .absent = lookup(scope: scope, name, lowering: lowering) else { return }
    let count = Self.chunkCount(name.count)
    var hash = Self.seed(scope)
    let offset = arena.count
    for chunk in 0..<count {
      var word = WordBytes.chunk(name, at: chunk)
      if lowering { word = WordBytes.lowercasedASCII(word) }
      arena.append(word)
      hash = Self.mix(hash, word)
    }
    hash = Self.finish(hash)
    let mask = slots.count - 1
    var index = Int(truncatingIfNeeded: hash) & mask
    while slots[index].value != 0 { index = (index + 1) & mask }
    slots[index] = Slot(
      hash: hash, scope: Int32(truncatingIfNeeded: scope),
      offset: Int32(truncatingIfNeeded: offset),
      length: Int32(truncatingIfNeeded: name.count), value: Int32(truncatingIfNeeded: value + 1))
  }

  /// Finds a name, read (and lower-cased, if `lowering`) into chunks on the stack.
  private func lookup(scope: Int, _ name: UnsafeBufferPointer<UInt8>, lowering: Bool) -> Lookup {
    let count = Self.chunkCount(name.count)
    if count <= 2 { return shortLookup(scope: scope, name, chunks: count, lowering: lowering) }
    return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: count) { chunks in
      var all: UInt64 = 0
      var hash = Self.seed(scope)
      for chunk in 0..<count {
        var word = WordBytes.chunk(name, at: chunk)
        all |= word
        if lowering { word = WordBytes.lowercasedASCII(word) }
        chunks[chunk] = word
        hash = Self.mix(hash, word)
      }
      if lowering, all & WordBytes.highBits != 0 { return .notASCII }
      return probe(hash: Self.finish(hash), scope: scope, length: name.count) { arena, offset in
        Self.equal(arena, at: offset, UnsafeBufferPointer(chunks))
      }
    }
  }

  /// ``lookup(scope:_:lowering:)`` for a name of at most 16 bytes (most are): its two chunks
  /// in registers, no buffer.
  @inline(__always)
  private func shortLookup(
    scope: Int, _ name: UnsafeBufferPointer<UInt8>, chunks: Int, lowering: Bool
  ) -> Lookup {
    var first = WordBytes.chunk(name, at: 0)
    var second = chunks == 2 ? WordBytes.chunk(name, at: 1) : 0
    if lowering {
      if (first | second) & WordBytes.highBits != 0 { return .notASCII }
      first = WordBytes.lowercasedASCII(first)
      second = WordBytes.lowercasedASCII(second)
    }
    var hash = Self.seed(scope)
    if chunks > 0 { hash = Self.mix(hash, first) }
    if chunks > 1 { hash = Self.mix(hash, second) }
    return probe(hash: Self.finish(hash), scope: scope, length: name.count) { arena, offset in
      chunks == 0 || (arena[offset] == first && (chunks == 1 || arena[offset &+ 1] == second))
    }
  }

  /// The value of the name whose slot the probe from `hash` finds: its scope and length
  /// equal, and its chunks in the arena confirmed by `matches` (given the arena and the
  /// name's first chunk there).
  @inline(__always)
  private func probe(
    hash: UInt64, scope: Int, length: Int,
    matches: (UnsafeBufferPointer<UInt64>, Int) -> Bool
  ) -> Lookup {
    let scope = Int32(truncatingIfNeeded: scope)
    return slots.withUnsafeBufferPointer { slots in
      arena.withUnsafeBufferPointer { arena in
        let mask = slots.count &- 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while true {
          let slot = slots[index]
          if slot.value == 0 { return .absent }
          if slot.hash == hash, slot.scope == scope, Int(slot.length) == length,
            matches(arena, Int(slot.offset))
          {
            return .found(Int(slot.value) &- 1)
          }
          index = (index &+ 1) & mask
        }
      }
    }
  }

  /// Whether the arena holds `chunks` at `start` (the slot's length was compared already).
  @inline(__always)
  private static func equal(
    _ arena: UnsafeBufferPointer<UInt64>, at start: Int, _ chunks: UnsafeBufferPointer<UInt64>
  ) -> Bool {
    for index in 0..<chunks.count where arena[start &+ index] != chunks[index] { return false }
    return true
  }

  @inline(__always)
  private static func chunkCount(_ length: Int) -> Int { (length &+ 7) >> 3 }

  @inline(__always)
  private static func seed(_ scope: Int) -> UInt64 {
    0xcbf2_9ce4_8422_2325 ^ UInt64(truncatingIfNeeded: scope)
  }

  @inline(__always)
  private static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
    (hash ^ word) &* 0x0000_0100_0000_01b3
  }

  /// Folds the high bits into the low ones, which pick the slot.
  @inline(__always)
  private static func finish(_ hash: UInt64) -> UInt64 {
    let folded = (hash ^ (hash >> 32)) &* 0x9e37_79b9_7f4a_7c15
    return folded ^ (folded >> 29)
  }
}
