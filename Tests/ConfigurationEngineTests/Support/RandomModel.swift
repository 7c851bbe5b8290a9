@testable import ConfigurationEngine

/// A small random product line, kept both as the ``ConstraintModel`` the engine sees and as
/// the plain constraints it was made from, which the brute-force reference evaluates directly
/// (so the encodings are checked too).
struct RandomModel {
  /// One background constraint as written, before encoding.
  enum Constraint {
    case exactlyOne([Literal])
    case atMostOne([Literal])
    case cardinality([Literal], minimum: Int, maximum: Int?)
    case implication(Literal, Literal)
    case formula(Formula)
  }

  let valueCount: Int
  let background: [Constraint]
  let ruleFormulas: [Formula]
  let model: ConstraintModel

  /// Makes a model with `valueCount` values (variables `0 ..< valueCount`), some background
  /// constraints of every kind and up to `maximumRules` rules.
  init(valueCount: Int, maximumRules: Int = 6, using random: inout SeededGenerator) {
    let values = (0..<valueCount).map { Variable($0) }
    func someLiterals(_ count: Int) -> [Literal] {
      Array(values.shuffled(using: &random).prefix(count)).map {
        Literal($0, negated: Int.random(in: 0..<5, using: &random) == 0)
      }
    }
    var background: [Constraint] = []
    for _ in 0..<Int.random(in: 0...4, using: &random) {
      switch Int.random(in: 0..<5, using: &random) {
      case 0:
        let group = someLiterals(Int.random(in: 2...min(8, valueCount), using: &random))
        background.append(.exactlyOne(group))
      case 1:
        let group = someLiterals(Int.random(in: 2...valueCount, using: &random))
        background.append(.atMostOne(group))
      case 2:
        let group = someLiterals(Int.random(in: 2...valueCount, using: &random))
        let minimum = Int.random(in: 0...group.count, using: &random)
        let maximum: Int? =
          Bool.random(using: &random) ? nil : Int.random(in: 0...group.count, using: &random)
        background.append(.cardinality(group, minimum: minimum, maximum: maximum))
      case 3:
        let pair = someLiterals(2)
        background.append(.implication(pair[0], pair[1]))
      default:
        background.append(.formula(Self.randomFormula(values, depth: 2, using: &random)))
      }
    }
    var ruleFormulas: [Formula] = []
    for _ in 0..<Int.random(in: 0...maximumRules, using: &random) {
      ruleFormulas.append(Self.randomFormula(values, depth: 3, using: &random))
    }
    self.init(valueCount: valueCount, background: background, ruleFormulas: ruleFormulas)
  }

  /// Makes the model of given constraints and rules (rule `i` has the id `rule-i`), over
  /// variables `0 ..< valueCount`.
  init(valueCount: Int, background: [Constraint], ruleFormulas: [Formula]) {
    self.valueCount = valueCount
    var model = ConstraintModel()
    for _ in 0..<valueCount { _ = model.newVariable() }
    for constraint in background {
      switch constraint {
      case .exactlyOne(let group): model.addExactlyOne(group)
      case .atMostOne(let group): model.addAtMostOne(group)
      case .cardinality(let group, let minimum, let maximum):
        model.addCardinality(group, minimum: minimum, maximum: maximum)
      case .implication(let premise, let conclusion): model.addImplication(premise, conclusion)
      case .formula(let formula): model.require(formula)
      }
    }
    for (index, formula) in ruleFormulas.enumerated() {
      model.addRule(id: "rule-\(index)", formula)
    }
    self.background = background
    self.ruleFormulas = ruleFormulas
    self.model = model
  }

  static func randomFormula(
    _ values: [Variable], depth: Int, using random: inout SeededGenerator
  ) -> Formula {
    let pick = Int.random(in: 0..<10, using: &random)
    if depth == 0 || pick < 3 {
      if Int.random(in: 0..<25, using: &random) == 0 {
        return .constant(Bool.random(using: &random))
      }
      let variable = values[Int.random(in: 0..<values.count, using: &random)]
      return .literal(Literal(variable, negated: Bool.random(using: &random)))
    }
    func part() -> Formula { randomFormula(values, depth: depth - 1, using: &random) }
    switch pick {
    case 3: return .not(part())
    case 4, 5: return .and((0..<Int.random(in: 1...3, using: &random)).map { _ in part() })
    case 6, 7: return .or((0..<Int.random(in: 1...3, using: &random)).map { _ in part() })
    case 8: return .implies(part(), part())
    default: return .equivalent(part(), part())
    }
  }

  /// A random literal over the values.
  func randomLiteral(using random: inout SeededGenerator) -> Literal {
    Literal(
      Variable(Int.random(in: 0..<valueCount, using: &random)), negated: Bool.random(using: &random)
    )
  }
}
