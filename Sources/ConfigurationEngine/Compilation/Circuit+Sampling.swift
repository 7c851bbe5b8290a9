/// Drawing models uniformly at random: top-down by the nodes' counts, in exact arithmetic.
extension Circuit {
  /// Models drawn uniformly at random among those in which every assumption holds: each
  /// such model equally likely in every draw, draws independent, the same seed giving the
  /// same models.
  ///
  /// A draw walks down from the root: an AND takes every entry, an OR one entry with
  /// probability its count over the OR's (a number drawn uniformly below the OR's count
  /// picks it), a free variable either value with even odds. The counts are exact, so the
  /// draw is exactly uniform: a model's probability is the product of its choices' ratios,
  /// which telescopes to one over the total.
  ///
  /// - Parameters:
  ///   - count: How many models to draw.
  ///   - literals: Literals of the circuit's variables that every model keeps.
  ///   - random: The generator, advanced by the draws.
  /// - Returns: The models, each a value per variable (false for the variables the circuit
  ///   does not speak of); empty when no model keeps the assumptions.
  package func samples(
    _ count: Int, assuming literals: [Literal] = [], using random: inout SampleRandom
  ) -> [[Bool]] {
    let assumptions = assumptions(literals)
    guard !assumptions.isContradictory, count > 0 else { return [] }
    let counts = nodeCounts(assumptions)
    guard !value(of: root, counts: counts, assumptions).isZero else { return [] }
    var samples: [[Bool]] = []
    samples.reserveCapacity(count)
    var stack: [UInt32] = []
    for _ in 0..<count {
      var model = [Bool](repeating: false, count: variableCount)
      stack.append(root.word)
      while let word = stack.popLast() {
        switch word & 3 {
        case 1: model[Int(word >> 3)] = word >> 2 & 1 == 0
        case 2:
          let variable = Int(word >> 2)
          model[variable] =
            assumptions.values[variable] == 0 ? random.bit() : assumptions.values[variable] == 1
        default:
          let node = Int(word >> 2)
          let range = Int(starts[node])..<Int(starts[node + 1])
          if !isOr[node] {
            for position in range { stack.append(entries[position]) }
            continue
          }
          stack.append(pick(in: range, below: counts[node], counts, assumptions, &random))
        }
      }
      samples.append(model)
    }
    return samples
  }

  /// One entry of an OR, each with probability its count over the OR's (`total`).
  private func pick(
    in range: Range<Int>, below total: BigUInt, _ counts: [BigUInt], _ assumptions: Assumptions,
    _ random: inout SampleRandom
  ) -> UInt32 {
    if let small = total.uint64Value {
      var drawn = random.below(small)
      for position in range {
        let word = entries[position]
        // Every entry's count is at most the OR's, so it fits a word too.
        let count = value(of: Entry(word: word), counts: counts, assumptions).uint64Value ?? 0
        if drawn < count { return word }
        drawn -= count
      }
    } else {
      let drawn = random.below(total)
      var reached = BigUInt.zero
      for position in range {
        let word = entries[position]
        reached += value(of: Entry(word: word), counts: counts, assumptions)
        if drawn < reached { return word }
      }
    }
    // The entries' counts add up to the OR's, so a draw below it always lands.
    return entries[range.upperBound - 1]
  }
}
