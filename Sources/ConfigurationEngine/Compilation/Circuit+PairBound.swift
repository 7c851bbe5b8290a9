/// Strengthening the lower bound of a pairwise fleet with the circuit: pairs join the bound
/// when no model has them with any pair in it, checked exactly (four literals at once, not
/// the pair table's sufficient condition).
extension Circuit {
  /// The pairs of a bound kept grouped by one of their literals, so that one pass tells
  /// which of them a candidate pair is compatible with (lane `g` assumes the candidate and
  /// group `g`'s literal; a pair of the group is compatible when its other literal is
  /// possible in that lane). A `K1 × K2` product has `|K1|` groups.
  private struct GroupedBound {
    var pairs: Set<PairwiseCover.Pair> = []
    var partners: [Int: [Int]] = [:]
    var keys: [Int] = []

    mutating func insert(_ pair: PairwiseCover.Pair) {
      guard pairs.insert(pair).inserted else { return }
      let key =
        partners[pair.first] != nil || partners[pair.second] == nil
        ? pair.first : pair.second
      if partners[key] == nil { keys.append(key) }
      partners[key, default: []].append(key == pair.first ? pair.second : pair.first)
    }

    mutating func remove(_ pair: PairwiseCover.Pair) {
      guard pairs.remove(pair) != nil else { return }
      for (key, other) in [(pair.first, pair.second), (pair.second, pair.first)] {
        if let index = partners[key]?.firstIndex(of: other) {
          partners[key]?.remove(at: index)
          return
        }
      }
    }
  }

  /// The pairs of the bound some model has together with `candidate`, up to `limit`.
  private func compatiblePairs(
    of candidate: PairwiseCover.Pair, in bound: GroupedBound, table: PairTable,
    common: [Literal], limit: Int
  ) -> [PairwiseCover.Pair] {
    let assumed = common + [table.literals[candidate.first], table.literals[candidate.second]]
    var found: [PairwiseCover.Pair] = []
    let keys = bound.keys.filter { !(bound.partners[$0]?.isEmpty ?? true) }
    for batch in stride(from: 0, to: keys.count, by: 64) {
      let lanes = keys[batch..<min(batch + 64, keys.count)]
      let possibility = possibility(common: assumed, lanes: lanes.map { [table.literals[$0]] })
      for (lane, key) in lanes.enumerated()
      where possibility.satisfiable >> UInt64(lane) & 1 == 1 {
        for partner in bound.partners[key] ?? []
        where possibility.allows(table.literals[partner].code, lane: lane) {
          found.append(PairwiseCover.Pair(first: min(key, partner), second: max(key, partner)))
          if found.count >= limit { return found }
        }
      }
    }
    return found
  }

  /// The bound with candidates added: each that no model has with any pair of it joins;
  /// and where several candidates clash with one pair of the bound only, and with each
  /// other, they replace it (a bound of more pairs).
  ///
  /// - Parameters:
  ///   - bound: Pairs no model has two of.
  ///   - candidates: Feasible pairs to try, in order (the greedy's hardest).
  ///   - table: The pair table the pairs index.
  ///   - common: The literals every model keeps.
  ///   - deadline: When to stop, if ever.
  /// - Returns: The bound, at least as large.
  func strengthened(
    _ bound: [PairwiseCover.Pair], with candidates: [PairwiseCover.Pair], table: PairTable,
    assuming common: [Literal], deadline: ContinuousClock.Instant?
  ) -> [PairwiseCover.Pair] {
    var grouped = GroupedBound()
    for pair in bound { grouped.insert(pair) }
    var order = bound
    // Candidates clashing with a single pair of the bound, by that pair.
    var swaps: [PairwiseCover.Pair: [PairwiseCover.Pair]] = [:]
    func isLate() -> Bool { deadline.map { ContinuousClock.now >= $0 } ?? false }
    for candidate in candidates where !grouped.pairs.contains(candidate) {
      if isLate() { return order.filter { grouped.pairs.contains($0) } }
      let compatible = compatiblePairs(
        of: candidate, in: grouped, table: table, common: common, limit: 2)
      if compatible.isEmpty {
        grouped.insert(candidate)
        order.append(candidate)
      } else if compatible.count == 1 {
        swaps[compatible[0], default: []].append(candidate)
      }
    }
    for pair in order where (swaps[pair]?.count ?? 0) >= 2 && grouped.pairs.contains(pair) {
      if isLate() { break }
      // Without the pair, the candidates that clash with nothing else and with each
      // other (each checked against the bound as it then is).
      grouped.remove(pair)
      var replacement: [PairwiseCover.Pair] = []
      for candidate in swaps[pair] ?? [] {
        if compatiblePairs(of: candidate, in: grouped, table: table, common: common, limit: 1)
          .isEmpty
        {
          grouped.insert(candidate)
          replacement.append(candidate)
        }
      }
      if replacement.count >= 2 {
        order += replacement
      } else {
        for candidate in replacement { grouped.remove(candidate) }
        grouped.insert(pair)
      }
    }
    return order.filter { grouped.pairs.contains($0) }
  }
}
