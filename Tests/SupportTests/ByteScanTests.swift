import Testing

@testable import Support

/// The vector byte scan (SSE2 on x86-64) and its portable fallback must give the same masks
/// as a byte-by-byte reference, for every byte value at every position.
@Suite struct ByteScanTests {
  /// The masks byte by byte, as the scan's documentation defines them.
  private static func referenceMasks(_ bytes: [UInt8]) -> (separators: UInt64, spoilers: UInt64) {
    var separators: UInt64 = 0
    var spoilers: UInt64 = 0
    for (offset, byte) in bytes.enumerated() {
      if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\n") {
        separators |= 1 << offset
      }
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\r") || byte >= 0x80 {
        spoilers |= 1 << offset
      }
    }
    return (separators, spoilers)
  }

  /// Whether both 16-byte scans of each block and the 64-byte scan of the 64 `bytes` agree
  /// with the reference.
  private static func agrees(_ bytes: [UInt8]) -> Bool {
    let expected = referenceMasks(bytes)
    return bytes.withUnsafeBytes { raw in
      guard let base = raw.baseAddress, bytes.count == 64 else { return false }
      var offset = 0
      while offset + 16 <= bytes.count {
        let vector = ByteScan.masks16(base + offset)
        let portable = ByteScan.portableMasks16(base + offset)
        let separators = UInt16(truncatingIfNeeded: expected.separators >> offset)
        let spoilers = UInt16(truncatingIfNeeded: expected.spoilers >> offset)
        guard vector.separators == separators, vector.spoilers == spoilers,
          portable.separators == separators, portable.spoilers == spoilers
        else { return false }
        offset += 16
      }
      let wide = ByteScan.masks64(base)
      return wide.separators == expected.separators && wide.spoilers == expected.spoilers
    }
  }

  @Test func everyByteValueAtEveryPositionIsClassifiedAsByteByByte() {
    for value in 0...255 {
      for position in 0..<64 {
        // Among plain bytes, and among separators and spoilers (no carry may leak).
        for filler: UInt8 in [UInt8(ascii: "a"), 0x00, 0xFF, 0x2C, 0x7F, 0x80] {
          var bytes = [UInt8](repeating: filler, count: 64)
          bytes[position] = UInt8(value)
          if !Self.agrees(bytes) {
            Issue.record("byte \(value) at \(position) among \(filler)")
            return
          }
        }
      }
    }
  }

  @Test func randomBytesAreClassifiedAsByteByByte() {
    var generator = SystemRandomNumberGenerator()
    // Bytes drawn mostly from the ones that matter and their neighbours.
    let interesting: [UInt8] = [
      0x0A, 0x0B, 0x09, 0x0D, 0x0C, 0x0E, 0x22, 0x21, 0x23, 0x2C, 0x2B, 0x2D, 0x7F, 0x80, 0xFF,
      0x00, 0x41, 0x30,
    ]
    for round in 0..<20_000 {
      let bytes = (0..<64).map { _ in
        Bool.random(using: &generator)
          ? interesting.randomElement(using: &generator) ?? 0
          : UInt8.random(in: 0...255, using: &generator)
      }
      if !Self.agrees(bytes) {
        Issue.record("round \(round): \(bytes)")
        return
      }
    }
  }
}
