@testable import ConfigurationEngine

/// The reference: every assignment of a ``RandomModel``'s values, evaluated directly on its
/// constraints and rule formulas (no encoding, no solver).
struct BruteForce {
  /// An assignment of the values satisfying the background, with the rules it breaks.
  struct Solution {
    let values: UInt32
    let violated: UInt64
  }

  let valueCount: Int
  let ruleCount: Int
  let solutions: [Solution]

  init(_ random: RandomModel) {
    precondition(random.valueCount <= 16 && random.ruleFormulas.count <= 64)
    valueCount = random.valueCount
    ruleCount = random.ruleFormulas.count
    var solutions: [Solution] = []
    for values in UInt32(0)..<(UInt32(1) << random.valueCount) {
      guard random.background.allSatisfy({ Self.holds($0, values) }) else { continue }
      var violated: UInt64 = 0
      for (index, formula) in random.ruleFormulas.enumerated()
      where !Self.evaluate(formula, values) {
        violated |= 1 << UInt64(index)
      }
      solutions.append(Solution(values: values, violated: violated))
    }
    self.solutions = solutions
  }

  var allRules: UInt64 { ruleCount == 64 ? ~0 : (1 << UInt64(ruleCount)) - 1 }

  static func isTrue(_ literal: Literal, _ values: UInt32) -> Bool {
    ((values >> UInt32(literal.variable.index)) & 1 == 1) != literal.isNegated
  }

  static func holds(_ constraint: RandomModel.Constraint, _ values: UInt32) -> Bool {
    func count(_ group: [Literal]) -> Int { group.filter { isTrue($0, values) }.count }
    switch constraint {
    case .exactlyOne(let group): return count(group) == 1
    case .atMostOne(let group): return count(group) <= 1
    case .cardinality(let group, let minimum, let maximum):
      return count(group) >= minimum && count(group) <= (maximum ?? group.count)
    case .implication(let premise, let conclusion):
      return !isTrue(premise, values) || isTrue(conclusion, values)
    case .formula(let formula): return evaluate(formula, values)
    }
  }

  static func evaluate(_ formula: Formula, _ values: UInt32) -> Bool {
    switch formula {
    case .literal(let literal): return isTrue(literal, values)
    case .constant(let value): return value
    case .not(let inner): return !evaluate(inner, values)
    case .and(let parts): return parts.allSatisfy { evaluate($0, values) }
    case .or(let parts): return parts.contains { evaluate($0, values) }
    case .implies(let premise, let conclusion):
      return !evaluate(premise, values) || evaluate(conclusion, values)
    case .equivalent(let a, let b): return evaluate(a, values) == evaluate(b, values)
    case .atMost(let sum):
      return sum.terms.reduce(0) { $0 + (isTrue($1.literal, values) ? $1.coefficient : 0) }
        <= sum.bound
    }
  }

  /// The solutions with the given rules in force and every literal of `literals` true.
  func solutions(rules: UInt64, satisfying literals: [Literal]) -> [Solution] {
    solutions.filter { solution in
      solution.violated & rules == 0 && literals.allSatisfy { Self.isTrue($0, solution.values) }
    }
  }

  func isConsistent(rules: UInt64, _ literals: [Literal]) -> Bool {
    solutions.contains { solution in
      solution.violated & rules == 0 && literals.allSatisfy { Self.isTrue($0, solution.values) }
    }
  }

  /// The backbone over the values: for each value, true/false when every solution agrees.
  func backbone(rules: UInt64, _ literals: [Literal]) -> [Bool?]? {
    let matching = solutions(rules: rules, satisfying: literals)
    guard !matching.isEmpty else { return nil }
    return (0..<valueCount).map { index in
      let ones = matching.filter { ($0.values >> UInt32(index)) & 1 == 1 }.count
      return ones == matching.count ? true : ones == 0 ? false : nil
    }
  }

  /// The values of a full assignment of a model as a bit mask.
  static func mask(_ assignment: Assignment, valueCount: Int) -> UInt32 {
    var values: UInt32 = 0
    for index in 0..<valueCount where assignment[Variable(index)] { values |= 1 << UInt32(index) }
    return values
  }

  /// The rule mask of a list of rules of `model`.
  static func ruleMask(_ rules: [ConstraintModel.Rule], in model: ConstraintModel) -> UInt64 {
    var mask: UInt64 = 0
    for rule in rules {
      if let index = model.rules.firstIndex(of: rule) { mask |= 1 << UInt64(index) }
    }
    return mask
  }

  /// Whether an assignment of every variable satisfies every clause of the model (the
  /// rules' selectors as they are in the assignment).
  static func satisfiesClauses(_ assignment: Assignment, _ model: ConstraintModel) -> Bool {
    model.clauses.allSatisfy { clause in clause.contains { assignment[$0] } }
  }
}
