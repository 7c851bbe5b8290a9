/// Which literals some model has, under up to 64 sets of assumptions at once: the Boolean
/// shadow of the two counting passes, one bit per set (lane) in a word per node.
extension Circuit {
  /// The outcome of a pass: per lane, whether a model exists and which literals one has.
  struct Possibility {
    /// The lanes (bits) whose assumptions some model keeps.
    let satisfiable: UInt64
    /// Per literal code, the lanes in which some model keeps the assumptions and has it.
    let literals: [UInt64]

    /// Whether some model of lane `lane` has the literal.
    func allows(_ code: UInt32, lane: Int) -> Bool { literals[Int(code)] >> UInt64(lane) & 1 == 1 }
  }

  /// For each lane (the common literals and its own), whether a model keeps its assumptions
  /// and which literals such models have.
  ///
  /// Up, a node's word holds the lanes in which it has a model (an AND's entries all, an
  /// OR's some); down, the lanes in which it takes part in a model of the whole: an AND
  /// passes its lanes to every entry, an OR to each entry in the entry's own lanes.
  ///
  /// - Parameters:
  ///   - common: Literals every lane assumes.
  ///   - lanes: At most 64 sets of literals, one per lane.
  /// - Returns: The satisfiable lanes and each literal's lanes.
  func possibility(common: [Literal], lanes: [[Literal]]) -> Possibility {
    precondition(lanes.count <= 64, "a pass has 64 lanes")
    let all: UInt64 = lanes.count == 64 ? ~0 : (1 << UInt64(lanes.count)) - 1
    // Per literal code, the lanes in which it is false (its negation is assumed).
    var excluded = [UInt64](repeating: 0, count: 2 * variableCount)
    for literal in common { excluded[Int(literal.code ^ 1)] = all }
    for (lane, literals) in lanes.enumerated() {
      for literal in literals { excluded[Int(literal.code ^ 1)] |= 1 << UInt64(lane) }
    }
    var up = [UInt64](repeating: 0, count: nodeCount)
    if nodeCount > 1 { up[1] = all }
    func modelLanes(_ word: UInt32) -> UInt64 {
      switch word & 3 {
      case 0: return up[Int(word >> 2)]
      case 1: return all & ~excluded[Int(word >> 2)]
      default:
        let variable = Int(word >> 2)
        return all & ~(excluded[2 * variable] & excluded[2 * variable + 1])
      }
    }
    for node in 2..<max(nodeCount, 2) {
      let range = Int(starts[node])..<Int(starts[node + 1])
      var mask: UInt64 = isOr[node] ? 0 : all
      if isOr[node] {
        for position in range { mask |= modelLanes(entries[position]) }
      } else {
        for position in range {
          mask &= modelLanes(entries[position])
          if mask == 0 { break }
        }
      }
      up[node] = mask
    }
    var literals = [UInt64](repeating: 0, count: 2 * variableCount)
    let satisfiable = modelLanes(root.word)
    func mark(_ word: UInt32, _ mask: UInt64) {
      switch word & 3 {
      case 1: literals[Int(word >> 2)] |= mask
      case 2:
        let variable = Int(word >> 2)
        literals[2 * variable] |= mask & ~excluded[2 * variable]
        literals[2 * variable + 1] |= mask & ~excluded[2 * variable + 1]
      default: break
      }
    }
    guard let rootNode = root.node else {
      mark(root.word, satisfiable)
      return Possibility(satisfiable: satisfiable, literals: literals)
    }
    var down = [UInt64](repeating: 0, count: nodeCount)
    down[rootNode] = satisfiable
    for node in stride(from: rootNode, through: 2, by: -1) where down[node] != 0 {
      let mask = down[node]
      let isOr = isOr[node]
      for position in Int(starts[node])..<Int(starts[node + 1]) {
        let word = entries[position]
        let reached = isOr ? mask & modelLanes(word) : mask
        if word & 3 == 0 {
          down[Int(word >> 2)] |= reached
        } else {
          mark(word, reached)
        }
      }
    }
    return Possibility(satisfiable: satisfiable, literals: literals)
  }
}

extension Circuit {
  /// Which pairs of the literals some model keeping the assumptions has together: one pass
  /// up and down for every 64 literals (each lane assumes one of them).
  ///
  /// - Parameters:
  ///   - literals: Literals of the circuit's variables.
  ///   - common: Literals every model keeps.
  /// - Returns: The table.
  package func pairTable(of literals: [Literal], assuming common: [Literal] = []) -> PairTable {
    let words = (literals.count + 63) / 64
    var bits = [UInt64](repeating: 0, count: literals.count * words)
    for batch in stride(from: 0, to: literals.count, by: 64) {
      let lanes = literals[batch..<min(batch + 64, literals.count)].map { [$0] }
      let possibility = possibility(common: common, lanes: lanes)
      for (column, literal) in literals.enumerated() {
        var mask = possibility.literals[Int(literal.code)]
        while mask != 0 {
          let lane = mask.trailingZeroBitCount
          mask &= mask - 1
          let row = batch + lane
          bits[row * words + column / 64] |= 1 << UInt64(column % 64)
        }
      }
    }
    return PairTable(literals: literals, words: words, bits: bits)
  }
}

extension Circuit {
  /// Some model keeping the assumptions, each OR's branch picked at random among those with
  /// a model (not uniform over the models, as ``samples(_:assuming:using:)`` is, but without
  /// counting): how a pairwise build is completed.
  ///
  /// - Parameters:
  ///   - literals: Literals of the circuit's variables.
  ///   - random: The generator.
  /// - Returns: A value per variable, or `nil` when no model keeps the assumptions.
  func someModel(assuming literals: [Literal], using random: inout SampleRandom) -> [Bool]? {
    let assumptions = assumptions(literals)
    guard !assumptions.isContradictory else { return nil }
    var up = [Bool](repeating: false, count: nodeCount)
    if nodeCount > 1 { up[1] = true }
    func holds(_ word: UInt32) -> Bool {
      switch word & 3 {
      case 0: up[Int(word >> 2)]
      case 1: assumptions.allows(word >> 2)
      default: true
      }
    }
    for node in 2..<max(nodeCount, 2) {
      let range = Int(starts[node])..<Int(starts[node + 1])
      up[node] =
        isOr[node]
        ? range.contains { holds(entries[$0]) } : range.allSatisfy { holds(entries[$0]) }
    }
    guard holds(root.word) else { return nil }
    var model = [Bool](repeating: false, count: variableCount)
    var stack = [root.word]
    while let word = stack.popLast() {
      switch word & 3 {
      case 1: model[Int(word >> 3)] = (word >> 2) & 1 == 0
      case 2:
        let variable = Int(word >> 2)
        let value = assumptions.values[variable]
        model[variable] = value == 0 ? random.bit() : value == 1
      default:
        let node = Int(word >> 2)
        let range = Int(starts[node])..<Int(starts[node + 1])
        if !isOr[node] {
          for position in range { stack.append(entries[position]) }
          continue
        }
        var chosen: UInt32?
        var seen: UInt64 = 0
        for position in range where holds(entries[position]) {
          seen += 1
          if random.below(seen) == 0 { chosen = entries[position] }
        }
        if let chosen { stack.append(chosen) }
      }
    }
    return model
  }
}
