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

  /// Every atom of the expression, in reading order.
  package var atoms: [(name: String, column: Int)] {
    var found: [(name: String, column: Int)] = []
    collectAtoms(into: &found)
    return found
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
    }
  }

  /// The formula of the expression, each atom replaced by the literal `resolve` gives for it.
  ///
  /// - Parameter resolve: Maps an atom's name and column to its literal, or throws.
  /// - Returns: The same expression over literals.
  /// - Throws: Whatever `resolve` throws for an atom it cannot map.
  package func formula<Failure: Error>(
    _ resolve: (String, Int) throws(Failure) -> Literal
  ) throws(Failure) -> Formula {
    switch self {
    case .atom(let name, let column): return .literal(try resolve(name, column))
    case .constant(let value): return .constant(value)
    case .not(let inner): return .not(try inner.formula(resolve))
    case .and(let parts):
      var mapped: [Formula] = []
      for part in parts { mapped.append(try part.formula(resolve)) }
      return .and(mapped)
    case .or(let parts):
      var mapped: [Formula] = []
      for part in parts { mapped.append(try part.formula(resolve)) }
      return .or(mapped)
    case .implies(let a, let b): return .implies(try a.formula(resolve), try b.formula(resolve))
    case .equivalent(let a, let b):
      return .equivalent(try a.formula(resolve), try b.formula(resolve))
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
}
