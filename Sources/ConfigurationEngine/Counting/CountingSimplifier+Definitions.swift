/// Finding the clauses that define a variable: the gates of Tseitin encodings and of feature
/// trees, and small definitions of any shape.
extension CountingSimplifier {
  /// The most other variables a definition checked by truth table may involve.
  static let truthTableVariables = 8
  /// The most clauses a definition checked by truth table may have.
  static let truthTableClauses = 32

  /// Clauses of `variable` that define it (with them, the other variables' values leave the
  /// variable at most one value), and whether they leave it exactly one (a gate: then every
  /// resolvent of two of them is a tautology). `nil` when no definition is found.
  ///
  /// Tries an OR gate on either literal first (`o ⇔ l1 ∨ … ∨ lk`: the clause `¬o ∨ l1 ∨ … ∨ lk`
  /// and the binary clauses `o ∨ ¬li`, any `k`; an AND gate is the OR gate of the negation),
  /// then a truth table over the variable's clauses of up to three literals (an XOR gate,
  /// an if-then-else), then, for an independent variable, over all its clauses.
  ///
  /// - Parameters:
  ///   - variable: The variable.
  ///   - positive: Its live clauses with its positive literal.
  ///   - negative: Its live clauses with its negative literal.
  ///   - partner: Scratch, one per literal code, all -1; left so.
  /// - Returns: The defining clauses.
  func definition(
    of variable: Int, positive: [Int32], negative: [Int32], partner: inout [Int32]
  ) -> (clauses: [Int32], isTotal: Bool)? {
    let literal = UInt32(2 * variable)
    if let gate = orGate(
      output: literal, outputClauses: positive, inputClauses: negative, partner: &partner)
    {
      return (gate, true)
    }
    if let gate = orGate(
      output: literal ^ 1, outputClauses: negative, inputClauses: positive, partner: &partner)
    {
      return (gate, true)
    }
    var short: [Int32] = []
    for clause in positive where clauseLength[Int(clause)] <= 3 { short.append(clause) }
    for clause in negative where clauseLength[Int(clause)] <= 3 { short.append(clause) }
    if let isTotal = definesTotally(variable, by: short) { return (short, isTotal) }
    guard isIndependent[variable], short.count < positive.count + negative.count else {
      return nil
    }
    let all = positive + negative
    return definesTotally(variable, by: all).map { (all, $0) }
  }

  /// The clauses of an OR gate with output `output`, if there is one.
  private func orGate(
    output: UInt32, outputClauses: [Int32], inputClauses: [Int32], partner: inout [Int32]
  ) -> [Int32]? {
    // `output ∨ x` for each binary clause: x is the negation of a possible input.
    var partners = 0
    for clause in outputClauses where clauseLength[Int(clause)] == 2 {
      let start = clauseStart[Int(clause)]
      let other = literals[start] == output ? literals[start + 1] : literals[start]
      partner[Int(other)] = clause
      partners += 1
    }
    defer {
      for clause in outputClauses where clauseLength[Int(clause)] == 2 {
        let start = clauseStart[Int(clause)]
        partner[Int(literals[start])] = -1
        partner[Int(literals[start + 1])] = -1
      }
    }
    guard partners > 0 else { return nil }
    let negated = output ^ 1
    for clause in inputClauses where Int(clauseLength[Int(clause)]) - 1 <= partners {
      let range = range(of: Int(clause))
      var isGate = true
      for position in range where literals[position] != negated {
        if partner[Int(literals[position] ^ 1)] < 0 {
          isGate = false
          break
        }
      }
      guard isGate else { continue }
      var gate = [clause]
      for position in range where literals[position] != negated {
        gate.append(partner[Int(literals[position] ^ 1)])
      }
      return gate
    }
    return nil
  }

  /// `nil` unless the clauses (all containing `variable`) leave it at most one value for every
  /// assignment of their other variables (no assignment satisfies both what they require when
  /// the variable is false and what they require when it is true); else whether they leave it
  /// exactly one for every assignment (each satisfies one of the two).
  func definesTotally(_ variable: Int, by definingClauses: [Int32]) -> Bool? {
    guard !definingClauses.isEmpty, definingClauses.count <= Self.truthTableClauses else {
      return nil
    }
    var others = InlineArray<8, UInt32>(repeating: 0)
    var otherCount = 0
    // Each clause without the variable, as a bit mask over `others` and the bits of its
    // negative literals: it holds under α when `(α ^ negative) & mask != 0`. Clauses with
    // the positive literal first (required when the variable is false), then the others.
    var masks = InlineArray<32, (mask: UInt32, negative: UInt32)>(repeating: (0, 0))
    var whenFalse = 0
    var whenTrue = Self.truthTableClauses
    for clause in definingClauses {
      var mask: UInt32 = 0
      var negativeBits: UInt32 = 0
      var hasPositive = false
      for position in range(of: Int(clause)) {
        let literal = literals[position]
        let other = literal >> 1
        if Int(other) == variable {
          hasPositive = literal & 1 == 0
          continue
        }
        var index = 0
        while index < otherCount, others[index] != other { index += 1 }
        if index == otherCount {
          guard otherCount < Self.truthTableVariables else { return nil }
          others[index] = other
          otherCount += 1
        }
        mask |= 1 << UInt32(index)
        if literal & 1 == 1 { negativeBits |= 1 << UInt32(index) }
      }
      if hasPositive {
        masks[whenFalse] = (mask, negativeBits)
        whenFalse += 1
      } else {
        whenTrue -= 1
        masks[whenTrue] = (mask, negativeBits)
      }
    }
    guard whenFalse > 0, whenTrue < Self.truthTableClauses else { return nil }
    var isTotal = true
    for assignment in 0..<(UInt32(1) << UInt32(otherCount)) {
      var falsePossible = true
      for index in 0..<whenFalse where (assignment ^ masks[index].negative) & masks[index].mask == 0
      {
        falsePossible = false
        break
      }
      var truePossible = true
      for index in whenTrue..<Self.truthTableClauses
      where (assignment ^ masks[index].negative) & masks[index].mask == 0 {
        truePossible = false
        break
      }
      if falsePossible && truePossible { return nil }
      if !falsePossible && !truePossible { isTotal = false }
    }
    return isTotal
  }
}
