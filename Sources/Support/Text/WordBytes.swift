/// Eight bytes of text at a time, as one little-endian `UInt64` (SWAR): how the hot paths that
/// read names and script lines (`NameTable`, `WordList`, the line cache's key) lower-case and
/// scan them without a loop over bytes.
public enum WordBytes {
  /// The high bit of each byte.
  public static let highBits: UInt64 = 0x8080_8080_8080_8080

  /// Each ASCII capital of eight bytes as its small letter, the others as they are (bytes
  /// past ASCII too).
  ///
  /// - Parameter word: Eight bytes.
  /// - Returns: The bytes lower-cased.
  @inlinable
  public static func lowercasedASCII(_ word: UInt64) -> UInt64 {
    let ascii = word & 0x7f7f_7f7f_7f7f_7f7f
    // Bit 7 of each byte: set in `atLeastA` where the byte is ≥ `A` (0x41), in `pastZ`
    // where it is > `Z` (0x5a); no byte carries into the next, as each is < 0x80.
    let atLeastA = ascii &+ 0x3f3f_3f3f_3f3f_3f3f
    let pastZ = ascii &+ 0x2525_2525_2525_2525
    let capitals = atLeastA & ~pastZ & ~word & highBits
    return word | (capitals >> 2)
  }

  /// The high bit of each byte below `(` (0x28) — blanks, quotes, `#` are — the lowest one
  /// set marking the first such byte exactly (a borrow only marks bytes after a true one).
  /// Bytes past ASCII are never marked.
  ///
  /// - Parameter word: Eight bytes.
  /// - Returns: The marks; zero when no byte is below `(`.
  @inlinable
  public static func belowParenthesis(_ word: UInt64) -> UInt64 {
    (word &- 0x2828_2828_2828_2828) & ~word & highBits
  }

  /// Bytes `8 × chunk …` of `bytes` as a little-endian word, zero past their end: a word of
  /// any length read eight bytes at a time without reading past it.
  ///
  /// - Parameters:
  ///   - bytes: The bytes.
  ///   - chunk: Which eight bytes, from 0.
  /// - Returns: The chunk.
  @inlinable @inline(__always)
  public static func chunk(_ bytes: UnsafeBufferPointer<UInt8>, at chunk: Int) -> UInt64 {
    let start = chunk << 3
    guard let view = UnsafeBytes(bytes), start < view.count else { return 0 }
    return view.count &- start >= 8 ? view.word(at: start) : view.tailWord(from: start)
  }

}
