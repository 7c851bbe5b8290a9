/// A Boolean expression over named atoms, as rules and UVL constraints write them.
///
/// The atoms stay text until a model resolves them to variables, so one parser serves catalog
/// rules (`paint=red`) and UVL constraints (`"Heated Seats"`) alike.
package indirect enum Expression: Hashable, Sendable {
  /// A named value (`drive=4wd`, a UVL feature); `column` is where it starts, counted from 1.
  case atom(String, column: Int)
  /// A constant (`true`, `false`).
  case constant(Bool)
  /// `!a`
  case not(Expression)
  /// `a & b & …`
  case and([Expression])
  /// `a | b | …`
  case or([Expression])
  /// `a => b`
  case implies(Expression, Expression)
  /// `a <=> b`
  case equivalent(Expression, Expression)
  /// `a < b`, `a == b`, …: a comparison of two numbers (SPEC §13); `column` is the operator's.
  case comparison(Arithmetic, Comparator, Arithmetic, column: Int)

  /// Every atom of the expression, in reading order.
  package var atoms: [(name: String, column: Int)] {
    var found: [(name: String, column: Int)] = []
    collectAtoms(into: &found)
    return found
  }

  /// The first atom, in reading order, whose name satisfies `predicate`; nothing is
  /// collected on the way.
  ///
  /// - Parameter predicate: What the atom is looked for by (an unknown name, say).
  /// - Returns: The atom's name and column, or `nil`.
  package func firstAtom(where predicate: (String) -> Bool) -> (name: String, column: Int)? {
    switch self {
    case .atom(let name, let column): return predicate(name) ? (name, column) : nil
    case .constant, .comparison: return nil
    case .not(let inner): return inner.firstAtom(where: predicate)
    case .and(let parts), .or(let parts):
      for part in parts {
        if let found = part.firstAtom(where: predicate) { return found }
      }
      return nil
    case .implies(let a, let b), .equivalent(let a, let b):
      return a.firstAtom(where: predicate) ?? b.firstAtom(where: predicate)
    }
  }

  private func collectAtoms(into found: inout [(name: String, column: Int)]) {
    switch self {
    case .atom(let name, let column): found.append((name, column))
    case .constant: break
    case .not(let inner): inner.collectAtoms(into: &found)
    case .and(let parts), .or(let parts): for part in parts { part.collectAtoms(into: &found) }
    case .implies(let a, let b), .equivalent(let a, let b):
      a.collectAtoms(into: &found)
      b.collectAtoms(into: &found)
    case .comparison: break
    }
  }

  /// The formula of the expression, each atom replaced by the literal `resolve` gives for it.
  ///
  /// - Parameters:
  ///   - resolve: Maps an atom's name and column to its literal, or throws.
  ///   - compare: Maps a comparison to its formula (linear constraints), or throws; without
  ///     it a comparison is an error of `resolve` for its operator (`"<="`).
  /// - Returns: The same expression over literals.
  /// - Throws: Whatever `resolve` or `compare` throws.
  package func formula<Failure: Error>(
    _ resolve: (String, Int) throws(Failure) -> Literal,
    compare: ((Arithmetic, Comparator, Arithmetic, Int) throws(Failure) -> Formula)? = nil
  ) throws(Failure) -> Formula {
    func map(_ expression: Expression) throws(Failure) -> Formula {
      try expression.formula(resolve, compare: compare)
    }
    switch self {
    case .atom(let name, let column): return .literal(try resolve(name, column))
    case .constant(let value): return .constant(value)
    case .not(let inner): return .not(try map(inner))
    case .and(let parts):
      var mapped: [Formula] = []
      for part in parts { mapped.append(try map(part)) }
      return .and(mapped)
    case .or(let parts):
      var mapped: [Formula] = []
      for part in parts { mapped.append(try map(part)) }
      return .or(mapped)
    case .implies(let a, let b): return .implies(try map(a), try map(b))
    case .equivalent(let a, let b): return .equivalent(try map(a), try map(b))
    case .comparison(let left, let comparator, let right, let column):
      guard let compare else { return .literal(try resolve(comparator.rawValue, column)) }
      return try compare(left, comparator, right, column)
    }
  }
}

/// A Boolean formula over the literals of a ``ConstraintModel``, ready to encode as clauses.
package indirect enum Formula: Hashable, Sendable {
  /// A literal.
  case literal(Literal)
  /// A constant.
  case constant(Bool)
  /// Negation.
  case not(Formula)
  /// Conjunction (true when empty).
  case and([Formula])
  /// Disjunction (false when empty).
  case or([Formula])
  /// Implication.
  case implies(Formula, Formula)
  /// Equivalence.
  case equivalent(Formula, Formula)
  /// A linear constraint: the sum is at most its bound.
  case atMost(LinearSum)
}
