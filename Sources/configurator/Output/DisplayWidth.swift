internal import Dealership

/// How many terminal columns text takes: 2 for wide (East Asian, emoji) characters, 0 for
/// controls, 1 otherwise. Combining marks are part of their `Character` and add nothing.
enum DisplayWidth {
  static func of(_ character: Character) -> Int {
    guard let scalar = character.unicodeScalars.first else { return 0 }
    if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) { return 0 }
    if scalar.properties.generalCategory == .nonspacingMark { return 0 }
    if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
    if scalar.properties.isEmojiPresentation { return 2 }
    return wideRanges.contains { $0.contains(scalar.value) } ? 2 : 1
  }

  /// The columns of a string; printable ASCII (most table cells) is counted by its bytes.
  static func of(_ text: String) -> Int {
    if let width = ofPrintableASCII(text) { return width }
    return text.reduce(0) { $0 + of($1) }
  }

  static func of(_ characters: some Sequence<Character>) -> Int {
    characters.reduce(0) { $0 + of($1) }
  }

  /// The columns of text made only of printable ASCII, one a byte; `nil` for any other text
  /// (controls, bytes past ASCII), which ``of(_:)-(String)`` measures by its characters.
  static func ofPrintableASCII(_ text: String) -> Int? {
    let answer = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
      isPrintableASCII(bytes) ? bytes.count : nil
    }
    // Text not stored contiguously (rare on Linux) takes the general path.
    return answer ?? nil
  }

  /// Whether every byte is printable ASCII (0x20–0x7E).
  static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in bytes where byte &- 0x20 >= 0x5F { return false }
    return true
  }

  /// The East Asian Wide and Fullwidth blocks (a compact approximation of UAX #11).
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
    0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
    0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
  ]
}
