import Testing

@testable import Dealership
@testable import configurator

/// The bytes terminals send, decoded into keys.
@Suite struct LineEditorKeyDecoderTests {
  private static func keys(_ bytes: [UInt8]) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.feed(bytes)
  }

  private static func keys(_ text: String) -> [Key] { keys(Array(text.utf8)) }

  @Test(arguments: [
    ("\u{1B}[D", Key.left), ("\u{1B}[C", .right), ("\u{1B}[A", .up), ("\u{1B}[B", .down),
    ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}[1~", .home), ("\u{1B}[4~", .end),
    ("\u{1B}[7~", .home), ("\u{1B}[8~", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
    ("\u{1B}OD", .left), ("\u{1B}[3~", .delete), ("\u{1B}[1;5D", .wordLeft),
    ("\u{1B}[1;5C", .wordRight), ("\u{1B}b", .wordLeft), ("\u{1B}f", .wordRight),
    ("\u{1B}d", .killWordForward), ("\u{1B}[5~", .ignored),
  ])
  func escapeSequencesAreEditingKeys(sequence: String, key: Key) {
    #expect(Self.keys(sequence) == [key])
  }

  @Test(arguments: [
    (UInt8(0x01), Key.home), (0x02, .left), (0x03, .interrupt), (0x04, .endOfInput),
    (0x05, .end), (0x06, .right), (0x08, .backspace), (0x7F, .backspace), (0x09, .tab),
    (0x0B, .killToEnd), (0x0C, .clearScreen), (0x0E, .down), (0x10, .up), (0x14, .transpose),
    (0x15, .killToStart), (0x17, .killWordBackward), (0x19, .yank), (0x1A, .suspend),
    (0x12, .reverseSearch), (0x07, .abort),
    (0x0D, .enter), (0x0A, .enter),
  ])
  func controlBytesAreKeys(byte: UInt8, key: Key) {
    #expect(Self.keys([byte]) == [key])
  }

  @Test func utf8CharactersDecodeEvenWhenSplitAcrossReads() {
    var decoder = KeyDecoder()
    let bytes = Array("ö🚗".utf8)
    var keys: [Key] = []
    for byte in bytes { keys += decoder.feed([byte]) }
    #expect(keys == [.insert("ö"), .insert("🚗")])
  }

  @Test func aCarriageReturnLineFeedPairIsOneEnter() {
    #expect(Self.keys("a\r\nb\n") == [.insert("a"), .enter, .insert("b"), .enter])
  }

  @Test func aLoneEscapeIsTheEscapeKeyWhenNothingFollows() {
    var decoder = KeyDecoder()
    let started = decoder.feed([0x1B])
    #expect(started.isEmpty)
    #expect(decoder.isPending)
    let finished = decoder.finishPending()
    #expect(finished == .escape)
    let next = decoder.feed(Array("x".utf8))
    #expect(next == [.insert("x")])
  }

  @Test func aBrokenUTF8SequenceIsDroppedAndTheNextByteKept() {
    #expect(Self.keys([0xC3, 0x41]) == [.insert("A")])
  }
}
