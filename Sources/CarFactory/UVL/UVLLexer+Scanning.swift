import Foundation

/// The loops that run over long stretches of bytes (names, strings, comments), written over
/// a buffer pointer so they stay fast even in debug builds, where the tests meet megabyte
/// lines.
extension UVLLexer {
  /// The offset of the first line break (or the end) at or after `start`; `memchr` does the
  /// scanning, so a comment line of megabytes costs next to nothing.
  func endOfLine(from start: Int) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress, start < buffer.count else { return buffer.count }
      var end = buffer.count
      if let found = memchr(base + start, 0x0A, end - start) {
        end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      }
      if let found = memchr(base + start, 0x0D, end - start) {
        end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      }
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
  func collapsedSource(_ start: Int, _ end: Int) -> String {
    let collapsed = bytes.withUnsafeBufferPointer { buffer in
      var result: [UInt8] = []
      result.reserveCapacity(end - start)
      var blank = false
      var index = start
      while index < end {
        let byte = buffer[index]
        if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
          blank = true
        } else {
          if blank, !result.isEmpty { result.append(0x20) }
          blank = false
          result.append(byte)
        }
        index += 1
      }
      return result
    }
    return String(decoding: collapsed, as: UTF8.self)
  }
}
