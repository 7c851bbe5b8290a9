/// A set of valid builds covering every pair of literals that some valid build has
/// together, with a lower bound on the size of any such set (SPEC §17's `sample … pairs`).
package struct PairwiseCover: Sendable {
  /// Two literals, by their positions in ``PairwiseCover/literals``.
  package struct Pair: Hashable, Sendable {
    /// The first literal's position (the smaller).
    package let first: Int
    /// The second literal's position.
    package let second: Int
  }

  /// The literals whose pairs are covered.
  package let literals: [Literal]
  /// The builds, each a value per variable (false for variables the circuit does not speak
  /// of).
  package let builds: [[Bool]]
  /// How many pairs of the literals some valid build has together.
  package let feasiblePairs: Int
  /// How many of those no build of ``builds`` has (zero unless the deadline passed).
  package let uncoveredPairs: Int
  /// Feasible pairs no valid build has two of: any covering set has a build for each, so
  /// their number bounds its size from below.
  package let boundPairs: [Pair]

  /// The lower bound on the size of any covering set.
  package var lowerBound: Int { boundPairs.count }
}

extension Circuit {
  /// A covering set for the pairs of `literals` under the assumptions, built greedily.
  ///
  /// Build after build: literals are added while some pair of them is still uncovered,
  /// each time the literal covering most uncovered pairs with those already in the build
  /// (then the one with most uncovered pairs left, then at random), among those the pair
  /// table allows beside every literal taken; up to 64 taken at once are checked together
  /// in one pass (lane `t` assumes the first `t + 1`), and the longest possible run kept.
  /// A literal whose uncovered pairs are all with literals this build can no longer have
  /// is not taken: it would only narrow the build.
  /// A uniform sample with those literals completes the build.
  ///
  /// - Parameters:
  ///   - literals: The literals whose pairs matter, distinct, of the circuit's variables.
  ///   - common: Literals every build keeps (the user's choices).
  ///   - seed: The seed of the tie-breaks and completions.
  ///   - deadline: When to stop adding builds, if ever.
  /// - Returns: The builds, the pairs left uncovered, and the lower bound.
  package func pairwiseCover(
    of literals: [Literal], assuming common: [Literal] = [], seed: UInt64 = 0,
    deadline: ContinuousClock.Instant? = nil
  ) -> PairwiseCover {
    let table = pairTable(of: literals, assuming: common)
    let bound = table.incompatiblePairs()
    let first = cover(table, common: common, seeds: bound, seed: seed, deadline: deadline)
    // The pairs left after the bound's builds are the candidates for a stronger bound: they
    // are what needed builds of their own.
    let stronger = strengthened(
      bound, with: first.leftOver, table: table, assuming: common, deadline: deadline)
    return PairwiseCover(
      literals: literals, builds: first.builds, feasiblePairs: table.feasiblePairCount,
      uncoveredPairs: first.uncovered, boundPairs: stronger)
  }

  /// The greedy: a build for each seed pair still uncovered, then builds of its own until
  /// every pair is covered.
  ///
  /// - Returns: The builds, the pairs left uncovered at the deadline, and those the seeds'
  ///   builds left.
  private func cover(
    _ table: PairTable, common: [Literal], seeds: [PairwiseCover.Pair], seed: UInt64,
    deadline: ContinuousClock.Instant?
  ) -> (builds: [[Bool]], uncovered: Int, leftOver: [PairwiseCover.Pair]) {
    var cover = PairCoverState(table: table, variableCount: variableCount)
    var random = SampleRandom(seed: seed)
    var builds: [[Bool]] = []
    var pending = seeds.reversed().map { [$0.first, $0.second] }
    var leftOver: [PairwiseCover.Pair]?
    while cover.uncovered > 0 {
      if let deadline, ContinuousClock.now >= deadline { break }
      var start: [Int] = []
      while let next = pending.popLast() {
        if cover.isUncovered(next[0], next[1]) {
          start = next
          break
        }
      }
      if start.isEmpty, leftOver == nil { leftOver = cover.uncoveredPairs }
      guard let build = makeBuild(&cover, common: common, starting: start, random: &random)
      else { break }
      cover.markCovered(by: build)
      builds.append(build)
    }
    return (builds, cover.uncovered, leftOver ?? [])
  }

  /// One build covering as many uncovered pairs as the greedy finds; `nil` when no model
  /// keeps the assumptions.
  private func makeBuild(
    _ cover: inout PairCoverState, common: [Literal], starting: [Int],
    random: inout SampleRandom
  ) -> [Bool]? {
    let table = cover.table
    var taken = starting.map { table.literals[$0] }
    var build = PairBuild(words: table.words)
    let start = possibility(common: common + taken, lanes: [[]])
    guard start.satisfiable & 1 == 1 else { return nil }
    build.update(from: start, lane: 0, table: table)
    while true {
      var batch: [Int] = []
      var candidates = build.candidates(in: cover)
      var members = build.members
      while batch.count < 64,
        let best = cover.best(among: candidates, with: members, random: &random)
      {
        batch.append(best)
        members.insert(best)
        candidates.intersect(table.bits, row: best)
        candidates.remove(best)
      }
      if batch.isEmpty { break }
      let lanes = batch.indices.map { end in batch[...end].map { table.literals[$0] } }
      let checked = possibility(common: common + taken, lanes: lanes)
      // The lanes nest, so the possible ones are a run from the first.
      let kept = (~checked.satisfiable).trailingZeroBitCount
      taken += batch[..<min(kept, batch.count)].map { table.literals[$0] }
      if kept > 0 { build.update(from: checked, lane: kept - 1, table: table) }
      if kept < batch.count { build.exclude(batch[kept]) }
    }
    return someModel(assuming: common + taken, using: &random)
  }
}

