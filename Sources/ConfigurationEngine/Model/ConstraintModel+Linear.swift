/// The encoding of linear constraints (SPEC §13) as a reduced ordered BDD, after Abío,
/// Nieuwenhuis, Oliveras and Rodríguez-Carbonell, "BDDs for Pseudo-Boolean Constraints —
/// Revisited" (SAT 2011): every node is a variable defined by if-then-else clauses in both
/// directions, so it is a function of the model's values (counting stays exact, analyses never
/// see it), and the root is a literal equivalent to the constraint, so it nests under any
/// Boolean operator. Nodes are shared through the interval of bounds each one stands for,
/// which keeps the diagram canonical.
extension ConstraintModel {
  /// A literal equivalent to `Σ terms ≤ bound`.
  ///
  /// - Parameter sum: The constraint; its magnitudes are below ``LinearSum/magnitudeLimit``.
  /// - Returns: A literal true exactly when the constraint holds.
  package mutating func defineAtMost(_ sum: LinearSum) -> Literal {
    // One coefficient per variable, all positive: `a·¬x` is `a − a·x`.
    var byVariable: [Variable: Int64] = [:]
    var order: [Variable] = []
    var bound = sum.bound
    for term in sum.terms where term.coefficient != 0 {
      let variable = term.literal.variable
      if byVariable[variable] == nil { order.append(variable) }
      if term.literal.isNegated {
        byVariable[variable, default: 0] -= term.coefficient
        bound -= term.coefficient
      } else {
        byVariable[variable, default: 0] += term.coefficient
      }
    }
    var terms: [LinearSum.Term] = []
    for variable in order {
      guard let coefficient = byVariable[variable], coefficient != 0 else { continue }
      if coefficient > 0 {
        terms.append(.init(variable.positive, coefficient))
      } else {
        terms.append(.init(variable.negative, -coefficient))
        bound -= coefficient
      }
    }
    // Dividing by the common divisor keeps the diagram small for values like 1320.5 kg.
    var divisor: Int64 = 0
    for term in terms { divisor = Self.gcd(divisor, term.coefficient) }
    if divisor > 1 {
      terms = terms.map { .init($0.literal, $0.coefficient / divisor) }
      bound = Self.floorDivide(bound, by: divisor)
    }
    // Largest first: the usual order for small diagrams.
    terms.sort { $0.coefficient > $1.coefficient }
    var builder = LinearDiagram(terms: terms)
    return builder.root(bound: bound, in: &self)
  }

  private static func gcd(_ a: Int64, _ b: Int64) -> Int64 {
    var (x, y) = (a, b)
    while y != 0 { (x, y) = (y, x % y) }
    return x
  }

  private static func floorDivide(_ a: Int64, by b: Int64) -> Int64 {
    let quotient = a / b
    return (a % b != 0 && a < 0) ? quotient - 1 : quotient
  }

  /// A new literal `n ⇔ (x ? high : low)`, with both directions and the two redundant
  /// clauses that let unit propagation see through the node.
  fileprivate mutating func defineIfThenElse(
    _ x: Literal, then high: Literal, else low: Literal
  ) -> Literal {
    let n = newVariable(auxiliary: true).positive
    addClause([!x, !high, n])
    addClause([!x, high, !n])
    addClause([x, !low, n])
    addClause([x, low, !n])
    addClause([!high, !low, n])
    addClause([high, low, !n])
    return n
  }
}

/// The nodes of one constraint's diagram, by level, each with the interval of bounds for which
/// the suffix from that level has the same truth (the "interval" BDD of Abío et al.).
private struct LinearDiagram {
  let terms: [LinearSum.Term]
  /// `suffix[i]`: the sum of the coefficients from level `i` on.
  let suffix: [Int64]
  /// Per level: `(low, high, node)` — every bound in `low…high` gives `node`.
  var memo: [[(low: Int64, high: Int64, node: Node)]]

  enum Node: Equatable {
    case constant(Bool)
    case literal(Literal)
  }

  /// Below and above every reachable bound; magnitudes stay under 2^62.
  static let minusInfinity: Int64 = -(1 << 62)
  static let plusInfinity: Int64 = 1 << 62

  init(terms: [LinearSum.Term]) {
    self.terms = terms
    var suffix = [Int64](repeating: 0, count: terms.count + 1)
    for index in terms.indices.reversed() {
      suffix[index] = suffix[index + 1] + terms[index].coefficient
    }
    self.suffix = suffix
    memo = Array(repeating: [], count: terms.count + 1)
  }

  mutating func root(bound: Int64, in model: inout ConstraintModel) -> Literal {
    switch build(level: 0, bound: bound, in: &model).node {
    case .constant(let value): return value ? model.trueLiteral() : !model.trueLiteral()
    case .literal(let literal): return literal
    }
  }

  /// The node for `Σ terms[level...] ≤ bound` and the interval of bounds it stands for.
  private mutating func build(level: Int, bound: Int64, in model: inout ConstraintModel)
    -> (low: Int64, high: Int64, node: Node)
  {
    if bound < 0 { return (Self.minusInfinity, -1, .constant(false)) }
    // Out of budget: unwind at once; the caller refuses the model (see `linearNodeBudget`).
    if model.linearNodesExhausted { return (bound, bound, .constant(false)) }
    if bound >= suffix[level] { return (suffix[level], Self.plusInfinity, .constant(true)) }
    // A level's intervals are disjoint and kept sorted by their lower end.
    let slot = insertionIndex(level: level, bound: bound)
    if slot > 0, memo[level][slot - 1].high >= bound { return memo[level][slot - 1] }
    let term = terms[level]
    let low = build(level: level + 1, bound: bound, in: &model)
    let high = build(level: level + 1, bound: bound - term.coefficient, in: &model)
    let interval = (
      low: max(low.low, high.low + term.coefficient),
      high: min(low.high, high.high + term.coefficient)
    )
    let node: Node
    if low.node == high.node {
      node = low.node
    } else {
      node = .literal(Self.ifThenElse(term.literal, then: high.node, else: low.node, in: &model))
      if let budget = model.linearNodeBudget { model.linearNodeBudget = budget - 1 }
    }
    let entry = (low: interval.low, high: interval.high, node: node)
    memo[level].insert(entry, at: insertionIndex(level: level, bound: interval.low))
    return entry
  }

  /// The number of intervals of `level` whose lower end is at most `bound`.
  private func insertionIndex(level: Int, bound: Int64) -> Int {
    var (low, high) = (0, memo[level].count)
    while low < high {
      let middle = (low + high) / 2
      if memo[level][middle].low <= bound { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The literal of `x ? high : low`, without a new variable where a simpler one will do.
  private static func ifThenElse(
    _ x: Literal, then high: Node, else low: Node, in model: inout ConstraintModel
  ) -> Literal {
    switch (high, low) {
    case (.constant(true), .constant(false)): return x
    case (.constant(false), .constant(true)): return !x
    case (.constant(false), .literal(let other)):
      return model.define(.and([.literal(!x), .literal(other)]))
    case (.literal(let other), .constant(true)):
      return model.define(.or([.literal(!x), .literal(other)]))
    case (.constant(true), .literal(let other)):
      return model.define(.or([.literal(x), .literal(other)]))
    case (.literal(let other), .constant(false)):
      return model.define(.and([.literal(x), .literal(other)]))
    case (.literal(let a), .literal(let b)):
      return model.defineIfThenElse(x, then: a, else: b)
    case (.constant(let a), .constant(let b)):
      // Equal constants were merged by the caller, unequal ones handled above.
      return a && b ? model.trueLiteral() : !model.trueLiteral()
    }
  }
}
