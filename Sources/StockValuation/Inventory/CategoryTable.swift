/// Finds a category by its raw UTF-8 bytes, without making a `String`.
///
/// An open-addressing hash table (linear probing, at most half full). Each entry keeps the
/// key's first and last eight bytes, so keys of up to 16 bytes compare without reading
/// memory elsewhere; longer keys are also stored once, back to back, in a byte arena. Each key
/// maps to the category's position in a ``StockAccumulator``. The last key found is checked
/// first, for files sorted by category. Memory grows with the number of categories only.
struct CategoryTable {
  /// A key's length and its first and last eight bytes (zero-padded below eight bytes).
  private struct Probe {
    var length: Int
    var first: UInt64
    var last: UInt64
  }

  /// One stored key and its value.
  private struct Entry {
    var probe: Probe
    var hash: UInt64
    var offset: Int
    var value: Int
  }

  /// Entry index + 1 per slot, 0 for an empty slot; the slot count is a power of two.
  private var slots = [Int32](repeating: 0, count: 64)
  private var entries: [Entry] = []
  /// The bytes of keys longer than 16 bytes.
  private var arena: [UInt8] = []
  /// The entry found last, or -1.
  private var lastEntry = -1

  /// The number of keys stored.
  var count: Int { entries.count }

  /// The value stored for `key`, or `nil`.
  @inline(__always)
  mutating func value(for key: UnsafeBufferPointer<UInt8>) -> Int? {
    let probe = Self.probe(key)
    if lastEntry >= 0 {
      let entry = entries[lastEntry]
      if matches(entry, probe, key) { return entry.value }
    }
    let hash = Self.hash(probe, key)
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let stored = Int(slots[slot])
      if stored == 0 { return nil }
      let entry = entries[stored - 1]
      if entry.hash == hash, matches(entry, probe, key) {
        lastEntry = stored - 1
        return entry.value
      }
      slot = (slot + 1) & mask
    }
  }

  /// Stores `value` for `key`, which must not be stored yet.
  mutating func insert(_ key: UnsafeBufferPointer<UInt8>, value: Int) {
    let probe = Self.probe(key)
    let offset = arena.count
    if key.count > 16 { arena.append(contentsOf: key) }
    entries.append(Entry(probe: probe, hash: Self.hash(probe, key), offset: offset, value: value))
    if entries.count * 2 > slots.count {
      slots = [Int32](repeating: 0, count: slots.count * 2)
      for index in entries.indices { place(entry: index) }
    } else {
      place(entry: entries.count - 1)
    }
  }

  @inline(__always)
  private func matches(_ entry: Entry, _ probe: Probe, _ key: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    guard entry.probe.length == probe.length, entry.probe.first == probe.first,
      entry.probe.last == probe.last
    else { return false }
    guard probe.length > 16 else { return true }
    return arena.withUnsafeBufferPointer { stored in
      key.elementsEqual(
        UnsafeBufferPointer(rebasing: stored[entry.offset..<(entry.offset + key.count)]))
    }
  }

  private mutating func place(entry index: Int) {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: entries[index].hash) & mask
    while slots[slot] != 0 { slot = (slot + 1) & mask }
    slots[slot] = Int32(truncatingIfNeeded: index + 1)
  }

  /// The length and first and last eight bytes of `key`.
  @inline(__always)
  private static func probe(_ key: UnsafeBufferPointer<UInt8>) -> Probe {
    let length = key.count
    guard let base = key.baseAddress else { return Probe(length: 0, first: 0, last: 0) }
    let raw = UnsafeRawPointer(base)
    if length >= 8 {
      return Probe(
        length: length, first: raw.loadUnaligned(as: UInt64.self),
        last: raw.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self))
    }
    var first: UInt64 = 0
    for index in (0..<length).reversed() { first = first << 8 | UInt64(base[index]) }
    return Probe(length: length, first: first, last: 0)
  }

  /// A 64-bit hash of `key` (multiply-fold mixing of its eight-byte words).
  @inline(__always)
  private static func hash(_ probe: Probe, _ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash = mix(probe.first ^ 0x9E37_79B9_7F4A_7C15, probe.last ^ UInt64(probe.length))
    if probe.length > 16, let base = key.baseAddress {
      let raw = UnsafeRawPointer(base)
      var index = 8
      while index < probe.length - 8 {
        hash = mix(hash, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        index += 8
      }
    }
    return hash
  }

  /// Multiplies `a` by `b ^ constant` in full width and folds the halves together.
  @inline(__always)
  private static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
    let product = a.multipliedFullWidth(by: b ^ 0xE703_7ED1_A0B4_28DB)
    return product.high ^ product.low
  }
}
