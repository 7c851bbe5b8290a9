import CatalogFixtures
import Testing

@testable import configurator

/// Text made to fit columns (``TextWrap``), measured by display width: cut with `…`, wrapped
/// at spaces, folded under its indentation.
@Suite struct TextWrapTests {
  @Test(arguments: [
    ("Porsche Boxster", 20, "Porsche Boxster"),
    ("Porsche Boxster", 15, "Porsche Boxster"),
    ("Porsche Boxster", 8, "Porsche…"),
    ("Porsche Boxster", 1, "…"),
    ("Porsche Boxster", 0, ""),
    // Wide characters take two columns: one that would pass the width is left out.
    ("漢字漢字", 5, "漢字…"),
    ("漢字漢字", 4, "漢…"),
  ])
  func elisionKeepsTheStartWithinTheWidth(text: String, width: Int, cut: String) {
    #expect(TextWrap.elide(text, to: width) == cut)
    #expect(DisplayWidth.of(TextWrap.elide(text, to: width)) <= max(width, 0))
  }

  @Test func wrappingBreaksAtSpacesAndInsideWordsTooLong() {
    #expect(TextWrap.wrap("by the model", width: 6) == ["by the", "model"])
    #expect(TextWrap.wrap("by the model", width: 5) == ["by", "the", "model"])
    #expect(
      TextWrap.wrap("N_100002__F_100112 => x", width: 8) == ["N_100002", "__F_1001", "12 => x"])
    #expect(TextWrap.wrap("", width: 4) == [""])
    #expect(TextWrap.wrap("short", width: 0) == ["short"])
  }

  @Test func wrappedLinesAreWithinTheWidthAndKeepEveryWord() {
    var random = SeededGenerator(state: 0x3A9)
    let words = ["a", "tow", "hitch", "漢字", "suspension=air", "£1,750.00", "forced", "é"]
    for round in 0..<500 {
      let text = (0..<Int.random(in: 1...30, using: &random)).map { _ in
        words.randomElement(using: &random) ?? ""
      }.joined(separator: " ")
      let width = Int.random(in: 2...40, using: &random)
      let lines = TextWrap.wrap(text, width: width)
      #expect(lines.allSatisfy { DisplayWidth.of($0) <= width }, "round \(round)")
      #expect(
        lines.joined().filter { $0 != " " } == text.filter { $0 != " " }, "round \(round)")
    }
  }

  @Test func foldingIndentsUnderTheDescriptionOrTwoPastTheLeadingBlanks() {
    #expect(
      TextWrap.fold("  customer=TEXT      the customer's name, quoted", width: 44) == [
        "  customer=TEXT      the customer's name,", "                     quoted",
      ])
    // A description past half the width leaves too little room: two past the blanks.
    #expect(
      TextWrap.fold("  customer=TEXT      the customer's name, quoted", width: 36) == [
        "  customer=TEXT      the customer's", "    name, quoted",
      ])
    #expect(
      TextWrap.fold("Rate: 1 USD = 0.793468 GBP (ECB euro reference rates)", width: 30) == [
        "Rate: 1 USD = 0.793468 GBP", "  (ECB euro reference rates)",
      ])
    #expect(TextWrap.fold("fits", width: 4) == ["fits"])
  }
}
