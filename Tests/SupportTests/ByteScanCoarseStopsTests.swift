import Testing

@testable import Support

/// The coarse stops (``ByteScan/coarseStops16(_:at:)``, one signed compare for the controls and
/// the bytes of 0x80 or more on x86-64) and their portable fallback must equal a byte-by-byte
/// reference, for every byte value at every position and on random bytes.
@Suite struct ByteScanCoarseStopsTests {
  /// The coarse stops byte by byte, as their documentation defines them: the separators and
  /// spoilers, and every other byte below 0x0E.
  private static func reference(_ bytes: [UInt8]) -> UInt64 {
    var stops: UInt64 = 0
    for (offset, byte) in bytes.enumerated()
    where byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte < 0x0E
      || byte >= 0x80
    {
      stops |= 1 << offset
    }
    return stops
  }

  /// Whether the 16-byte scans (vector and portable), the 64-byte scan and the block scan of
  /// the 64 `bytes` agree with the reference.
  private static func agrees(_ bytes: [UInt8]) -> Bool {
    let expected = reference(bytes)
    return bytes.withUnsafeBufferPointer { buffer in
      guard let view = UnsafeBytes(buffer), bytes.count == 64 else { return false }
      var offset = 0
      while offset + 16 <= bytes.count {
        let part = UInt16(truncatingIfNeeded: expected >> offset)
        guard ByteScan.coarseStops16(view, at: offset) == part,
          ByteScan.portableCoarseStops16(view, at: offset) == part
        else { return false }
        offset += 16
      }
      var word: UInt64 = 0
      withUnsafeMutablePointer(to: &word) {
        ByteScan.coarseStops(
          view, from: 0, blocks: 1, into: UnsafeMutableBufferPointer(start: $0, count: 1), at: 0)
      }
      return ByteScan.coarseStops64(view, at: 0) == expected && word == expected
    }
  }

  @Test func everyByteValueAtEveryPositionIsClassifiedAsByteByByte() {
    for value in 0...255 {
      for position in 0..<64 {
        // Among plain bytes, and among stops (no carry may leak).
        for filler: UInt8 in [UInt8(ascii: "a"), 0x00, 0x0D, 0x0E, 0xFF, 0x2C, 0x7F, 0x80] {
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
    let interesting: [UInt8] = [
      0x0A, 0x0B, 0x09, 0x0D, 0x0C, 0x0E, 0x0F, 0x22, 0x21, 0x23, 0x2C, 0x2B, 0x2D, 0x7F, 0x80,
      0xFF, 0x00, 0x41, 0x30, 0x8E,
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
