import Testing

@testable import Support

/// The byte test that lets most text skip the Unicode tables must never miss a scalar the
/// tables would escape: checked scalar by scalar against the general category (and the
/// bidirectional controls).
@Suite struct EscapingFastPathTests {
  @Test func everyScalarIsEscapedExactlyWhenItsCategorySaysSo() {
    var checked = 0
    for value in UInt32(0)...UInt32(0x3000) {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let category = scalar.properties.generalCategory
      // The bidirectional controls too (issue 49), listed here apart from `isBidiControl`.
      let bidi: Set<UInt32> = [
        0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068,
        0x2069,
      ]
      let expected =
        [.control, .lineSeparator, .paragraphSeparator].contains(category) || bidi.contains(value)
      // Inside text, and last (where a multi-byte sequence ends the bytes).
      for text in ["a×" + String(Character(scalar)) + "b", "a" + String(Character(scalar))] {
        #expect((text.escapingControlCharacters != text) == expected, "U+\(value)")
      }
      checked += 1
    }
    #expect(checked > 10_000)
  }
}