/// A set of positions in the pair table, as bits.
struct PairBits: Equatable {
  var words: [UInt64]

  init(words count: Int) { words = [UInt64](repeating: 0, count: count) }

  func contains(_ index: Int) -> Bool { words[index / 64] >> UInt64(index % 64) & 1 == 1 }
  mutating func insert(_ index: Int) { words[index / 64] |= 1 << UInt64(index % 64) }
  mutating func remove(_ index: Int) { words[index / 64] &= ~(1 << UInt64(index % 64)) }

  /// Keeps the positions also in row `row` of a matrix of rows as long as this set.
  mutating func intersect(_ storage: [UInt64], row: Int) {
    let count = words.count
    precondition(storage.count >= (row + 1) * count, "a row of another matrix")
    storage.withUnsafeBufferPointer { source in
      words.withUnsafeMutableBufferPointer { target in
        for index in 0..<count { target[index] &= source[row * count + index] }
      }
    }
  }

  /// How many positions of row `row` of a matrix of rows as long as this set are in it (the
  /// greedy's and the bound's inner loop: unchecked words, no slice).
  func overlap(_ storage: [UInt64], row: Int) -> Int {
    let count = words.count
    precondition(storage.count >= (row + 1) * count, "a row of another matrix")
    return storage.withUnsafeBufferPointer { source in
      words.withUnsafeBufferPointer { target in
        var total = 0
        for index in 0..<count {
          total &+= (target[index] & source[row * count + index]).nonzeroBitCount
        }
        return total
      }
    }
  }

  /// The positions, in order.
  var elements: [Int] {
    var elements: [Int] = []
    for (index, word) in words.enumerated() {
      var bits = word
      while bits != 0 {
        elements.append(index * 64 + bits.trailingZeroBitCount)
        bits &= bits - 1
      }
    }
    return elements
  }
}

/// The build under construction: the literals it will have (taken or forced) and those it
/// cannot have.
private struct PairBuild {
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

/// The pairs not covered yet, as a symmetric bit matrix over the pair table's literals.
struct PairCoverState {
  let table: PairTable
  let variableCount: Int
  /// Row `i`, bit `j`: the pair of literals `i` and `j` is feasible and not covered.
  var rows: [UInt64]
  /// The literals with an uncovered pair left.
  var open: PairBits
  /// How many pairs are not covered.
  var uncovered: Int
  /// Per literal code, its position in the table, or -1.
  let position: [Int32]

  init(table: PairTable, variableCount: Int) {
    self.table = table
    self.variableCount = variableCount
    rows = table.bits
    for index in table.literals.indices {
      rows[index * table.words + index / 64] &= ~(1 << UInt64(index % 64))
    }
    open = PairBits(words: table.words)
    var uncovered = 0
    for index in table.literals.indices {
      let count = rows[(index * table.words)..<((index + 1) * table.words)].reduce(0) {
        $0 + $1.nonzeroBitCount
      }
      if count > 0 { open.insert(index) }
      uncovered += count
    }
    self.uncovered = uncovered / 2
    var position = [Int32](repeating: -1, count: 2 * variableCount)
    for (index, literal) in table.literals.enumerated() {
      position[Int(literal.code)] = Int32(truncatingIfNeeded: index)
    }
    self.position = position
  }

  func row(_ index: Int) -> ArraySlice<UInt64> {
    rows[(index * table.words)..<((index + 1) * table.words)]
  }

  /// The pairs not covered yet.
  var uncoveredPairs: [PairwiseCover.Pair] {
    var pairs: [PairwiseCover.Pair] = []
    for first in table.literals.indices {
      for word in (first / 64)..<table.words {
        var bits = rows[first * table.words + word]
        while bits != 0 {
          let second = word * 64 + bits.trailingZeroBitCount
          bits &= bits - 1
          if second > first { pairs.append(PairwiseCover.Pair(first: first, second: second)) }
        }
      }
    }
    return pairs
  }

  /// Whether a pair is feasible and not covered yet.
  func isUncovered(_ first: Int, _ second: Int) -> Bool {
    rows[first * table.words + second / 64] >> UInt64(second % 64) & 1 == 1
  }

  /// The candidate covering most uncovered pairs with the members, then with most
  /// uncovered pairs with the other candidates (those this build may still have), then at
  /// random; `nil` when none has an uncovered pair this build could cover.
  func best(among candidates: PairBits, with members: PairBits, random: inout SampleRandom)
    -> Int?
  {
    var best: Int?
    var bestScore = (0, 0)
    var ties: UInt64 = 0
    for index in candidates.elements {
      let score = (members.overlap(rows, row: index), candidates.overlap(rows, row: index))
      if score == (0, 0) { continue }
      if best == nil || score > bestScore {
        best = index
        bestScore = score
        ties = 1
      } else if score == bestScore {
        // Reservoir sampling keeps each tied candidate with equal odds.
        ties += 1
        if random.below(ties) == 0 { best = index }
      }
    }
    return best
  }

  /// Marks the pairs a build has as covered.
  mutating func markCovered(by build: [Bool]) {
    var held = PairBits(words: table.words)
    for variable in 0..<variableCount {
      let code = UInt32(variable) << 1 | (build[variable] ? 0 : 1)
      let index = position[Int(code)]
      if index >= 0 { held.insert(Int(index)) }
    }
    var cleared = 0
    for index in held.elements {
      let base = index * table.words
      for word in 0..<table.words {
        cleared += (rows[base + word] & held.words[word]).nonzeroBitCount
        rows[base + word] &= ~held.words[word]
      }
    }
    // Each pair is cleared from both its rows.
    uncovered -= cleared / 2
    for index in held.elements where row(index).allSatisfy({ $0 == 0 }) { open.remove(index) }
  }
}
