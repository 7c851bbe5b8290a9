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
