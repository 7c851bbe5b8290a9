/// The encodings of linear constraints (SPEC §13). Both give a root literal equivalent to the
/// constraint, so it nests under any Boolean operator, and define every auxiliary variable in
/// both directions, so it is a function of the model's values (counting stays exact, analyses
/// never see it):
///
/// - a reduced ordered BDD, after Abío, Nieuwenhuis, Oliveras and Rodríguez-Carbonell, "BDDs
///   for Pseudo-Boolean Constraints — Revisited" (SAT 2011): every node a variable defined by
///   if-then-else clauses, nodes shared through the interval of bounds each one stands for,
///   which keeps the diagram canonical. Unit propagation on it is complete (generalized arc
///   consistency), but it can grow with the product of the terms and the bound;
/// - an adder network, after Eén and Sörensson, "Translating Pseudo-Boolean Constraints into
///   SAT" (JSAT 2006): the coefficients' bits in buckets, each bucket added up by full and half
///   adders (carries to the next bucket), then a comparator of the binary sum with the bound.
///   Its size is linear in the number of coefficient bits; it propagates less.
///
/// ``ConstraintModel/linearEncoding`` chooses; by default the diagram while its estimated size
/// stays under ``ConstraintModel/diagramNodeLimit`` nodes.
extension ConstraintModel {
  /// A literal equivalent to `Σ terms ≤ bound`.
  ///
  /// - Parameter sum: The constraint; its magnitudes are below ``LinearSum/magnitudeLimit``.
  /// - Returns: A literal true exactly when the constraint holds.
  package mutating func defineAtMost(_ sum: LinearSum) -> Literal {
    definitionDepth += 1
    defer { definitionDepth -= 1 }
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
    let total = terms.reduce(0) { $0 + $1.coefficient }
    if bound < 0 { return !trueLiteral() }
    if bound >= total { return trueLiteral() }
    let useDiagram: Bool
    switch Self.forcedLinearEncoding ?? linearEncoding {
    case .diagram: useDiagram = true
    case .adder: useDiagram = false
    case .bySize:
      useDiagram = Self.estimatedDiagramNodes(terms, bound: bound) <= Self.diagramNodeLimit
    }
    let firstClause = clauses.count
    let hadTruth = truth != nil
    let root: Literal
    if useDiagram {
      var builder = LinearDiagram(terms: terms)
      root = builder.root(bound: bound, in: &self)
    } else {
      root = defineAdderNetwork(terms, atMost: bound)
    }
    // The encoding's clauses define only its own auxiliaries and its root, so a solver or a
    // counter may keep the sum instead: root ⇒ Σ ≤ bound is Σ + (total − bound)·root ≤
    // total, and ¬root ⇒ Σ > bound is Σ a·¬x + (bound + 1)·¬root ≤ total. Not when the root
    // is an input itself, or the encoding made the shared true literal (other clauses use
    // it), or past the magnitudes.
    if hadTruth || truth == nil, root.variable != truth?.variable, clauses.count > firstClause,
      !terms.contains(where: { $0.literal.variable == root.variable })
    {
      let total = terms.reduce(Int64(0)) { $0 + $1.coefficient }
      let holds = LinearSum(terms + [.init(root, total - bound)], atMost: total)
      let fails = LinearSum(
        terms.map { .init(!$0.literal, $0.coefficient) } + [.init(!root, bound + 1)],
        atMost: total)
      if let holds, let fails {
        // A diagram propagates completely as clauses; an adder network hardly at all.
        nativeSums.append(
          NativeSum(
            clauses: firstClause..<clauses.count, constraints: [holds, fails],
            solverPropagates: !useDiagram && propagatesSumsNatively))
      }
    }
    return root
  }

  /// The most diagram nodes (as estimated by ``estimatedDiagramNodes(_:bound:)``) for which
  /// the default choice keeps the diagram: about 120,000 clauses at most. Catalog rules stay
  /// far below; a total over thousands of features with distinct weights goes far beyond.
  package static let diagramNodeLimit = 20_000

