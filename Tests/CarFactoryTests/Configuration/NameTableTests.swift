import Testing

@testable import CarFactory

/// The byte-level name table that every command line's choices go through, against the
/// standard library's `lowercased()` and plain `Dictionary` lookups as the reference.
@Suite struct NameTableTests {
  /// A deterministic generator, so a failure names a reproducible case.
  private struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
  }

  private static func lookup(_ table: NameTable, scope: Int, lowercasing word: String) -> Int? {
    Array(word.utf8).withUnsafeBufferPointer { table.value(scope: scope, lowercasing: $0) }
  }

  private static func lookup(_ table: NameTable, scope: Int, exactly word: String) -> Int? {
    Array(word.utf8).withUnsafeBufferPointer { table.value(scope: scope, $0) }
  }

  /// Every printable ASCII byte, at every position of names of 0…24 bytes (across the
  /// 8-byte chunks), found case-blind exactly when `lowercased()` says the names are equal.
  @Test func asciiNamesAreFoundCaseBlindAsLowercasedSays() {
    var random = Generator(state: 2026)
    var names: [String: Int] = [:]
    var entries: [(scope: Int, name: [UInt8], value: Int)] = []
    for length in 0...24 {
      for _ in 0..<12 {
        let bytes = (0..<length).map { _ in UInt8(0x20 + random.next(0x5f)) }
        let name = String(decoding: bytes, as: UTF8.self).lowercased()
        guard names[name] == nil else { continue }
        names[name] = entries.count
        entries.append((scope: length % 3, name: Array(name.utf8), value: entries.count))
      }
    }
    let table = NameTable(entries)
    for entry in entries {
      let name = String(decoding: entry.name, as: UTF8.self)
      // The name with each letter's case flipped at random is still found.
      let typed = String(
        name.map { character in
          random.next(2) == 0 ? Character(character.uppercased()) : character
        })
      #expect(Self.lookup(table, scope: entry.scope, lowercasing: typed) == entry.value)
      #expect(Self.lookup(table, scope: entry.scope + 1, lowercasing: typed) == nil)
      // One byte changed (to a byte that lower-cases differently) is not found.
      if !entry.name.isEmpty {
        var changed = entry.name
        let at = random.next(changed.count)
        changed[at] = changed[at] == UInt8(ascii: "~") ? UInt8(ascii: "!") : changed[at] + 1
        let other = String(decoding: changed, as: UTF8.self)
        let expected = names[other.lowercased()].flatMap { index in
          entries[index].scope == entry.scope ? index : nil
        }
        #expect(Self.lookup(table, scope: entry.scope, lowercasing: other) == expected)
      }
    }
  }

  /// Letters past ASCII are lower-cased by the standard library; exact lookups compare bytes.
  @Test func namesPastASCIIUseTheStandardLibrary() {
    let names = ["Ärger", "ÉCOLE-Ü", "straße", "ΣΟΦΙΑ"]
    let table = NameTable(
      names.enumerated().map {
        (scope: 0, name: Array($0.element.lowercased().utf8), value: $0.offset)
      })
    for (index, name) in names.enumerated() {
      #expect(Self.lookup(table, scope: 0, lowercasing: name) == index)
      #expect(
        Self.lookup(table, scope: 0, lowercasing: name.uppercased()) == (index == 2 ? nil : index))
      #expect(Self.lookup(table, scope: 0, exactly: name.lowercased()) == index)
    }
    #expect(Self.lookup(table, scope: 0, exactly: "ÄRGER") == nil)
  }

  /// Of two equal names in one scope the first is kept; an empty table finds nothing.
  @Test func firstOfTwoEqualNamesIsKept() {
    let table = NameTable([(0, Array("drive=4wd".utf8), 7), (0, Array("drive=4wd".utf8), 9)])
    #expect(Self.lookup(table, scope: 0, lowercasing: "DRIVE=4WD") == 7)
    #expect(Self.lookup(NameTable([]), scope: 0, lowercasing: "drive") == nil)
  }
}
