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
