internal import ConfigurationEngine

/// One comparison of a rule over a single attribute's total, brought to the form
/// `sum(ATTR) ⋈ bound` (SPEC §13, §14): `sum(weight) + 500 <= 2180` is `sum(weight) <= 1680`.
/// What a reason citing the rule shows its numbers by (``RuleNumbers``). Comparisons of
/// several totals, of an `avg`, or whose bound is no exact millionth, have none.
public struct RuleComparison: Hashable, Sendable {
  /// How the total compares with the bound.
  public enum Relation: String, Hashable, Sendable {
    case less = "<"
    case lessOrEqual = "<="
    case equal = "=="
    case notEqual = "!="
    case greaterOrEqual = ">="
    case greater = ">"
  }

  /// The attribute's id (`weight`, `price`).
  public let attribute: String
  /// The relation the rule wants of the total.
  public let relation: Relation
  /// The bound, exact.
  public let bound: AttributeTotal
}

extension RuleArithmetic {
  /// The comparison `left comparator right` as ``RuleComparison``, if it is one over a
  /// single attribute's `sum` whose bound is a whole number of millionths (a strict relation
  /// on a bound between two millionths becomes the non-strict one on the nearer millionth:
  /// totals are whole millionths).
  func comparison(_ left: Arithmetic, _ comparator: Comparator, _ right: Arithmetic)
    -> RuleComparison?
  {
    guard let difference = try? differenceForm(left, right), difference.averages.isEmpty,
      difference.sums.count == 1, let (attribute, coefficient) = difference.sums.first,
      !coefficient.isZero,
      // coefficient · sum + constant ⋈ 0  ⇔  sum ⋈' −constant / coefficient.
      let reciprocal = coefficient.reciprocal,
      let bound = difference.constant.negated.multiplied(by: reciprocal)
    else { return nil }
    var relation = RuleComparison.Relation(comparator)
    if coefficient.numerator < 0 { relation = relation.flipped }
    guard bound.numerator.magnitude < UInt128(Int128.max / 1_000_000) else { return nil }
    let scaled = bound.numerator * 1_000_000
    let (quotient, remainder) = scaled.quotientAndRemainder(dividingBy: bound.denominator)
    if remainder == 0 {
      return RuleComparison(
        attribute: attribute, relation: relation, bound: AttributeTotal(millionths: quotient))
    }
    // Between two millionths: the nearer one on the side the relation keeps.
    let floor = quotient - (scaled < 0 ? 1 : 0)
    switch relation {
    case .less, .lessOrEqual:
      return RuleComparison(
        attribute: attribute, relation: .lessOrEqual, bound: AttributeTotal(millionths: floor))
    case .greater, .greaterOrEqual:
      return RuleComparison(
        attribute: attribute, relation: .greaterOrEqual,
        bound: AttributeTotal(millionths: floor + 1))
    case .equal, .notEqual:
      return nil
    }
  }

  /// The comparisons of an expression that ``comparison(_:_:_:)`` can state, in reading order.
  func comparisons(in expression: Expression) -> [RuleComparison] {
    var found: [RuleComparison] = []
    func walk(_ expression: Expression) {
      switch expression {
      case .atom, .constant: break
      case .not(let inner): walk(inner)
      case .and(let parts), .or(let parts): for part in parts { walk(part) }
      case .implies(let a, let b), .equivalent(let a, let b):
        walk(a)
        walk(b)
      case .comparison(let left, let comparator, let right, _):
        if let comparison = comparison(left, comparator, right) { found.append(comparison) }
      }
    }
    walk(expression)
    return found
  }
}

extension RuleComparison.Relation {
  init(_ comparator: Comparator) {
    switch comparator {
    case .less: self = .less
    case .lessOrEqual: self = .lessOrEqual
    case .equal: self = .equal
    case .notEqual: self = .notEqual
    case .greaterOrEqual: self = .greaterOrEqual
    case .greater: self = .greater
    }
  }

  /// The relation with its sides swapped (`<` for `>`).
  var flipped: Self {
    switch self {
    case .less: .greater
    case .lessOrEqual: .greaterOrEqual
    case .equal: .equal
    case .notEqual: .notEqual
    case .greaterOrEqual: .lessOrEqual
    case .greater: .less
    }
  }
}

/// The numbers behind a rule with arithmetic cited as a reason (SPEC §14): the total of the
/// build the answer is about, the value's own number when the value is not in that build,
/// the total with it, and the rule's bound — `1,910.0 kg + 60.0 kg = 1,970.0 kg > 1,950 kg`.
/// Exact decimals; the renderers word them.
public struct RuleNumbers: Hashable, Sendable {
  /// The rule's id.
  public let rule: String
  /// The attribute (`weight`, `price`).
  public let attribute: String
  /// The build's total.
  public let total: AttributeTotal
  /// The value's own number, when the build does not hold the value and the value carries
  /// one; `nil` otherwise.
  public let value: AttributeTotal?
  /// The total with the value: ``total`` plus ``value`` (``total`` when there is no value).
  public let sum: AttributeTotal
  /// The rule's bound.
  public let bound: AttributeTotal
  /// What the rule wants of the total.
  public let relation: RuleComparison.Relation

  /// How ``sum`` compares with ``bound``: `<`, `==` or `>` (the relation that holds, not the
  /// one the rule wants).
  public var holding: RuleComparison.Relation {
    sum < bound ? .less : sum == bound ? .equal : .greater
  }
}

extension ProductLine {
  /// The numbers behind each rule of a reason that compares a single total, for a value
  /// and the build an answer is about (see ``RuleNumbers``).
  ///
  /// - Parameters:
  ///   - rules: The ids of the rules a reason cites.
  ///   - value: The value the reason is about.
  ///   - selected: Whether the build holds each value.
  /// - Returns: The numbers, one per comparison, in the rules' order.
  func numbers(of rules: [String], value: Int, selected: [Bool]) -> [RuleNumbers] {
    guard selected.count == values.count, values.indices.contains(value) else { return [] }
    var found: [RuleNumbers] = []
    for id in rules {
      guard let rule = rule(id: id), !rule.comparisons.isEmpty else { continue }
      for comparison in rule.comparisons {
        guard let total = total(of: comparison.attribute, selected: selected) else { continue }
        var own: AttributeTotal?
        if !selected[value] {
          let number =
            comparison.attribute == Attribute.priceID
            ? Int128(values[value].surcharge.cents) * 10_000
            : values[value].attributes[comparison.attribute].map { Int128($0.millionths) }
          own = number.map { AttributeTotal(millionths: $0) }
        }
        found.append(
          RuleNumbers(
            rule: id, attribute: comparison.attribute, total: total, value: own,
            sum: AttributeTotal(millionths: total.millionths + (own?.millionths ?? 0)),
            bound: comparison.bound, relation: comparison.relation))
      }
    }
    return found
  }
}
