/// Which pairs of literals some model has together, as a bit matrix.
package struct PairTable: Sendable {
  /// The literals, in the order of the rows and columns.
  package let literals: [Literal]
  /// Words per row.
  let words: Int
  /// Row `i`, bit `j`: some model has literals `i` and `j` (the diagonal: literal `i`).
  var bits: [UInt64]

  /// Whether some model has both literals (by their positions in ``literals``).
  package func isFeasible(_ first: Int, _ second: Int) -> Bool {
    bits[first * words + second / 64] >> UInt64(second % 64) & 1 == 1
  }

  /// The row of a literal: the literals some model has with it.
  func row(_ index: Int) -> ArraySlice<UInt64> {
    bits[(index * words)..<((index + 1) * words)]
  }

  /// How many pairs of distinct literals some model has together.
  package var feasiblePairCount: Int {
    var count = 0
    for first in literals.indices {
      for second in (first + 1)..<literals.count where isFeasible(first, second) { count += 1 }
    }
    return count
  }
}
