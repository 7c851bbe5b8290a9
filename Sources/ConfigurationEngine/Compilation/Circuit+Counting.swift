/// Counting the models of a circuit under assumptions: one pass up the nodes.
extension Circuit {
  /// Literals held true for a query, as a value per variable.
  struct Assumptions {
    /// Per variable: 1 assumed true, -1 assumed false, 0 free.
    var values: [Int8]
    /// Whether a variable was assumed both ways (no model then).
    var isContradictory = false

    /// Whether a literal may hold: its variable is free or assumed its way.
    @inline(__always) func allows(_ code: UInt32) -> Bool {
      let value = values[Int(code >> 1)]
      return value == 0 || (value == 1) == (code & 1 == 0)
    }

    /// Whether a variable is assumed either way.
    @inline(__always) func fixes(_ variable: UInt32) -> Bool { values[Int(variable)] != 0 }
  }

  /// The assumptions as values per variable.
  ///
  /// - Parameter literals: Literals of the circuit's variables.
  /// - Returns: The values, and whether two literals contradict.
  func assumptions(_ literals: [Literal]) -> Assumptions {
    var assumptions = Assumptions(values: [Int8](repeating: 0, count: variableCount))
    for literal in literals {
      let variable = Int(literal.variable.index)
      precondition(
        variable >= 0 && variable < variableCount && isVariable[variable],
        "an assumption names a variable the circuit does not speak of")
      let value: Int8 = literal.isNegated ? -1 : 1
      if assumptions.values[variable] == -value { assumptions.isContradictory = true }
      assumptions.values[variable] = value
    }
    return assumptions
  }

  /// The number of models in which every assumption holds.
  ///
  /// - Parameter literals: Literals of the circuit's variables (the model's values).
  /// - Returns: The exact count.
  package func count(assuming literals: [Literal] = []) -> BigUInt {
    let assumptions = assumptions(literals)
    if assumptions.isContradictory { return .zero }
    return value(of: root, counts: nodeCounts(assumptions), assumptions)
  }

  /// Every node's number of models under the assumptions, over the variables it speaks of
  /// (a free variable counts two, one when assumed).
  func nodeCounts(_ assumptions: Assumptions) -> [BigUInt] {
    var counts = [BigUInt](repeating: .zero, count: nodeCount)
    if nodeCount > 1 { counts[1] = .one }
    for node in 2..<max(nodeCount, 2) {
      let range = Int(starts[node])..<Int(starts[node + 1])
      if isOr[node] {
        var sum = BigUInt.zero
        for position in range {
          sum += value(of: Entry(word: entries[position]), counts: counts, assumptions)
        }
        counts[node] = sum
        continue
      }
      var product = BigUInt.one
      var doublings = 0
      for position in range {
        let word = entries[position]
        switch word & 3 {
        case 0:
          let count = counts[Int(word >> 2)]
          if count.isZero { product = .zero } else if count != .one { product *= count }
        case 1: if !assumptions.allows(word >> 2) { product = .zero }
        default: if !assumptions.fixes(word >> 2) { doublings += 1 }
        }
        if product.isZero { break }
      }
      counts[node] = product.shiftedLeft(by: doublings)
    }
    return counts
  }

  /// The number of models of one entry, given the nodes' counts.
  func value(of entry: Entry, counts: [BigUInt], _ assumptions: Assumptions) -> BigUInt {
    let word = entry.word
    switch word & 3 {
    case 0: return counts[Int(word >> 2)]
    case 1: return assumptions.allows(word >> 2) ? .one : .zero
    default: return assumptions.fixes(word >> 2) ? .one : BigUInt(2)
    }
  }
}
