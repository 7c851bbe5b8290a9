/// Splits a command line into words: runs of bytes other than space and tab, with `"…"` or
/// `'…'` quoting for words that contain blanks (file names). A `#` outside quotes starts a
/// comment that runs to the end of the line (`build sports # note`; `"a#b"` keeps its `#`).
///
/// It works on the line's UTF-8 bytes: the separators and quotes are ASCII, so no byte of a
/// multi-byte character is ever taken for one, and a line is split without walking its
/// `Character`s. A word is made a `String` only when handed out (``words(_:)-(UnsafeBufferPointer<UInt8>)``);
/// ``forEachWord(in:scratch:_:)`` lends each word's bytes instead, and ``ASCII`` compares
/// them with keywords without case, so a command can be recognised by its bytes.
enum Tokenizer {
  enum Failure: Error, Equatable {
    case unterminatedQuote(Character)
  }

  private static let space = UInt8(ascii: " ")
  private static let tab = UInt8(ascii: "\t")
  private static let doubleQuote = UInt8(ascii: "\"")
  private static let singleQuote = UInt8(ascii: "'")
  private static let hash = UInt8(ascii: "#")

  /// Whether a line holds no command: only blanks, or a `#` comment after them.
  ///
  /// - Parameter line: The line's bytes, without its line break.
  /// - Returns: `true` for an empty line, blanks, or `  # note`.
  static func isBlankOrComment(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = line.first(where: { $0 != space && $0 != tab }) else { return true }
    return first == hash
  }

  /// The words of a line given as text.
  static func words(_ line: Substring) throws(Failure) -> [String] {
    var line = line
    let outcome: Result<[String], Failure>? = line.withUTF8 { bytes in
      Result { () throws(Failure) in try words(bytes) }
    }
    return try outcome?.get() ?? []
  }

  /// The words of a line given as UTF-8 bytes (invalid UTF-8 in a word becomes U+FFFD).
  static func words(_ line: UnsafeBufferPointer<UInt8>) throws(Failure) -> [String] {
    var words: [String] = []
    // Commands have a few words: one allocation instead of regrowing from empty.
    words.reserveCapacity(8)
    var scratch: [UInt8] = []
    try forEachWord(in: line, scratch: &scratch) { word in
      words.append(String(decoding: word, as: UTF8.self))
    }
    return words
  }

  /// Passes each word's bytes to `body`, in order, without making a `String`.
  ///
  /// A word without quotes is lent straight from `line`; one with quotes is gathered, quotes
  /// removed, in `scratch` (kept by the caller so its storage is reused from line to line).
  /// A `#` outside quotes ends the words: the rest of the line is a comment.
  /// - Parameters:
  ///   - line: The line, without its line break.
  ///   - scratch: Storage for quoted words.
  ///   - body: Called with each word's bytes, valid only during the call.
  /// - Throws: ``Failure/unterminatedQuote(_:)`` when a quote is not closed (after `body`
  ///   has seen the words before it).
  static func forEachWord(
    in line: UnsafeBufferPointer<UInt8>, scratch: inout [UInt8],
    _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) throws(Failure) {
    guard let base = line.baseAddress else { return }
    let count = line.count
    var index = 0
    while index < count {
      let byte = base[index]
      if byte == space || byte == tab {
        index += 1
        continue
      }
      if byte == hash { return }
      // A word starts: take the plain run, then fall back to gathering if a quote comes.
      let start = index
      while index < count {
        let next = base[index]
        if next == space || next == tab || next == doubleQuote || next == singleQuote
          || next == hash
        {
          break
        }
        index += 1
      }
      if index == count || base[index] != doubleQuote && base[index] != singleQuote {
        // Ended by a blank, a comment or the end of the line; a `#` is seen next round.
        body(UnsafeBufferPointer(start: base + start, count: index - start))
        continue
      }
      scratch.removeAll(keepingCapacity: true)
      scratch.append(contentsOf: UnsafeBufferPointer(start: base + start, count: index - start))
      var quote: UInt8?
      while index < count {
        let next = base[index]
        index += 1
        if let open = quote {
          if next == open { quote = nil } else { scratch.append(next) }
        } else if next == doubleQuote || next == singleQuote {
          quote = next
        } else if next == space || next == tab {
          break
        } else if next == hash {
          // A comment ends the word; the next round sees the `#` and stops.
          index -= 1
          break
        } else {
          scratch.append(next)
        }
      }
      if let open = quote { throw .unterminatedQuote(Character(Unicode.Scalar(open))) }
      scratch.withUnsafeBufferPointer { body($0) }
    }
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

  /// The byte with `A`–`Z` mapped to `a`–`z` (without a branch); every other byte as it is.
  @inline(__always)
  static func lowercased(_ byte: UInt8) -> UInt8 {
    // 0x20 exactly when the byte is in `A`...`Z`.
    let isUpper = UInt8(truncatingIfNeeded: (UInt32(byte) &- 0x41) < 26 ? 1 : 0)
    return byte | (isUpper << 5)
  }
}
