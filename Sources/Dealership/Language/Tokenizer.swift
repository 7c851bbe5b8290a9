/// Splits a command line into words: runs of bytes other than space and tab, with `"…"` or
/// `'…'` quoting for words that contain blanks (file names). A `#` outside quotes starts a
/// comment that runs to the end of the line (`build sports # note`; `"a#b"` keeps its `#`).
///
/// It works on the line's UTF-8 bytes (``WordList`` does the splitting): the separators and
/// quotes are ASCII, so no byte of a multi-byte character is ever taken for one, and a line
/// is split without walking its `Character`s. ``ASCII`` compares words with keywords without
/// case, so a command can be recognised by its bytes.
package enum Tokenizer {
  package enum Failure: Error, Equatable {
    case unterminatedQuote(Character)
  }

  /// Whether a line holds no command: only blanks, or a `#` comment after them.
  ///
  /// - Parameter line: The line's bytes, without its line break.
  /// - Returns: `true` for an empty line, blanks, or `  # note`.
  package static func isBlankOrComment(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = line.first(where: { $0 != 32 && $0 != 9 }) else { return true }
    return first == UInt8(ascii: "#")
  }

  /// The words of a line given as text.
  package static func words(_ line: Substring) throws(Failure) -> [String] {
    var line = line
    let outcome: Result<[String], Failure>? = line.withUTF8 { bytes in
      Result { () throws(Failure) in try words(bytes) }
    }
    return try outcome?.get() ?? []
  }

  /// The words of a line given as UTF-8 bytes (invalid UTF-8 in a word becomes U+FFFD).
  static func words(_ line: UnsafeBufferPointer<UInt8>) throws(Failure) -> [String] {
    let list = WordList()
    try list.split(line)
    return list.strings()
  }
}

/// Comparisons of UTF-8 bytes with ASCII keywords, ignoring ASCII case: how a command line's
/// words are matched without lower-casing a `String`.
enum ASCII {
  /// Whether `bytes` spell `keyword` (ASCII, lower case) in any mix of ASCII case.
  ///
  /// - Parameters:
  ///   - bytes: A word's bytes.
  ///   - keyword: Lower-case ASCII bytes.
  /// - Returns: `true` for `BUILD`, `Build` or `build` against `build`.
  @inline(__always)
  static func equalsIgnoringCase(
    _ bytes: UnsafeBufferPointer<UInt8>, _ keyword: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    guard bytes.count == keyword.count else { return false }
    for index in 0..<bytes.count where lowercased(bytes[index]) != keyword[index] {
      return false
    }
    return true
  }

  /// `text` lower-cased: ASCII text by its bytes (`A`–`Z` to `a`–`z`), other text by the
  /// standard library's full Unicode lower-casing.
  ///
  /// - Parameter text: A word or part of one.
  /// - Returns: The lower-cased text.
  static func lowercased(_ text: Substring) -> String {
    let utf8 = text.utf8
    guard utf8.allSatisfy({ $0 < 0x80 }) else { return text.lowercased() }
    guard utf8.contains(where: { $0 &- 0x41 < 26 }) else { return String(text) }
    return String(unsafeUninitializedCapacity: utf8.count) { buffer in
      var count = 0
      for byte in utf8 {
        buffer[count] = lowercased(byte)
        count += 1
      }
      return count
    }
  }

  /// The number a word of plain ASCII digits spells (`7`, `007`), from 1 to 10^18 − 1, or
  /// `nil` for anything else (empty, a sign, `#`, another byte, zero, 19 digits or more):
  /// the words a fast path reads by their bytes, leaving every other spelling, and its
  /// error, to the general path.
  ///
  /// - Parameter bytes: A word's bytes.
  /// - Returns: The number, or `nil`.
  static func positiveNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
    var value = 0
    for byte in bytes {
      let digit = byte &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      // At most 18 digits: below 10^18, so no overflow.
      value = value &* 10 &+ Int(digit)
    }
    return value > 0 ? value : nil
  }

  /// The byte with `A`–`Z` mapped to `a`–`z` (without a branch); every other byte as it is.
  @inline(__always)
  static func lowercased(_ byte: UInt8) -> UInt8 {
    // 0x20 exactly when the byte is in `A`...`Z`.
    let isUpper = UInt8(truncatingIfNeeded: (UInt32(byte) &- 0x41) < 26 ? 1 : 0)
    return byte | (isUpper << 5)
  }
}
