/// Two models over one set of values (`catalog diff`, SPEC §16): a model's clauses, rules and
/// sums copied into another with its values mapped to the other's, so that one count of the
/// union counts the builds both models allow; and a model's negation, so that one solver call
/// finds a build one model allows and the other does not.
///
/// The negation rests on the invariant of ``ConstraintModel``: every auxiliary is defined by
/// the values, and its defining clauses (``ConstraintModel/isRequirement`` false) hold for any
/// values once it takes its defined value. So a build breaks a model exactly when, with the
/// auxiliaries at their defined values, one of its requirements is false: the negation keeps
/// the definitions and asks for one requirement broken (a Tseitin literal per requirement,
/// `vᵢ ⇒ ¬cᵢ`, and the clause `v₁ ∨ … ∨ vₖ`). The counter never sees a negation (its
/// `vᵢ` are not defined); only the solver does.
extension ConstraintModel {
  /// Copies another model into this one: each of its values becomes the variable `values`
  /// names for it (or a new value where `values` has none), each auxiliary a new auxiliary;
  /// its clauses, rules and sums follow, so its rules are in force with the others'
  /// (``ruleAssumptions`` names both).
  ///
  /// - Parameters:
  ///   - other: The model copied.
  ///   - values: For each of `other`'s variables, the variable of this model it becomes, or
  ///     `nil` for a new one (every auxiliary, and a value this model lacks).
  /// - Returns: For each of `other`'s variables, its variable here.
  @discardableResult
  package mutating func embed(_ other: ConstraintModel, values: [Variable?]) -> [Variable] {
    let map = mapping(other, values: values)
    let first = clauses.count
    for (index, clause) in other.clauses.enumerated() {
      appendCopied(
        Self.mapped(clause, map), requirement: other.isRequirement[index])
    }
    for rule in other.rules {
      appendCopied(
        Rule(
          id: rule.id, selector: map[Int(rule.selector.index)],
          holds: Self.mapped(rule.holds, map)))
    }
    for sum in other.nativeSums {
      let constraints = sum.constraints.compactMap { constraint in
        LinearSum(
          constraint.terms.map { .init(Self.mapped($0.literal, map), $0.coefficient) },
          atMost: constraint.bound)
      }
      // The same terms and bound as before: the magnitudes stay within the limit.
      guard constraints.count == sum.constraints.count else { continue }
      nativeSums.append(
        NativeSum(
          clauses: (sum.clauses.lowerBound + first)..<(sum.clauses.upperBound + first),
          constraints: constraints, solverPropagates: sum.solverPropagates))
    }
    return map
  }

  /// Adds the negation of another model: builds it does not allow, or that hold one of
  /// `extra` (values the other model lacks, true). Its definitions are copied as they are;
  /// its rules are not rules here (their selectors are returned, to be assumed true, so that
  /// a broken rule is a broken requirement `¬selector ∨ holds`).
  ///
  /// - Parameters:
  ///   - other: The model negated.
  ///   - values: As for ``embed(_:values:)``.
  ///   - extra: Literals of this model any one of which also breaks `other`.
  /// - Returns: `other`'s rule selectors here, to assume.
  package mutating func embedNegation(
    of other: ConstraintModel, values: [Variable?], orAnyOf extra: [Literal]
  ) -> [Literal] {
    let map = mapping(other, values: values)
    var broken = extra
    for (index, clause) in other.clauses.enumerated() {
      let copied = Self.mapped(clause, map)
      guard other.isRequirement[index] else {
        appendCopied(copied, requirement: false)
        continue
      }
      if copied.count == 1 {
        broken.append(!copied[0])
        continue
      }
      // v ⇒ every literal of the clause false (an empty clause is broken by any build).
      let violated = newVariable(auxiliary: true).positive
      for literal in copied { appendCopied([!violated, !literal], requirement: false) }
      broken.append(violated)
    }
    appendCopied(broken, requirement: true)
    return other.rules.map { map[Int($0.selector.index)].positive }
  }

  /// Each of `other`'s variables as a variable of this model, new ones made as needed.
  private mutating func mapping(_ other: ConstraintModel, values: [Variable?]) -> [Variable] {
    var map: [Variable] = []
    map.reserveCapacity(other.variableCount)
    for index in 0..<other.variableCount {
      let isAuxiliary = other.isAuxiliary[index]
      if !isAuxiliary, index < values.count, let target = values[index] {
        map.append(target)
      } else {
        map.append(newVariable(auxiliary: isAuxiliary))
      }
    }
    return map
  }

  private static func mapped(_ literal: Literal, _ map: [Variable]) -> Literal {
    Literal(map[Int(literal.variable.index)], negated: literal.isNegated)
  }

  private static func mapped(_ clause: [Literal], _ map: [Variable]) -> [Literal] {
    clause.map { mapped($0, map) }
  }
}
