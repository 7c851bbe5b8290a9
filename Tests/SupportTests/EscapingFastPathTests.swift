import Testing

@testable import Support

/// The byte test that lets most text skip the Unicode tables must never miss a scalar the
/// tables would escape: checked scalar by scalar against the general category.
@Suite struct EscapingFastPathTests {
  @Test func everyScalarIsEscapedExactlyWhenItsCategorySaysSo() {
    var checked = 0
    for value in UInt32(0)...UInt32(0x3000) {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let category = scalar.properties.generalCategory
      let expected = [.control, .lineSeparator, .paragraphSeparator].contains(category)
      // Inside text, and last (where a multi-byte sequence ends the bytes).
      for text in ["a×" + String(Character(scalar)) + "b", "a" + String(Character(scalar))] {
        #expect((text.escapingControlCharacters != text) == expected, "U+\(value)")
      }
      checked += 1
    }
    #expect(checked > 10_000)
  }
}
