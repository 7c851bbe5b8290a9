/// What makes a circuit not a smooth d-DNNF over its variables, with the node at fault.
package enum CircuitDefect: Hashable, Sendable {
  /// A node's entry refers to itself, a later node or no node (the nodes are in
  /// topological order, children first), or the root to no node.
  case badReference(node: Int)
  /// An entry names a variable the circuit does not speak of.
  case unknownVariable(node: Int, variable: Int)
  /// Two entries of an AND speak of the same variable: it is not decomposable.
  case sharedVariable(node: Int, variable: Int)
  /// The entries of an OR speak of different variables: it is not smooth.
  case unsmooth(node: Int)
  /// The root does not speak of a variable of the circuit.
  case missingVariable(variable: Int)
  /// Two entries of an OR have a model in common: it is not deterministic.
  case sharedModel(node: Int)
  /// Whether two entries of an OR share a model was not settled within the solver's budget.
  case undecided(node: Int)
}

/// Checking that a circuit is what the queries assume: decomposable, deterministic and
/// smooth (the verifier of the test suite, and a debug check for callers).
extension Circuit {
  /// The first defect found, or `nil` for a smooth d-DNNF.
  ///
  /// Every node's variables are gathered bottom-up as a sorted list: an AND's from its
  /// entries, which must not meet (decomposable); an OR's entries must have equal lists
  /// (smooth), and the root's list must be every variable of the circuit. An OR is
  /// deterministic when each two of its entries hold opposite literals among their own
  /// literal entries (a decision's branches); the other pairs are checked with the solver,
  /// on a Tseitin encoding of the nodes (an entry assumed true must contradict the other).
  ///
  /// - Parameter solverChecks: The most pairs of OR entries the solver may check.
  /// - Returns: The defect, or `nil`.
  package func verify(solverChecks: Int = 10_000) -> CircuitDefect? {
    var variables: [[UInt32]] = [[], []]
    variables.reserveCapacity(nodeCount)
    var checksLeft = solverChecks
    var encoding: CircuitEncoding?
    for node in 2..<max(nodeCount, 2) {
      let range = Int(starts[node])..<Int(starts[node + 1])
      var lists: [[UInt32]] = []
      for position in range {
        let word = entries[position]
        switch word & 3 {
        case 0:
          guard Int(word >> 2) < node else { return .badReference(node: node) }
          lists.append(variables[Int(word >> 2)])
        case 1, 2:
          let variable = Int(word & 3 == 1 ? word >> 3 : word >> 2)
          guard variable < variableCount, isVariable[variable] else {
            return .unknownVariable(node: node, variable: variable)
          }
          lists.append([UInt32(variable)])
        default: return .badReference(node: node)
        }
      }
      if isOr[node] {
        guard lists.allSatisfy({ $0 == lists[0] }) else { return .unsmooth(node: node) }
        variables.append(lists.first ?? [])
        if let defect = checkDeterminism(
          of: node, range: range, checksLeft: &checksLeft, encoding: &encoding)
        {
          return defect
        }
        continue
      }
      var merged = lists.flatMap { $0 }
      merged.sort()
      for index in merged.indices.dropFirst() where merged[index] == merged[index - 1] {
        return .sharedVariable(node: node, variable: Int(merged[index]))
      }
      variables.append(merged)
    }
    return checkRoot(variables)
  }

  /// The root refers to a node or a variable of the circuit and speaks of every variable.
  private func checkRoot(_ variables: [[UInt32]]) -> CircuitDefect? {
    let rootVariables: [UInt32]
    switch root.word & 3 {
    case 0:
      guard let node = root.node, node < nodeCount else { return .badReference(node: -1) }
      if node == 0 { return nil }
      rootVariables = variables[node]
    case 1, 2:
      let word = root.word
      let variable = Int(word & 3 == 1 ? word >> 3 : word >> 2)
      guard variable < variableCount, isVariable[variable] else {
        return .unknownVariable(node: -1, variable: variable)
      }
      rootVariables = [UInt32(variable)]
    default: return .badReference(node: -1)
    }
    var position = 0
    for variable in 0..<variableCount where isVariable[variable] {
      guard position < rootVariables.count, rootVariables[position] == UInt32(variable) else {
        return .missingVariable(variable: variable)
      }
      position += 1
    }
    return nil
  }

  /// Each two entries of an OR are contradictory.
  private func checkDeterminism(
    of node: Int, range: Range<Int>, checksLeft: inout Int, encoding: inout CircuitEncoding?
  ) -> CircuitDefect? {
    let literalSets = range.map { ownLiterals(of: entries[$0]) }
    for first in range {
      for second in range where second > first {
        let firstLiterals = literalSets[first - range.lowerBound]
        if literalSets[second - range.lowerBound].contains(where: {
          firstLiterals.contains($0 ^ 1)
        }) {
          continue
        }
        guard checksLeft > 0 else { return .undecided(node: node) }
        checksLeft -= 1
        if encoding == nil { encoding = CircuitEncoding(self) }
        switch encoding?.solve([entries[first], entries[second]]) {
        case .unsatisfiable?: continue
        case .satisfiable?: return .sharedModel(node: node)
        default: return .undecided(node: node)
        }
      }
    }
    return nil
  }

  /// The literal codes an entry holds at its top: itself, or an AND's literal entries.
  private func ownLiterals(of word: UInt32) -> [UInt32] {
    switch word & 3 {
    case 1: return [word >> 2]
    case 0:
      let node = Int(word >> 2)
      guard node < nodeCount, !isOr[node] else { return [] }
      return entries(of: node).filter { $0 & 3 == 1 }.map { $0 >> 2 }
    default: return []
    }
  }
}

/// A circuit as clauses for the solver: a variable per node equivalent to the node (Tseitin),
/// so that assuming two entries asks whether they share a model.
private final class CircuitEncoding {
  var solver: Solver
  let nodeBase: Int
  let truth: Literal

  init(_ circuit: Circuit) {
    nodeBase = circuit.variableCount
    let truth = Variable(nodeBase + circuit.nodeCount).positive
    self.truth = truth
    solver = Solver(variableCount: nodeBase + circuit.nodeCount + 1)
    _ = solver.addClause([truth])
    _ = solver.addClause([Variable(nodeBase).negative])
    _ = solver.addClause([Variable(nodeBase + 1).positive])
    for node in 2..<max(circuit.nodeCount, 2) {
      let gate = Variable(nodeBase + node).positive
      var inputs: [Literal] = []
      for word in circuit.entries(of: node) {
        inputs.append(Self.literal(word, nodeBase: nodeBase, truth: truth))
      }
      if circuit.isOr[node] {
        _ = solver.addClause([!gate] + inputs)
        for input in inputs { _ = solver.addClause([gate, !input]) }
      } else {
        for input in inputs { _ = solver.addClause([!gate, input]) }
        _ = solver.addClause([gate] + inputs.map { !$0 })
      }
    }
  }

  /// The solver literal of an entry.
  static func literal(_ word: UInt32, nodeBase: Int, truth: Literal) -> Literal {
    switch word & 3 {
    case 0: Variable(nodeBase + Int(word >> 2)).positive
    case 1: Literal(code: word >> 2)
    default: truth
    }
  }

  /// Whether the entries can all hold at once.
  func solve(_ words: [UInt32]) -> SolveResult {
    let assumptions = words.map { Self.literal($0, nodeBase: nodeBase, truth: truth) }
    return solver.solve(assumptions: assumptions, budget: SolverBudget(conflicts: 100_000))
  }
}
