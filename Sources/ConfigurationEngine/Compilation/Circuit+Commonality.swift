/// Every variable's count under assumptions, from one pass up and one pass down (the
/// derivatives of the count by each node, as ddnnife and d-DNNF reasoners compute them).
extension Circuit {
  /// How many models there are, and how many have each literal.
  package struct LiteralCounts: Sendable {
    /// The number of models under the assumptions.
    package let total: BigUInt
    /// Per variable, the models in which it is true; zero for variables the circuit does
    /// not speak of.
    package let positive: [BigUInt]
    /// Per variable, the models in which it is false.
    package let negative: [BigUInt]

    /// The models with a literal.
    package subscript(literal: Literal) -> BigUInt {
      let variable = Int(literal.variable.index)
      return literal.isNegated ? negative[variable] : positive[variable]
    }
  }

  /// The number of models under the assumptions with each literal added, for every
  /// literal at once.
  ///
  /// The pass up counts each node's models; the pass down gives each node the number of
  /// ways the rest of the circuit completes it (its derivative: the root's is one, an OR
  /// passes its own to each child, an AND passes its own times its other children's counts).
  /// A node's derivative times its count is the number of models through it; each literal
  /// entry of an AND adds that to its literal, each free variable half of it to either
  /// literal (all of it to the assumed one). The circuit is smooth, so every model passes
  /// one entry of every variable: the two literals' counts add up to the total.
  ///
  /// - Parameter literals: Literals of the circuit's variables.
  /// - Returns: The total and the counts per literal, exact.
  package func literalCounts(assuming literals: [Literal] = []) -> LiteralCounts {
    let assumptions = assumptions(literals)
    var sums = [BigUInt](repeating: .zero, count: 2 * variableCount)
    func result(_ total: BigUInt) -> LiteralCounts {
      LiteralCounts(
        total: total, positive: stride(from: 0, to: sums.count, by: 2).map { sums[$0] },
        negative: stride(from: 1, to: sums.count, by: 2).map { sums[$0] })
    }
    guard !assumptions.isContradictory else { return result(.zero) }
    let counts = nodeCounts(assumptions)
    let total = value(of: root, counts: counts, assumptions)
    guard !total.isZero else { return result(.zero) }
    guard let rootNode = root.node else {
      Self.credit(root.word, total, to: &sums, assumptions)
      return result(total)
    }
    var derivatives = [BigUInt](repeating: .zero, count: nodeCount)
    derivatives[rootNode] = .one
    var childCounts: [BigUInt] = []
    var suffix: [BigUInt] = []
    for node in stride(from: rootNode, through: 2, by: -1) {
      let derivative = derivatives[node]
      guard !derivative.isZero, !counts[node].isZero else { continue }
      let range = Int(starts[node])..<Int(starts[node + 1])
      if isOr[node] {
        for position in range {
          let word = entries[position]
          if word & 3 == 0 {
            derivatives[Int(word >> 2)].add(derivative)
          } else {
            let models = derivative * value(of: Entry(word: word), counts: counts, assumptions)
            Self.credit(word, models, to: &sums, assumptions)
          }
        }
        continue
      }
      let through = derivative * counts[node]
      childCounts.removeAll(keepingCapacity: true)
      var doublings = 0
      var half: BigUInt?
      for position in range {
        let word = entries[position]
        switch word & 3 {
        case 0: childCounts.append(counts[Int(word >> 2)])
        case 1: sums[Int(word >> 2)].add(through)
        default:
          let variable = Int(word >> 2)
          switch assumptions.values[variable] {
          case 1: sums[2 * variable].add(through)
          case -1: sums[2 * variable + 1].add(through)
          default:
            doublings += 1
            if half == nil { half = through.halved }
            if let half {
              sums[2 * variable].add(half)
              sums[2 * variable + 1].add(half)
            }
          }
        }
      }
      // The child nodes' derivatives: this one's times the other entries' counts (the
      // literals count one, the free variables two), from prefix and suffix products.
      let others = derivative.shiftedLeft(by: doublings)
      if childCounts.count == 1 {
        for position in range where entries[position] & 3 == 0 {
          derivatives[Int(entries[position] >> 2)].add(others)
        }
        continue
      }
      suffix.removeAll(keepingCapacity: true)
      var product = others
      for count in childCounts.reversed() {
        suffix.append(product)
        product *= count
      }
      // suffix[k] covers the children after child `childCounts.count - 1 - k`.
      var prefix = BigUInt.one
      var child = 0
      for position in range where entries[position] & 3 == 0 {
        let target = Int(entries[position] >> 2)
        let completions = suffix[childCounts.count - 1 - child]
        derivatives[target].add(child == 0 ? completions : prefix * completions)
        prefix *= childCounts[child]
        child += 1
      }
    }
    return result(total)
  }

  /// Credits the models through a literal or free entry to its literals: all to the
  /// literal, or half to either literal of a free variable (all to the assumed one).
  private static func credit(
    _ word: UInt32, _ models: BigUInt, to sums: inout [BigUInt], _ assumptions: Assumptions
  ) {
    switch word & 3 {
    case 1: sums[Int(word >> 2)].add(models)
    case 2:
      let variable = Int(word >> 2)
      switch assumptions.values[variable] {
      case 1: sums[2 * variable].add(models)
      case -1: sums[2 * variable + 1].add(models)
      default:
        let half = models.halved
        sums[2 * variable].add(half)
        sums[2 * variable + 1].add(half)
      }
    default: break
    }
  }
}

extension BigUInt {
  /// Half the number, rounded down.
  var halved: BigUInt {
    quotientAndRemainder(dividingBy: 2).quotient
  }
}
