/// Minimal correction sets: the fewest choices to drop to get out of a conflict.
extension ConfigurationSpace {
  /// The smallest sets of choices whose removal leaves the rest consistent, smallest first and
  /// then in the order of the choices, each minimal (no part of it would do).
  ///
  /// An implicit hitting-set search (as in MaxHS and the MCS enumerators after it): a
  /// correction removes part of every conflict, and the solver's cores are conflicts. So for
  /// each size, the candidates are the sets of that size that remove part of every conflict met
  /// so far and hold no correction already found, found by branching on a conflict not yet
  /// hit (each minimal hitting set lies on one branch), and tested in lexicographic order; a
  /// refuted candidate brings its core, which narrows the rest. A candidate holding a smaller
  /// set that removes part of every conflict holds a correction found (any other such set
  /// was tested at its size and refuted, and its core is one it misses), so candidates are
  /// minimal and so are the corrections. A correction of nine choices out of thirty costs a
  /// few hundred branches, not the millions of sets of its size.
  ///
  /// - Parameters:
  ///   - choices: The user's choices that a correction may drop.
  ///   - fixed: Choices that stay whatever is dropped (the change a working car was just
  ///     asked for); none by default.
  ///   - limit: The fewest corrections wanted.
  ///   - most: When given, the size of the `limit`-th correction is finished, up to this many
  ///     corrections in all, so that the caller can order the corrections of a size by
  ///     something else (their price) and still keep the best `limit`.
  ///   - budget: The analysis's budget.
  /// - Returns: Up to `limit` corrections (up to `most`, the last size whole, with `most`);
  ///   one empty correction when the choices are already consistent; none when no removal
  ///   helps (the rules and the fixed choices alone conflict).
  /// - Throws: ``AnalysisError/budgetExceeded``.
  package func corrections(
    choices: [Literal], keeping fixed: [Literal] = [], limit: Int,
    finishingTheLastSizeUpTo most: Int? = nil, budget: AnalysisBudget = .standard
  ) throws(AnalysisError) -> [Correction] {
    guard limit > 0 else { return [] }
    let ceiling = max(limit, most ?? limit)
    let meter = meter(budget)
    // The positions holding each literal (a literal chosen twice is only gone once all its
    // copies are removed).
    var copies: [Literal: [Int]] = [:]
    for (index, choice) in choices.enumerated() { copies[choice, default: []].append(index) }
    var found: [(removed: [Int], witness: Assignment)] = []
    // Each conflict met, as the positions of each of its choices.
    var conflicts: [[[Int]]] = []
    var removed = [Bool](repeating: false, count: choices.count)
    var steps = 0

    func isRemoved(_ positions: [Int]) -> Bool { positions.allSatisfy { removed[$0] } }

    // The candidates of a size, in lexicographic order.
    func candidates(size: Int) throws(AnalysisError) -> [[Int]] {
      var result = Set<[Int]>()
      var taken: [Int] = []
      func branch() throws(AnalysisError) {
        steps += 1
        if steps & 1023 == 0 { try meter.check() }
        guard !found.contains(where: { isRemoved($0.removed) }) else { return }
        guard let open = conflicts.first(where: { !$0.contains(where: isRemoved) }) else {
          if taken.count == size { result.insert(taken.sorted()) }
          return
        }
        for positions in open {
          let missing = positions.filter { !removed[$0] }
          guard taken.count + missing.count <= size else { continue }
          for position in missing { removed[position] = true }
          taken += missing
          try branch()
          taken.removeLast(missing.count)
          for position in missing { removed[position] = false }
        }
      }
      try branch()
      return result.sorted { $0.lexicographicallyPrecedes($1) }
    }

    for size in 0...choices.count {
      var queue = try candidates(size: size)[...]
      while let candidate = queue.popFirst() {
        for position in candidate { removed[position] = true }
        let kept = choices.indices.filter { !removed[$0] }.map { choices[$0] }
        for position in candidate { removed[position] = false }
        if try isSatisfiable(selectors + fixed + kept, meter) {
          found.append((candidate, witness))
          if found.count >= ceiling || size == 0 { return corrections(found, choices) }
        } else {
          let conflict = lastCore.compactMap { copies[$0] }
          // The rules alone conflict: no removal helps.
          if conflict.isEmpty { return corrections(found, choices) }
          conflicts.append(conflict)
          queue = try candidates(size: size).drop { !candidate.lexicographicallyPrecedes($0) }
        }
      }
      if found.count >= limit { return corrections(found, choices) }
    }
    return corrections(found, choices)
  }

  private func corrections(_ found: [(removed: [Int], witness: Assignment)], _ choices: [Literal])
    -> [Correction]
  {
    found.map { Correction(removed: $0.removed.map { choices[$0] }, witness: $0.witness) }
  }
}
