internal import Dealership
import Support

/// Remembers which build configuration a script line produced, by the line's words in ASCII
/// lower case (blanks between them, a trailing comment and letter case do not matter), so a
/// script repeating `build sports drive=4wd` a million times, in any spelling, reads it once.
///
/// Only `build` lines of a model whose choices are case-insensitive are remembered (a catalog model:
/// its model, slot, group and value names are all read without case), so equal keys are the
/// same request. A line with a quote or a non-ASCII byte gets no key.
///
/// Open addressing over a flat byte arena: a lookup makes the key in a kept buffer, hashes it
/// and compares bytes, and allocates nothing. At most ``capacity`` lines are kept, so a
/// script of endlessly different lines cannot grow it without bound.
struct BuildLineCache {
  static let capacity = 4096
  /// Lines longer than this get no key.
  static let maximumKeyLength = 1024

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
  /// The last key made, and its hash.
  private var key = [UInt8](repeating: 0, count: maximumKeyLength + 8)
  private var keyLength = 0
  private var keyHash: UInt64 = 0

  /// The configuration a line with the same key built before, if one did.
  mutating func configuration(for line: UnsafeBufferPointer<UInt8>) -> UInt32? {
    guard count > 0, makeKey(line) else { return nil }
    return find()
  }

  /// Remembers the configuration a line built; ignored when the line has no key or the
  /// cache is full.
  mutating func insert(_ line: UnsafeBufferPointer<UInt8>, configuration: UInt32) {
    guard count < Self.capacity, configuration < UInt32.max, makeKey(line), find() == nil
    else { return }
    let mask = slots.count - 1
    var index = Int(truncatingIfNeeded: keyHash) & mask
    while slots[index].value != 0 { index = (index + 1) & mask }
    slots[index] = Slot(
      hash: keyHash, offset: UInt32(truncatingIfNeeded: arena.count),
      length: UInt32(truncatingIfNeeded: keyLength), value: configuration + 1)
    arena.append(contentsOf: key[..<keyLength])
    count += 1
  }

  /// The slot of the key made last, if it is kept.
  private func find() -> UInt32? {
    let mask = slots.count - 1
    var index = Int(truncatingIfNeeded: keyHash) & mask
    while true {
      let slot = slots[index]
      if slot.value == 0 { return nil }
      if slot.hash == keyHash, Int(slot.length) == keyLength, equal(slot) {
        return slot.value - 1
      }
      index = (index + 1) & mask
    }
  }

  /// Makes a line's key: its words (up to a `#` comment), ASCII lower case, one space apart.
  ///
  /// - Returns: `false` when the line gets no key (not a `build` line, a quote, a non-ASCII
  ///   byte, too long).
  private mutating func makeKey(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    // Only `build` lines are kept: any other line is told by its first letter.
    guard let first = line.first(where: { $0 != 32 && $0 != 9 }),
      first | 0x20 == UInt8(ascii: "b"), line.count <= Self.maximumKeyLength
    else { return false }
    guard
      let made = key.withUnsafeMutableBufferPointer({ key in
        Self.kinds.withUnsafeBufferPointer { kinds in Self.makeKey(line, into: key, kinds: kinds) }
      })
    else { return false }
    (keyLength, keyHash) = made
    return true
  }

  /// The key of a line written into `key`: its length and hash, or `nil` for no key.
  ///
  /// Runs of word bytes of plain ASCII (none below `(`, which blanks, quotes and `#` are,
  /// none past ASCII) up to eight at a time: lower-cased and copied at once; every other
  /// byte one at a time by its kind. The hash is of the finished key, so a key
  /// hashes alike however the line's blanks fell.
  @inline(never)
  private static func makeKey(
    _ line: UnsafeBufferPointer<UInt8>, into key: UnsafeMutableBufferPointer<UInt8>,
    kinds: UnsafeBufferPointer<UInt8>
  ) -> (length: Int, hash: UInt64)? {
    guard let base = UnsafeBytes(line), let out = UnsafeMutableBytes(key) else { return nil }
    let count = line.count
    var length = 0
    var pendingSpace = false
    var index = 0
    // `length <= index` throughout (a space stands for at least one blank read before it),
    // and `count <= key.count`, so an eight-byte store at `length` stays within the key.
    while index < count {
      if index &+ 8 <= count {
        let chunk = base.word(at: index)
        // The high bit of each byte below `(` or past ASCII: the lowest is exact (a borrow
        // comes only from a byte below `(`, itself marked).
        let special = WordBytes.belowParenthesis(chunk) | (chunk & WordBytes.highBits)
        let run = special == 0 ? 8 : special.trailingZeroBitCount >> 3
        if run > 0 {
          if pendingSpace {
            out[length] = 32
            length &+= 1
            pendingSpace = false
          }
          // All eight stored, lower-cased; only the run's bytes count (those after it are
          // written over or lie past the key's length).
          out.storeWord(WordBytes.lowercasedASCII(chunk), at: length)
          length &+= run
          index &+= run
          continue
        }
      }
      let kind = kinds[Int(base[index])]
      index &+= 1
      if kind == blank {
        pendingSpace = length > 0
        continue
      }
      if kind == stop { break }
      if kind == refuse { return nil }
      if pendingSpace {
        out[length] = 32
        length &+= 1
        pendingSpace = false
      }
      out[length] = kind
      length &+= 1
    }
    guard length > 0 else { return nil }
    // Zero bytes after the key (the buffer has eight to spare) let it be hashed a word at a time.
    out.storeWord(0, at: length)
    return (length, hash(out.readOnly, length: length))
  }

  /// FNV-1a over a key's eight-byte words, the last one padded with the zero bytes that
  /// follow the key in its buffer.
  private static func hash(_ key: UnsafeBytes, length: Int) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(length)
    var index = 0
    while index < length {
      let word = key.word(at: index)
      hash = (hash ^ word) &* 0x0000_0100_0000_01b3
      index &+= 8
    }
    return hash ^ (hash >> 29)
  }

  /// What each byte is to a key: a blank, the `#` that ends it, a byte that refuses the line
  /// (a quote, NUL, non-ASCII), or the byte it stands for (ASCII capitals lower-cased).
  private static let kinds: [UInt8] = (0..<256).map { value in
    let byte = UInt8(value)
    switch byte {
    case 32, 9: return blank
    case UInt8(ascii: "#"): return stop
    case 0, UInt8(ascii: "\""), UInt8(ascii: "'"): return refuse
    case 0x80...: return refuse
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): return byte | 0x20
    default: return byte
    }
  }
  private static let blank: UInt8 = 0
  private static let stop: UInt8 = 0xFF
  private static let refuse: UInt8 = 0xFE

  private func equal(_ slot: Slot) -> Bool {
    arena.withUnsafeBufferPointer { stored in
      key.withUnsafeBufferPointer { key in
        guard let stored = UnsafeBytes(stored), let key = UnsafeBytes(key) else {
          return keyLength == 0
        }
        return stored.bytesEqual(at: Int(slot.offset), key, at: 0, length: keyLength)
      }
    }
  }
}
