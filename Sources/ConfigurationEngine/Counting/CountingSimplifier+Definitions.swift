/// Finding the clauses that define a variable: the gates of Tseitin encodings and of feature
/// trees, and small definitions of any shape.
extension CountingSimplifier {
  /// The most other variables a definition checked by truth table may involve.
  static let truthTableVariables = 10

  /// Clauses of `variable` that define it: with them, the other variables' values leave the
  /// variable at most one value. `nil` when no definition is found.
  ///
  /// Tries an OR gate on either literal first (`o ⇔ l1 ∨ … ∨ lk`: the clause `¬o ∨ l1 ∨ … ∨ lk`
  /// and the binary clauses `o ∨ ¬li`, any `k`; an AND gate is the OR gate of the negation),
  /// then a truth table over the variable's short clauses, then over all its clauses.
  ///
  /// - Parameters:
  ///   - variable: The variable.
  ///   - positive: Its live clauses with its positive literal.
  ///   - negative: Its live clauses with its negative literal.
  ///   - isMarked: Scratch, all false, one per literal code; left all false.
  /// - Returns: The defining clauses' indices.
  func definition(
    of variable: Int, positive: [Int32], negative: [Int32], isMarked: inout [Bool]
  ) -> [Int32]? {
    for output in [UInt32(2 * variable), UInt32(2 * variable + 1)] {
      let (outputClauses, otherClauses) =
        output & 1 == 0 ? (positive, negative) : (negative, positive)
      if let gate = orGate(
        output: output, outputClauses: outputClauses, inputClauses: otherClauses,
        isMarked: &isMarked)
      {
        return gate
      }
    }
    let short = (positive + negative).filter { clauses[Int($0)].count <= 3 }
    if short.count < positive.count + negative.count, isDefined(variable, by: short) {
      return short
    }
    let all = positive + negative
    return isDefined(variable, by: all) ? all : nil
  }

  /// The clauses of an OR gate with output `output`, if there is one.
  private func orGate(
    output: UInt32, outputClauses: [Int32], inputClauses: [Int32], isMarked: inout [Bool]
  ) -> [Int32]? {
    // `output ∨ x` for each binary clause: x is the negation of a possible input.
    var binaryOf: [UInt32: Int32] = [:]
    for clause in outputClauses where clauses[Int(clause)].count == 2 {
      let pair = clauses[Int(clause)]
      let partner = pair[0] == output ? pair[1] : pair[0]
      isMarked[Int(partner)] = true
      binaryOf[partner] = clause
    }
    defer { for partner in binaryOf.keys { isMarked[Int(partner)] = false } }
    guard !binaryOf.isEmpty else { return nil }
    let negated = output ^ 1
    for clause in inputClauses {
      let literals = clauses[Int(clause)]
      guard literals.count - 1 <= binaryOf.count else { continue }
      if literals.allSatisfy({ $0 == negated || isMarked[Int($0 ^ 1)] }) {
        var gate = [clause]
        for literal in literals where literal != negated {
          if let binary = binaryOf[literal ^ 1] { gate.append(binary) }
        }
        return gate
      }
    }
    return nil
  }

  /// Whether the clauses (all containing `variable`) leave it at most one value for every
  /// assignment of their other variables: no assignment satisfies both what they require when
  /// the variable is false and what they require when it is true.
  func isDefined(_ variable: Int, by definingClauses: [Int32]) -> Bool {
    guard !definingClauses.isEmpty, definingClauses.count <= 64 else { return false }
    var others: [UInt32] = []
    // Each clause without the variable, as a bit mask over `others` and the bits of its
    // negative literals: it holds under α when `(α ^ negative) & mask != 0`.
    var whenFalse: [(mask: UInt32, negative: UInt32)] = []
    var whenTrue: [(mask: UInt32, negative: UInt32)] = []
    for clause in definingClauses {
      var mask: UInt32 = 0
      var negativeBits: UInt32 = 0
      var hasPositive = false
      for literal in clauses[Int(clause)] {
        let other = literal >> 1
        if Int(other) == variable {
          hasPositive = literal & 1 == 0
          continue
        }
        var position = others.firstIndex(of: other) ?? others.count
        if position == others.count {
          guard others.count < Self.truthTableVariables else { return false }
          others.append(other)
          position = others.count - 1
        }
        mask |= 1 << UInt32(position)
        if literal & 1 == 1 { negativeBits |= 1 << UInt32(position) }
      }
      // `y ∨ rest` requires the rest when y is false; `¬y ∨ rest` when y is true.
      if hasPositive {
        whenFalse.append((mask, negativeBits))
      } else {
        whenTrue.append((mask, negativeBits))
      }
    }
    guard !whenFalse.isEmpty, !whenTrue.isEmpty else { return false }
    for assignment in 0..<(UInt32(1) << UInt32(others.count)) {
      let falsePossible = whenFalse.allSatisfy { (assignment ^ $0.negative) & $0.mask != 0 }
      if falsePossible, whenTrue.allSatisfy({ (assignment ^ $0.negative) & $0.mask != 0 }) {
        return false
      }
    }
    return true
  }
}
