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

  @Test func longQuotedValuesAreShortenedAndTheRestKept() {
    let value = String(repeating: "7", count: 5_000)
    let message = "stock.csv:2: unit_price: bad number '\(value)' (expected 12.34)"
    let capped = message.cappingQuotedValues
    #expect(
      capped
        == "stock.csv:2: unit_price: bad number '\(value.prefix(String.quotedValueLimit - 1))…' (expected 12.34)"
    )
    // Short messages and short values are left alone; an unclosed quote runs to the end.
    #expect("unknown model 'sprots'".cappingQuotedValues == "unknown model 'sprots'")
    let open = "bad \"" + value
    #expect(open.cappingQuotedValues == "bad \"" + value.prefix(String.quotedValueLimit - 1) + "…")
    // Without quotes, the message as a whole is capped.
    let plain = String(repeating: "word ", count: 1_000)
    #expect(plain.cappingQuotedValues.count == String.messageLimit)
  }
}
