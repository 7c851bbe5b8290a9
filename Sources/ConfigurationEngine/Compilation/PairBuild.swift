/// The build under construction: the literals it will have (taken or forced) and those it
/// cannot have.
struct PairBuild {
  var members: PairBits
  var excluded: PairBits

  init(words: Int) {
    members = PairBits(words: words)
    excluded = PairBits(words: words)
  }

  /// The literals a pass shows forced (possible, their negation not) or impossible.
  mutating func update(from possibility: Circuit.Possibility, lane: Int, table: PairTable) {
    for (index, literal) in table.literals.enumerated() {
      if !possibility.allows(literal.code, lane: lane) {
        excluded.insert(index)
      } else if !possibility.allows(literal.code ^ 1, lane: lane) {
        members.insert(index)
      }
    }
  }

  /// Rules a literal out of this build.
  mutating func exclude(_ index: Int) { excluded.insert(index) }

  /// The literals that may still be taken: neither in the build nor excluded, possible with
  /// every literal in it, and with an uncovered pair left.
  func candidates(in cover: PairCoverState) -> PairBits {
    var candidates = cover.open
    for index in candidates.words.indices {
      candidates.words[index] &= ~members.words[index] & ~excluded.words[index]
    }
    return candidates
  }
}
