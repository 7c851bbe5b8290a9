/// Encodings of formulas and cardinality constraints into clauses. Every auxiliary variable is
/// defined by an equivalence (see ``ConstraintModel``), so solutions still count builds.
extension ConstraintModel {
  /// Requires a formula to hold always (not a rule: it cannot be cited or switched off).
  ///
  /// - Parameter formula: The formula.
  package mutating func require(_ formula: Formula) {
    switch formula {
    case .and(let parts): for part in parts { require(part) }
    case .constant(true): break
    case .implies(let premise, let conclusion):
      require(.or([.not(premise), conclusion]))
    default:
      if let clause = Self.flatClause(formula) {
        addClause(clause)
      } else {
        addClause([define(formula)])
      }
    }
  }

  /// A literal equivalent to the formula (Tseitin, both directions), adding the auxiliary
  /// variables and clauses that define it.
  ///
  /// - Parameter formula: The formula.
  /// - Returns: A literal that is true exactly when the formula is.
  package mutating func define(_ formula: Formula) -> Literal {
    definitionDepth += 1
    defer { definitionDepth -= 1 }
    switch formula {
    case .literal(let literal): return literal
    case .constant(let value): return value ? trueLiteral() : !trueLiteral()
    case .not(let inner): return !define(inner)
    case .and(let parts):
      let literals = parts.map { define($0) }
      if literals.count == 1 { return literals[0] }
      return !defineOr(literals.map { !$0 })
    case .or(let parts):
      let literals = parts.map { define($0) }
      if literals.count == 1 { return literals[0] }
      return defineOr(literals)
    case .implies(let premise, let conclusion):
      return defineOr([!define(premise), define(conclusion)])
    case .equivalent(let a, let b):
      let x = define(a)
      let y = define(b)
      let z = newVariable(auxiliary: true).positive
      // z ⇔ (x ⇔ y)
      addClause([!z, !x, y])
      addClause([!z, x, !y])
      addClause([z, x, y])
      addClause([z, !x, !y])
      return z
    case .atMost(let sum):
      return defineAtMost(sum)
    }
  }

  /// A new literal equivalent to the disjunction of `literals`.
  private mutating func defineOr(_ literals: [Literal]) -> Literal {
    if literals.isEmpty { return !trueLiteral() }
    definitionDepth += 1
    defer { definitionDepth -= 1 }
    let z = newVariable(auxiliary: true).positive
    addClause([!z] + literals)
    for literal in literals { addClause([z, !literal]) }
    return z
  }

  /// The formula as one clause when it is a disjunction of literals (or a literal).
  private static func flatClause(_ formula: Formula) -> [Literal]? {
    switch formula {
    case .literal(let literal): return [literal]
    case .not(.literal(let literal)): return [!literal]
    case .constant(false): return []
    case .or(let parts):
      var clause: [Literal] = []
      for part in parts {
        guard let inner = flatClause(part) else { return nil }
        clause += inner
      }
      return clause
    default: return nil
    }
  }

  /// Requires `premise → conclusion`.
  package mutating func addImplication(_ premise: Literal, _ conclusion: Literal) {
    addClause([!premise, conclusion])
  }

  /// Requires at most one of the literals: pairwise for a few, otherwise a ladder of defined
  /// prefix variables (`p_i ⇔ x_1 ∨ … ∨ x_i`), linear in size.
  package mutating func addAtMostOne(_ literals: [Literal]) {
    if literals.count <= 6 {
      for i in literals.indices {
        for j in literals.indices where j > i { addClause([!literals[i], !literals[j]]) }
      }
      return
    }
    var prefix = literals[0]
    for literal in literals.dropFirst() {
      addClause([!prefix, !literal])
      prefix = defineOr([prefix, literal])
    }
  }

  /// Requires exactly one of the literals.
  package mutating func addExactlyOne(_ literals: [Literal]) {
    addClause(literals)
    addAtMostOne(literals)
  }

  /// Requires between `minimum` and `maximum` of the literals to hold (a UVL group
  /// cardinality), with a sequential counter of defined variables
  /// (`c[i][j] ⇔ at least j of the first i`), `O(n · maximum)` in size.
  ///
  /// - Parameters:
  ///   - literals: The literals counted.
  ///   - minimum: The fewest that must hold.
  ///   - maximum: The most that may hold; `nil` for no upper bound.
  package mutating func addCardinality(_ literals: [Literal], minimum: Int, maximum: Int?) {
    let n = literals.count
    let upper = min(maximum ?? n, n)
    if minimum > upper {
      addClause([])
      return
    }
    if minimum <= 0, upper >= n { return }
    if minimum == 1, upper >= n {
      addClause(literals)
      return
    }
    if minimum <= 1, upper == 1 {
      if minimum == 1 { addExactlyOne(literals) } else { addAtMostOne(literals) }
      return
    }
    if upper == 0 {
      for literal in literals { addClause([!literal]) }
      return
    }
    // Count up to `upper + 1` so that "more than upper" can be forbidden.
    let top = min(max(minimum, upper + 1), n)
    let falseLiteral = !trueLiteral()
    // atLeast[j] for the prefix seen so far; atLeast[0] is true.
    var atLeast = [Literal](repeating: falseLiteral, count: top + 1)
    atLeast[0] = trueLiteral()
    for literal in literals {
      var next = atLeast
      for j in stride(from: top, through: 1, by: -1) {
        // next[j] ⇔ atLeast[j] ∨ (atLeast[j-1] ∧ literal)
        if atLeast[j - 1] == falseLiteral { continue }
        let carry =
          atLeast[j - 1] == trueLiteral()
          ? literal : define(.and([.literal(atLeast[j - 1]), .literal(literal)]))
        next[j] = atLeast[j] == falseLiteral ? carry : defineOr([atLeast[j], carry])
      }
      atLeast = next
    }
    if minimum > 0 { addClause([atLeast[minimum]]) }
    if upper < n { addClause([!atLeast[upper + 1]]) }
  }
}
