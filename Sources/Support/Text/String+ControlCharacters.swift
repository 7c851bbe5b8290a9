extension String {
  /// The text with control characters written as escapes (`\n`, `\r`, `\t`, `\u{1B}`), so that
  /// a message quoting a bad value stays on one line and cannot drive the terminal.
  ///
  /// The one escaping of the package: every error type's description goes through it.
  package var escapingControlCharacters: String {
    guard Self.mayNeedEscape(utf8) else { return self }
    guard unicodeScalars.contains(where: \.needsEscape) else { return self }
    var result = ""
    for scalar in unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.needsEscape:
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether UTF-8 text may hold a scalar to escape, by its bytes and without Unicode tables:
  /// C0 controls and DEL are single bytes, C1 controls (U+0080–U+009F) start `C2 80`–`C2 9F`,
  /// the line and paragraph separators are `E2 80 A8` and `E2 80 A9`, and the bidirectional
  /// controls start `D8` or `E2 80`/`E2 81` (a maybe: the scalars decide).
  private static func mayNeedEscape(_ bytes: UTF8View) -> Bool {
    if let answer = bytes.withContiguousStorageIfAvailable(mayNeedEscape) { return answer }
    var previous: UInt8 = 0
    var beforePrevious: UInt8 = 0
    for byte in bytes {
      if byte < 0x20 || byte == 0x7F { return true }
      if previous == 0xC2, byte >= 0x80, byte <= 0x9F { return true }
      if beforePrevious == 0xE2, previous == 0x80, byte == 0xA8 || byte == 0xA9 { return true }
      if previous == 0xD8 || (beforePrevious == 0xE2 && previous <= 0x81) {
        // A bidirectional control, perhaps (see `isBidiControl`): the scalars decide.
        return true
      }
      beforePrevious = previous
      previous = byte
    }
    return false
  }

  /// ``mayNeedEscape(_:)-(UTF8View)`` over contiguous bytes: printable ASCII, almost all of
  /// any text shown, is passed with one comparison a byte.
  private static func mayNeedEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      // 0x20...0x7E wraps to 0...0x5E; everything else is a control, DEL or not ASCII.
      if byte &- 0x20 < 0x5F {
        index &+= 1
        continue
      }
      if byte < 0x20 || byte == 0x7F { return true }
      let next = index &+ 1 < count ? bytes[index &+ 1] : 0
      if byte == 0xC2, next >= 0x80, next <= 0x9F { return true }
      // The separators, and perhaps a bidirectional control (`isBidiControl`): the scalars
      // decide.
      if byte == 0xD8 || (byte == 0xE2 && (next == 0x80 || next == 0x81)) {
        return true
      }
      index &+= 1
    }
    return false
  }

  /// The text cut to at most `limit` characters, ending with `…` when it was cut, so that a
  /// message quoting a runaway value stays readable.
  ///
  /// - Parameter limit: The most characters kept, the `…` included.
  /// - Returns: The text, or its start and `…`.
  package func capped(at limit: Int) -> String {
    // Counted only up to the limit, so a long text is not walked to its end.
    guard limit > 0, let end = index(startIndex, offsetBy: limit, limitedBy: endIndex),
      end < endIndex
    else { return self }
    return prefix(limit - 1) + "…"
  }
}

extension Unicode.Scalar {
  /// Control characters, the Unicode line and paragraph separators, and the bidirectional
  /// controls (which would reorder the message around them).
  fileprivate var needsEscape: Bool {
    switch properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator: true
    default: isBidiControl
    }
  }
}
