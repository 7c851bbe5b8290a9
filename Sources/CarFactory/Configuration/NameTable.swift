/// Names looked up by their UTF-8 bytes, each within a scope (a group's values are one scope):
/// how a command line's words find their group and value without making a `String` — a
/// script may name a million choices.
///
/// Open addressing over a flat byte arena: a lookup hashes the word once (FNV-1a, with the
/// scope mixed in) and compares bytes; nothing is allocated. Names are stored as given; a
/// table of lower-cased names is looked up with the word lower-cased the same way
/// (``NameTable/value(scope:lowercasing:)``).
struct NameTable: Sendable {
  private struct Slot: Sendable {
    var hash: UInt64 = 0
    var scope: Int32 = 0
    var offset: Int32 = 0
    var length: Int32 = 0
    /// The value plus one; zero marks an empty slot.
    var value: Int32 = 0
  }

  private var slots: [Slot]
  private var arena: [UInt8] = []

  /// A table of these names; of two equal names in one scope the first is kept.
  ///
  /// - Parameter entries: Each name's scope, bytes and value (values fit `Int32`).
  init(_ entries: [(scope: Int, name: [UInt8], value: Int)]) {
    var capacity = 16
    while capacity < 2 * entries.count { capacity *= 2 }
    slots = Array(repeating: Slot(), count: capacity)
    for entry in entries {
      entry.name.withUnsafeBufferPointer { name in
        insert(scope: entry.scope, name, value: entry.value)
      }
    }
  }

  /// The value of a name in a scope, if the table has it.
  func value(scope: Int, _ name: UnsafeBufferPointer<UInt8>) -> Int? {
    let hash = Self.hash(scope: scope, name)
    let mask = slots.count - 1
    var index = Int(truncatingIfNeeded: hash) & mask
    while true {
      let slot = slots[index]
      if slot.value == 0 { return nil }
      if slot.hash == hash, slot.scope == Int32(truncatingIfNeeded: scope),
        Int(slot.length) == name.count, equal(slot, name)
      {
        return Int(slot.value) - 1
      }
      index = (index + 1) & mask
    }
  }

  private mutating func insert(scope: Int, _ name: UnsafeBufferPointer<UInt8>, value: Int) {
    guard self.value(scope: scope, name) == nil else { return }
    let hash = Self.hash(scope: scope, name)
    let mask = slots.count - 1
    var index = Int(truncatingIfNeeded: hash) & mask
    while slots[index].value != 0 { index = (index + 1) & mask }
    slots[index] = Slot(
      hash: hash, scope: Int32(truncatingIfNeeded: scope),
      offset: Int32(truncatingIfNeeded: arena.count),
      length: Int32(truncatingIfNeeded: name.count), value: Int32(truncatingIfNeeded: value + 1))
    arena.append(contentsOf: name)
  }

  private func equal(_ slot: Slot, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
    arena.withUnsafeBufferPointer { stored in
      let start = Int(slot.offset)
      for index in 0..<name.count where stored[start + index] != name[index] { return false }
      return true
    }
  }

  private static func hash(scope: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(truncatingIfNeeded: scope)
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return hash
  }

  /// The value of a name in a scope, the name lower-cased as the table's names were
  /// (`String.lowercased()`): ASCII by its bytes, with no copy, anything else by the
  /// standard library.
  func value(scope: Int, lowercasing name: UnsafeBufferPointer<UInt8>) -> Int? {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(truncatingIfNeeded: scope)
    var any: UInt8 = 0
    for byte in name {
      any |= byte
      hash = (hash ^ UInt64(Self.lowercased(byte))) &* 0x0000_0100_0000_01b3
    }
    guard any < 0x80 else {
      let lowered = Array(String(decoding: name, as: UTF8.self).lowercased().utf8)
      return lowered.withUnsafeBufferPointer { value(scope: scope, $0) }
    }
    let mask = slots.count - 1
    var index = Int(truncatingIfNeeded: hash) & mask
    while true {
      let slot = slots[index]
      if slot.value == 0 { return nil }
      if slot.hash == hash, slot.scope == Int32(truncatingIfNeeded: scope),
        Int(slot.length) == name.count, equalLowercasing(slot, name)
      {
        return Int(slot.value) - 1
      }
      index = (index + 1) & mask
    }
  }

  private func equalLowercasing(_ slot: Slot, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
    arena.withUnsafeBufferPointer { stored in
      let start = Int(slot.offset)
      for index in 0..<name.count where stored[start + index] != Self.lowercased(name[index]) {
        return false
      }
      return true
    }
  }

  /// An ASCII capital as its small letter; every other byte as it is.
  @inline(__always)
  private static func lowercased(_ byte: UInt8) -> UInt8 {
    byte &- 0x41 < 26 ? byte | 0x20 : byte
  }
}
