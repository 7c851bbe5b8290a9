import Testing

@testable import StockValuation

/// The one-pass run taking quoted names from their stops (``StopCursor/quotedEnd(from:)``),
/// against the general path: quoted names of every shape at every offset of a 64-byte block.
@Suite struct InventoryValuerBoundsTests {
  /// Feeds `bytes` to both paths in chunks around the 64-byte block and in one chunk, each
  /// followed by filler bytes that would change the outcome if read.
  static func expectSameOutcome(
    _ bytes: [UInt8], sizes: [Int] = [64, 65, 127, 1 << 20],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let expected = InventoryValuerTests.general(bytes, chunkSize: 1 << 20)
    for size in sizes {
      for filler in [UInt8(ascii: "7"), 0x80] {
        #expect(
          InventoryValuerTests.fast(bytes, chunkSize: size, filler: filler) == expected,
          "chunk size \(size), filler \(filler)", sourceLocation: sourceLocation)
      }
    }
  }

  /// Quoted names of every shape the careful path takes or leaves, at every offset of a
  /// block: doubled quotes, commas and non-ASCII inside, invalid UTF-8, empty, unclosed,
  /// line breaks inside, text after the closing quote.
  @Test(arguments: [
    "\"Kayak, red\"", "\"a\"", "\"\"\"\"", "\"say \"\"hi\"\", ok\"", "\"Café, €\"", "\"\"",
    "\"a\"b", "\"a", "\"a\nb\"", "\"a\rb\"", "\"a\"\"", "x\"a\"", "\"\u{80}\"",
  ])
  func quotedNamesAtEveryOffsetMatchTheGeneralPath(name: String) {
    for offset in 0..<66 {
      let padding = "Y" + String(repeating: "y", count: offset) + ",c,1,1,\n"
      let text =
        InventoryValuerTests.header + "P,c,1,1,\n" + padding + name + ",c,1.25,2,10\n"
        + InventoryValuerStopTests.rows(3).joined()
      Self.expectSameOutcome(Array(text.utf8))
    }
    // Invalid UTF-8 inside the quotes.
    var bytes = Array((InventoryValuerTests.header + "P,c,1,1,\n\"ab").utf8)
    bytes += [0xC3, 0x28] + Array("\",c,1,1,\n".utf8)
    bytes += Array(InventoryValuerStopTests.rows(3).joined().utf8)
    Self.expectSameOutcome(bytes)
  }
}
