import Testing

@testable import Support

/// ``ShortNames`` against a byte-by-byte reference: a word is a name when, its ASCII capitals
/// made small, it has the name's bytes, and only names and words of up to 16 bytes are found.
@Suite struct ShortNamesTests {
  /// The first name `word` spells, byte by byte.
  private static func reference(_ word: [UInt8], in names: [[UInt8]]) -> Int? {
    guard word.count <= 16 else { return nil }
    let lowered = word.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
    return names.firstIndex { $0.count <= 16 && $0 == lowered }
  }

  /// Both lookups of `word`: from its own bytes, and padded (the word at the start of a
  /// buffer with 16 more bytes of `filler` after it, as a word list keeps its words).
  private static func lookups(_ word: [UInt8], in table: ShortNames<Int>, filler: UInt8)
    -> (plain: Int?, padded: Int?)
  {
    let plain = word.withUnsafeBufferPointer { table.value(of: $0) }
    let buffer = word + [UInt8](repeating: filler, count: 16)
    let padded = buffer.withUnsafeBufferPointer { buffer in
      UnsafeBytes(buffer).flatMap { table.value(ofPadded: $0, length: word.count) }
    }
    return (plain, padded)
  }

  @Test func namesAreFoundInAnyASCIICaseAndNothingElse() {
    let names = ["build", "configure", "a", "sixteen-bytes-ok", "seventeen-bytes-x", "x\u{0}", "é"]
      .map { Array($0.utf8) }
    let table = ShortNames(names.enumerated().map { ($1, $0) })
    let words = [
      "build", "BUILD", "bUiLd", "buil", "builds", "CONFIGURE", "configur", "configuree", "A",
      "a", "", "SIXTEEN-BYTES-OK", "sixteen-bytes-o", "seventeen-bytes-x", "x", "X\u{0}",
      "x\u{0}\u{0}", "é", "É", "@uild", "[uild", "bu1ld",
    ].map { Array($0.utf8) }
    for word in words {
      for filler: UInt8 in [0, 0x41, 0xFF] {
        let found = Self.lookups(word, in: table, filler: filler)
        let expected = Self.reference(word, in: names)
        #expect(found.plain == expected, "\(String(decoding: word, as: UTF8.self))")
        #expect(found.padded == expected, "\(String(decoding: word, as: UTF8.self))")
      }
    }
  }

  @Test func randomWordsAgreeWithTheReference() {
    var state: UInt64 = 5
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    // Few letters, so that words often meet names; capitals, digits, the bytes around the
    // letters (`@`, `[`, `` ` ``, `{`), NUL and bytes past ASCII.
    let alphabet = Array("abAB09@[`{-".utf8) + [0, 0x80, 0xC1, 0xFF]
    func word() -> [UInt8] { (0..<next(19)).map { _ in alphabet[next(alphabet.count)] } }
    for _ in 0..<200 {
      let names = (0..<(1 + next(12))).map { _ in
        word().map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
      }
      let table = ShortNames(names.enumerated().map { ($1, $0) })
      for _ in 0..<200 {
        // Half the words are a name with its case changed at random.
        var candidate = word()
        if next(2) == 0 {
          candidate = names[next(names.count)].map {
            $0 >= 0x61 && $0 <= 0x7A && next(2) == 0 ? $0 - 0x20 : $0
          }
        }
        let found = Self.lookups(candidate, in: table, filler: UInt8(next(256)))
        let expected = Self.reference(candidate, in: names)
        #expect(found.plain == expected)
        #expect(found.padded == expected)
      }
    }
  }
}
