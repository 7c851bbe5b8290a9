import Support

/// Remembers which build configuration a script line produced, by the line's exact bytes, so
/// that a script repeating `build sports drive=4wd` a million times parses it once.
///
/// Open addressing over a flat byte arena: a lookup hashes the line and compares bytes, and
/// allocates nothing. Only lines that built successfully are remembered, and at most
/// ``capacity`` of them, so a script of endlessly different lines cannot grow it without bound.
struct BuildLineCache {
  static let capacity = 4096

  private struct Slot {
    var hash: UInt64 = 0
    var offset: UInt32 = 0
    var length: UInt32 = 0
    /// The configuration index plus one; zero marks an empty slot.
    var value: UInt32 = 0
  }

  private var slots = [Slot](repeating: Slot(), count: 2 * capacity)
  private var arena: [UInt8] = []
  private(set) var count = 0

  /// The configuration a line built before, if it did.
  func configuration(for line: UnsafeBufferPointer<UInt8>) -> UInt32? {
    guard count > 0 else { return nil }
    let hash = Self.hash(line)
    let mask = slots.count - 1
    var index = Int(truncatingIfNeeded: hash) & mask
    while true {
      let slot = slots[index]
      if slot.value == 0 { return nil }
      if slot.hash == hash, Int(slot.length) == line.count, equal(slot, line) {
        return slot.value - 1
      }
      index = (index + 1) & mask
    }
  }

  /// Remembers the configuration a line built; ignored when the cache is full.
  mutating func insert(_ line: UnsafeBufferPointer<UInt8>, configuration: UInt32) {
    guard count < Self.capacity, line.count <= 1024, configuration < UInt32.max,
      self.configuration(for: line) == nil
    else { return }
    let hash = Self.hash(line)
    let mask = slots.count - 1
    var index = Int(truncatingIfNeeded: hash) & mask
    while slots[index].value != 0 { index = (index + 1) & mask }
    slots[index] = Slot(
      hash: hash, offset: UInt32(truncatingIfNeeded: arena.count),
      length: UInt32(truncatingIfNeeded: line.count), value: configuration + 1)
    arena.append(contentsOf: line)
    count += 1
  }

  private func equal(_ slot: Slot, _ line: UnsafeBufferPointer<UInt8>) -> Bool {
    arena.withUnsafeBufferPointer { stored in
      guard let storedBase = stored.baseAddress, let lineBase = line.baseAddress else {
        return line.isEmpty
      }
      return memcmp(storedBase + Int(slot.offset), lineBase, line.count) == 0
    }
  }

  /// FNV-1a over the line.
  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return hash
  }
}
