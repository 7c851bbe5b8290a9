/// Equivalent literals: the strongly connected components of the binary implication graph.
extension CountingSimplifier {
  /// Replaces every literal by the representative of its strongly connected component in the
  /// implication graph of the binary clauses (Tarjan's algorithm, iterative). Literals in one
  /// component are equal in every solution, so the others are determined by it; a component
  /// holding a literal and its negation leaves no solution.
  ///
  /// - Returns: Whether any variable was replaced.
  mutating func substituteEquivalentLiterals() -> Bool {
    let literalCount = 2 * variableCount
    // The implication graph in compressed rows: a ∨ b gives ¬a → b and ¬b → a.
    var degree = [Int32](repeating: 0, count: literalCount + 1)
    for (index, clause) in clauses.enumerated() where !isRemoved[index] && clause.count == 2 {
      degree[Int(clause[0] ^ 1)] += 1
      degree[Int(clause[1] ^ 1)] += 1
    }
    var edgeStart = [Int](repeating: 0, count: literalCount + 1)
    for literal in 0..<literalCount {
      edgeStart[literal + 1] = edgeStart[literal] + Int(degree[literal])
    }
    guard edgeStart[literalCount] > 0 else { return false }
    var edges = [UInt32](repeating: 0, count: edgeStart[literalCount])
    var fill = edgeStart
    for (index, clause) in clauses.enumerated() where !isRemoved[index] && clause.count == 2 {
      edges[fill[Int(clause[0] ^ 1)]] = clause[1]
      fill[Int(clause[0] ^ 1)] += 1
      edges[fill[Int(clause[1] ^ 1)]] = clause[0]
      fill[Int(clause[1] ^ 1)] += 1
    }
    work += edges.count
    let representative = Self.components(
      literalCount: literalCount, edgeStart: edgeStart, edges: edges)
    guard let representative else {
      isUnsatisfiable = true
      return false
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
    // Rewrite every clause: duplicates, tautologies and units appear and are dealt with as
    // any added clause.
    let old = clauses
    let wasRemoved = isRemoved
    clauses = []
    isRemoved = []
    for literal in occurrences.indices { occurrences[literal] = [] }
    for (index, clause) in old.enumerated() where !wasRemoved[index] {
      work += clause.count
      add(clause.map { representative[Int($0)] })
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
