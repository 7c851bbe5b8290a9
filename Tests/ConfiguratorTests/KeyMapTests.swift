import Testing

@testable import configurator

/// `KeyMap` against a `Dictionary`, its reference, through growth and overwrites.
@Suite struct KeyMapTests {
  @Test func randomInsertsAndLookupsAgreeWithADictionary() {
    var generator = SplitMix(seed: 5)
    var map = KeyMap()
    var reference: [UInt64: UInt32] = [:]
    for step in 0..<5_000 {
      // Keys as BuildKeyTable makes them: the top bit set, a few small fields below.
      let key = 1 << 63 | (generator.next() % 600)
      if step % 3 == 0 {
        let value = UInt32(truncatingIfNeeded: generator.next())
        map.insert(value, for: key)
        reference[key] = value
      }
      #expect(map.value(for: key) == reference[key])
    }
    for key in reference.keys { #expect(map.value(for: key) == reference[key]) }
    #expect(map.value(for: 1 << 63 | 999) == nil)
  }
}
