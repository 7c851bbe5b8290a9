import Testing

@testable import Support

/// The one escaping of control characters, and capping of long values.
@Suite struct TextTests {
  @Test func controlCharactersAreEscapedOnOneLine() {
    #expect("a\nb\tc\r".escapingControlCharacters == "a\\nb\\tc\\r")
    #expect("\u{1B}[2J".escapingControlCharacters == "\\u{1B}[2J")
    #expect("x\u{2028}y".escapingControlCharacters == "x\\u{2028}y")
    #expect("Porsche Boxster (4WD) é🚗".escapingControlCharacters == "Porsche Boxster (4WD) é🚗")
  }

  @Test func longTextIsCappedWithAnEllipsis() {
    #expect("sports".capped(at: 6) == "sports")
    #expect("sports".capped(at: 4) == "spo…")
    #expect(String(repeating: "x", count: 100).capped(at: 10).count == 10)
  }
}
