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
