internal import Support

/// The loops that run over long stretches of bytes (names, strings, comments), written over
/// a buffer pointer so they stay fast even in debug builds, where the tests meet megabyte
/// lines.
extension UVLLexer {
  /// The offset of the first line break (or the end) at or after `start`; `memchr` does the
  /// scanning, so a comment line of megabytes costs next to nothing.
  func endOfLine(from start: Int) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
      guard let bytes = UnsafeBytes(buffer), start < bytes.count else { return buffer.count }
      var end = bytes.firstIndex(of: 0x0A, from: start, to: bytes.count) ?? bytes.count
      end = bytes.firstIndex(of: 0x0D, from: start, to: end) ?? end
      return end
    }
  }

  /// The offset just past the name bytes (``isWordByte(_:)``) starting at `start`.
  func endOfWord(from start: Int) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
      var index = start
      while index < buffer.count, Self.isWordByte(buffer[index]) { index += 1 }
      return index
    }
  }

  /// The offset of the first `quote` or line break (or the end) at or after `start`.
  func endOfQuoted(from start: Int, quote: UInt8) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
      var index = start
      while index < buffer.count {
        let byte = buffer[index]
        if byte == quote || byte == 0x0A || byte == 0x0D { break }
        index += 1
      }
      return index
    }
  }

  /// The bytes between two offsets with every run of blanks and line breaks made one space.
  /// The text is written straight into the string's storage (which repairs invalid UTF-8 as
  /// `String(decoding:as:)` does), with no intermediate array.
  func collapsedSource(_ start: Int, _ end: Int) -> String {
    bytes.withUnsafeBufferPointer { buffer in
      String(unsafeUninitializedCapacity: max(0, end - start)) { result in
        var count = 0
        var blank = false
        var index = start
        while index < end {
          let byte = buffer[index]
          if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            blank = true
          } else {
            // A run of blanks becomes one space, never before the first byte; the space fits
            // where the run was.
            if blank, count > 0 {
              result[count] = 0x20
              count += 1
            }
            blank = false
            result[count] = byte
            count += 1
          }
          index += 1
        }
        return count
      }
    }
  }
}