  /// An upper bound on the number of nodes of the diagram of `Σ terms ≤ bound`: level `i`
  /// has at most `2^i` nodes (one per path), and at most one per bound in `0..<suffix` that
  /// is at most `bound` (other bounds give constants). Stops counting past the limit.
  ///
  /// - Parameters:
  ///   - terms: The terms, positive coefficients, in diagram order.
  ///   - bound: The bound, `0 ≤ bound < Σ coefficients`.
  /// - Returns: The estimate, or a number past ``diagramNodeLimit`` when it is beyond.
  package static func estimatedDiagramNodes(_ terms: [LinearSum.Term], bound: Int64) -> Int {
    var suffix = terms.reduce(Int64(0)) { $0 + $1.coefficient }
    var nodes = 0
    for (level, term) in terms.enumerated() {
      let paths: Int64 = level < 62 ? Int64(1) << Int64(level) : .max
      let here = min(paths, min(bound + 1, suffix))
      if here > Int64(diagramNodeLimit - nodes) { return diagramNodeLimit + 1 }
      nodes += Int(here)
      suffix -= term.coefficient
    }
    return nodes
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

  /// The adder network of `Σ terms ≤ bound` (Eén and Sörensson 2006): bit `b` of every
  /// coefficient puts its literal in bucket `b`; each bucket is added up three at a time by
  /// full adders (sum back into the bucket, carry into the next) and a last pair by a half
  /// adder, first in first out so the adders stay shallow; the one literal left per bucket is
  /// that bit of the sum, and a comparator from the lowest bit up says whether the sum is at
  /// most the bound. Every gate output is a new variable defined in both directions.
  ///
  /// - Parameters:
  ///   - terms: The terms, positive coefficients.
  ///   - bound: The bound, `0 ≤ bound < Σ coefficients`.
  /// - Returns: A literal true exactly when the sum is at most the bound.
  private mutating func defineAdderNetwork(_ terms: [LinearSum.Term], atMost bound: Int64)
    -> Literal
  {
    var buckets: [[Literal]] = []
    for term in terms {
      var rest = term.coefficient
      var bit = 0
      while rest != 0 {
        if rest & 1 == 1 {
          while buckets.count <= bit { buckets.append([]) }
          buckets[bit].append(term.literal)
        }
        rest >>= 1
        bit += 1
      }
    }
    var sumBits: [Literal?] = []
    var bit = 0
    while bit < buckets.count {
      var queue = buckets[bit]
      var head = 0
      var carries: [Literal] = []
      while queue.count - head >= 2 {
        let a = queue[head]
        let b = queue[head + 1]
        if queue.count - head >= 3 {
          let c = queue[head + 2]
          head += 3
          queue.append(defineParity([a, b, c]))
          carries.append(defineMajority(a, b, c))
        } else {
          head += 2
          queue.append(defineParity([a, b]))
          carries.append(define(.and([.literal(a), .literal(b)])))
        }
      }
      sumBits.append(head < queue.count ? queue[head] : nil)
      if !carries.isEmpty {
        if buckets.count == bit + 1 { buckets.append([]) }
        buckets[bit + 1] += carries
      }
      bit += 1
    }
    // atMost: whether the sum's bits 0…i are at most the bound's; nil while it is constant.
    var atMost: Literal? = nil
    var constant = true
    for (index, sumBit) in sumBits.enumerated() {
      let boundBit = (bound >> Int64(index)) & 1 == 1
      guard let sumBit else {
        // A zero bit: below a one of the bound, the lower bits no longer matter.
        if boundBit { (atMost, constant) = (nil, true) }
        continue
      }
      // s ≤ k on this bit decides unless equal: k = 1 gives ¬s ∨ lower, k = 0 gives ¬s ∧ lower.
      switch (atMost, constant, boundBit) {
      case (nil, true, true): (atMost, constant) = (nil, true)
      case (nil, true, false), (nil, false, true): atMost = !sumBit
      case (nil, false, false): break
      case (let lower?, _, true): atMost = define(.or([.literal(!sumBit), .literal(lower)]))
      case (let lower?, _, false): atMost = define(.and([.literal(!sumBit), .literal(lower)]))
      }
    }
    let root = atMost ?? (constant ? trueLiteral() : !trueLiteral())
    // Implied, for propagation: a term larger than the bound is out whenever the root holds.
    for term in terms where term.coefficient > bound { addClause([!root, !term.literal]) }
    return root
  }

  /// A new literal equivalent to the parity (exclusive or) of two or three literals.
  private mutating func defineParity(_ inputs: [Literal]) -> Literal {
    let n = newVariable(auxiliary: true).positive
    // One clause per assignment of the inputs: n takes their parity. The output comes first
    // in each clause: a search completing a reference model mends a broken clause by its
    // first auxiliary literal, and a definition should follow its inputs, not change them.
    for pattern in 0..<(1 << inputs.count) {
      var clause: [Literal] = [n]
      var odd = false
      for (index, input) in inputs.enumerated() {
        let isTrue = pattern >> index & 1 == 1
        clause.append(isTrue ? !input : input)
        if isTrue { odd.toggle() }
      }
      if !odd { clause[0] = !n }
      addClause(clause)
    }
    return n
  }

  /// A new literal equivalent to "at least two of a, b, c" (a full adder's carry).
  private mutating func defineMajority(_ a: Literal, _ b: Literal, _ c: Literal) -> Literal {
    let n = newVariable(auxiliary: true).positive
    // The output first, as in ``defineParity(_:)``.
    for (x, y) in [(a, b), (a, c), (b, c)] {
      addClause([n, !x, !y])
      addClause([!n, x, y])
    }
    return n
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
