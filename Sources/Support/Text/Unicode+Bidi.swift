extension Unicode.Scalar {
  /// Whether the scalar is one of Unicode's bidirectional controls: the embeddings and
  /// overrides (U+202A–U+202E), the isolates (U+2066–U+2069), and the marks (U+200E, U+200F,
  /// U+061C). Invisible, they reorder the text around them, so a name holding one can make a
  /// printed page show `$00.005,1` for `$1,500.00` (issue 49); names refuse them as they
  /// refuse control characters.
  package var isBidiControl: Bool {
    switch value {
    case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
    default: false
    }
  }
}

extension String {
  /// Whether the text holds a control character or a bidirectional control
  /// (``Unicode/Scalar/isBidiControl``): what a name on a document or in a list may not hold.
  package var containsControlOrBidi: Bool {
    unicodeScalars.contains { $0.properties.generalCategory == .control || $0.isBidiControl }
  }
}

/// The bidirectional controls in UTF-8, found by their bytes (the inventory's fast path checks
/// names without making strings).
package enum BidiBytes {
  /// Whether UTF-8 bytes hold a bidirectional control (``Unicode/Scalar/isBidiControl``):
  /// `E2 80 8E`–`8F`, `E2 80 AA`–`AE`, `E2 81 A6`–`A9`, `D8 9C`.
  ///
  /// - Parameter bytes: UTF-8 text.
  /// - Returns: `true` if one is there.
  package static func contains(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = bytes.count
    while index &+ 1 < count {
      let byte = bytes[index]
      let next = bytes[index &+ 1]
      if byte == 0xD8, next == 0x9C { return true }
      if byte == 0xE2, index &+ 2 < count {
        let last = bytes[index &+ 2]
        if next == 0x80, last == 0x8E || last == 0x8F || (0xAA...0xAE).contains(last) {
          return true
        }
        if next == 0x81, (0xA6...0xA9).contains(last) { return true }
      }
      index &+= 1
    }
    return false
  }
}
