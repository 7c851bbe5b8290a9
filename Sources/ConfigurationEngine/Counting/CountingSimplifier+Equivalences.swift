/// Equivalent literals: the strongly connected components of the binary implication graph.
extension CountingSimplifier {
  /// Replaces every literal by the representative of its strongly connected component in the
  /// implication graph of the binary clauses (Tarjan's algorithm, iterative). Literals in one
  /// component are equal in every solution, so the others are determined by it; a component
  /// holding a literal and its negation leaves no solution.
  ///
  /// - Returns: Whether any variable was replaced.
  mutating func substituteEquivalentLiterals() -> Bool {
    hasNewBinaryClauses = false
    let literalCount = 2 * variableCount
    // The implication graph in compressed rows: a ∨ b gives ¬a → b and ¬b → a.
    var edgeStart = [Int](repeating: 0, count: literalCount + 1)
    for clause in clauseLength.indices where clauseLength[clause] == 2 {
      let start = clauseStart[clause]
      edgeStart[Int(literals[start] ^ 1) + 1] += 1
      edgeStart[Int(literals[start + 1] ^ 1) + 1] += 1
    }
    for literal in 0..<literalCount { edgeStart[literal + 1] += edgeStart[literal] }
    guard edgeStart[literalCount] > 0 else { return false }
    var edges = [UInt32](repeating: 0, count: edgeStart[literalCount])
    var fill = edgeStart
    for clause in clauseLength.indices where clauseLength[clause] == 2 {
      let (a, b) = (literals[clauseStart[clause]], literals[clauseStart[clause] + 1])
      edges[fill[Int(a ^ 1)]] = b
      fill[Int(a ^ 1)] += 1
      edges[fill[Int(b ^ 1)]] = a
      fill[Int(b ^ 1)] += 1
    }
    work += edges.count
    guard
      var representative = Self.components(
        literalCount: literalCount, edgeStart: edgeStart, edges: edges)
    else {
      isUnsatisfiable = true
      return false
    }
    // Kept variables stand for themselves; the clauses tying them to their class stay.
    for variable in 0..<variableCount where keepsIndependentVariables && isIndependent[variable] {
      representative[2 * variable] = UInt32(2 * variable)
      representative[2 * variable + 1] = UInt32(2 * variable + 1)
    }
    var replaced = 0
    for variable in 0..<variableCount where representative[2 * variable] != UInt32(2 * variable) {
      isDetermined[variable] = true
      // The representative stands for an independent variable too.
      if isIndependent[variable] { isIndependent[Int(representative[2 * variable] >> 1)] = true }
      replaced += 1
    }
    guard replaced > 0 else { return false }
    statistics.substituted += replaced
    // Rewrite the clauses that mention a replaced variable: duplicates, tautologies and
    // units appear and are dealt with as in any added clause.
    var rewritten: [UInt32] = []
    for clause in clauseLength.indices where !isRemoved(clause) {
      let range = range(of: clause)
      guard literals[range].contains(where: { representative[Int($0)] != $0 }) else { continue }
      work += range.count
      rewritten.removeAll(keepingCapacity: true)
      for position in range { rewritten.append(representative[Int(literals[position])]) }
      remove(clause)
      add(rewritten)
    }
    // The lists of the replaced literals hold only removed clauses now.
    for literal in 0..<literalCount where representative[literal] != UInt32(literal) {
      occurrences[literal] = []
    }
    propagate()
    return true
  }

  /// Each literal's representative: the literal of the smallest variable in its strongly
  /// connected component (so a literal's negation is represented by the representative's
  /// negation), or `nil` when a component holds a literal and its negation.
  private static func components(literalCount: Int, edgeStart: [Int], edges: [UInt32])
    -> [UInt32]?
  {
    var representative = (0..<literalCount).map { UInt32(truncatingIfNeeded: $0) }
    var order = [Int32](repeating: -1, count: literalCount)
    var low = [Int32](repeating: 0, count: literalCount)
    var isOnStack = [Bool](repeating: false, count: literalCount)
    var stack: [Int] = []
    // The depth-first search's own stack: a node and the next edge to follow.
    var calls: [(node: Int, edge: Int)] = []
    var counter: Int32 = 0
    for start in 0..<literalCount where order[start] < 0 && edgeStart[start] < edgeStart[start + 1]
    {
      order[start] = counter
      low[start] = counter
      counter += 1
      stack.append(start)
      isOnStack[start] = true
      calls.append((start, edgeStart[start]))
      while let (node, edge) = calls.last {
        if edge < edgeStart[node + 1] {
          calls[calls.count - 1].edge += 1
          let next = Int(edges[edge])
          if order[next] < 0 {
            order[next] = counter
            low[next] = counter
            counter += 1
            stack.append(next)
            isOnStack[next] = true
            calls.append((next, edgeStart[next]))
          } else if isOnStack[next] {
            low[node] = min(low[node], order[next])
          }
          continue
        }
        calls.removeLast()
        if let parent = calls.last { low[parent.node] = min(low[parent.node], low[node]) }
        guard low[node] == order[node] else { continue }
        // `node` is the root of a component: pop it.
        var members: [Int] = []
        while let member = stack.popLast() {
          isOnStack[member] = false
          members.append(member)
          if member == node { break }
        }
        guard members.count > 1 else { continue }
        var smallest = members[0]
        for member in members where member >> 1 < smallest >> 1 { smallest = member }
        for member in members {
          // Both literals of one variable in a component: it would equal its negation.
          if member != smallest, member >> 1 == smallest >> 1 { return nil }
          representative[member] = UInt32(truncatingIfNeeded: smallest)
        }
      }
    }
    // A complementary pair elsewhere in a component shows as two members mapped to
    // representatives of one variable with opposite signs.
    for literal in stride(from: 0, to: literalCount, by: 2)
    where representative[literal] ^ 1 != representative[literal + 1] {
      return nil
    }
    return representative
  }
}
