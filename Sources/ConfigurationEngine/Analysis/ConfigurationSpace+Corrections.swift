/// Minimal correction sets: the fewest choices to drop to get out of a conflict.
extension ConfigurationSpace {
  /// The smallest sets of choices whose removal leaves the rest consistent, smallest first and
  /// then in the order of the choices, each minimal (no part of it would do).
  ///
  /// Candidates are visited by increasing size in lexicographic order; a candidate is skipped
  /// without a solver call when it contains a correction already found (not minimal) or
  /// misses a conflict already met (every correction must remove part of each conflict: the
  /// solver's cores are such conflicts, a hitting-set argument).
  ///
  /// - Parameters:
  ///   - choices: The user's choices.
  ///   - limit: The most corrections to return.
  ///   - budget: The analysis's budget.
  /// - Returns: Up to `limit` corrections; one empty correction when the choices are already
  ///   consistent; none when no removal helps (the rules alone conflict).
  /// - Throws: ``AnalysisError/budgetExceeded``.
  package func corrections(
    choices: [Literal], limit: Int, budget: AnalysisBudget = .standard
  ) throws(AnalysisError) -> [Correction] {
    guard limit > 0 else { return [] }
    let meter = meter(budget)
    var found: [(removed: [Int], witness: Assignment)] = []
    var conflicts: [[Literal]] = []
    // Indices of the choices holding each literal (a literal chosen twice is only gone once
    // all its copies are removed).
    var copies: [Literal: [Int]] = [:]
    for (index, choice) in choices.enumerated() { copies[choice, default: []].append(index) }
    var visited = 0
    for size in 0...choices.count {
      var combination = Array(0..<size)
      while true {
        visited += 1
        if visited & 1023 == 0 { try meter.check() }
        let removed = Set(combination)
        let redundant = found.contains { $0.removed.allSatisfy(removed.contains) }
        let missesConflict = conflicts.contains { conflict in
          !conflict.contains { literal in
            copies[literal, default: []].allSatisfy(removed.contains)
          }
        }
        if !redundant, !missesConflict {
          let kept = choices.indices.filter { !removed.contains($0) }.map { choices[$0] }
          if try isSatisfiable(selectors + kept, meter) {
            found.append((combination, witness))
            if found.count == limit || size == 0 { return corrections(found, choices) }
          } else {
            let conflict = lastCore.filter { copies[$0] != nil }
            if conflict.isEmpty { return corrections(found, choices) }
            conflicts.append(conflict)
          }
        }
        guard Self.advance(&combination, upTo: choices.count) else { break }
      }
    }
    return corrections(found, choices)
  }

  private func corrections(_ found: [(removed: [Int], witness: Assignment)], _ choices: [Literal])
    -> [Correction]
  {
    found.map { Correction(removed: $0.removed.map { choices[$0] }, witness: $0.witness) }
  }

  /// Steps `combination` (increasing indices below `count`) to the next in lexicographic
  /// order; false after the last.
  static func advance(_ combination: inout [Int], upTo count: Int) -> Bool {
    var position = combination.count - 1
    while position >= 0, combination[position] == count - combination.count + position {
      position -= 1
    }
    guard position >= 0 else { return false }
    combination[position] += 1
    for next in (position + 1)..<combination.count {
      combination[next] = combination[next - 1] + 1
    }
    return true
  }
}
