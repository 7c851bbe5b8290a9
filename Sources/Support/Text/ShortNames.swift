/// A few names of up to 16 bytes, each found from a word's bytes in any ASCII case by one pass
/// that compares three words a name: its length and its two eight-byte halves. What a script
/// line's first words are looked up in on every line (the commands, the models in force),
/// where a byte loop per name cost more than the rest of the lookup.
///
/// A name is matched exactly when the word, its ASCII capitals made small, has the name's
/// bytes: names are kept as given, so one with a capital is never found. A longer name is
/// kept but never found here, nor is a word longer than 16 bytes: the caller's general path
/// decides those.
public struct ShortNames<Value> {
  /// Three words a name: its length (`UInt64.max` past 16 bytes), bytes 0–7, bytes 8–15,
  /// little-endian, zero past its end.
  @usableFromInline let keys: [UInt64]
  /// Each name's value.
  @usableFromInline let values: [Value]

  /// The most bytes a name found here has.
  @inlinable public static var maximumLength: Int { 16 }

  /// The names with their values; where two names are the same, the first is found.
  ///
  /// - Parameter entries: Each name's bytes and its value.
  public init(_ entries: some Sequence<(some Collection<UInt8>, Value)>) {
    var keys: [UInt64] = []
    var values: [Value] = []
    for (name, value) in entries {
      values.append(value)
      let bytes = Array(name)
      guard bytes.count <= Self.maximumLength else {
        keys += [UInt64.max, 0, 0]
        continue
      }
      bytes.withUnsafeBufferPointer { bytes in
        keys += [
          UInt64(bytes.count), WordBytes.chunk(bytes, at: 0), WordBytes.chunk(bytes, at: 1),
        ]
      }
    }
    self.keys = keys
    self.values = values
  }

  /// The value of the first name `word` spells in any ASCII case, or `nil`.
  ///
  /// - Parameter word: A word's bytes.
  /// - Returns: The name's value.
  @inlinable
  public func value(of word: UnsafeBufferPointer<UInt8>) -> Value? {
    guard word.count <= Self.maximumLength else { return nil }
    return value(
      length: word.count, WordBytes.chunk(word, at: 0),
      word.count > 8 ? WordBytes.chunk(word, at: 1) : 0)
  }

  /// ``value(of:)`` for the word of `length` bytes at the start of `bytes`, which has room
  /// after the word (at least 16 bytes in all): its halves are then two loads.
  ///
  /// - Parameters:
  ///   - bytes: The word's bytes and those after it, 16 readable from its start.
  ///   - length: The word's length.
  /// - Returns: The name's value.
  @inlinable @inline(__always)
  public func value(ofPadded bytes: UnsafeBytes, length: Int) -> Value? {
    guard length <= Self.maximumLength else { return nil }
    let first = bytes.word(at: 0)
    guard length > 8 else {
      guard length > 0 else { return value(length: 0, 0, 0) }
      // One to eight bytes: those past the word shifted out.
      return value(
        length: length, first & (~0 &>> UInt64(truncatingIfNeeded: 64 &- 8 &* length)), 0)
    }
    let second = bytes.word(at: 8)
    return value(
      length: length, first, second & (~0 &>> UInt64(truncatingIfNeeded: 128 &- 8 &* length)))
  }

  /// The value of the name of `length` bytes whose halves, ASCII capitals made small, are
  /// `first` and `second`.
  @inlinable @inline(__always)
  func value(length: Int, _ first: UInt64, _ second: UInt64) -> Value? {
    let first = WordBytes.lowercasedASCII(first)
    let second = second == 0 ? 0 : WordBytes.lowercasedASCII(second)
    let found = keys.withUnsafeBufferPointer { keys -> Int? in
      // Whole triples only: `3 × entry + 2 < keys.count`.
      for entry in 0..<(keys.count / 3) {
        let key = 3 &* entry
        if keys[key &+ 1] == first, keys[key] == UInt64(length), keys[key &+ 2] == second {
          return entry
        }
      }
      return nil
    }
    guard let found else { return nil }
    return values[found]
  }
}

extension ShortNames: Sendable where Value: Sendable {}
