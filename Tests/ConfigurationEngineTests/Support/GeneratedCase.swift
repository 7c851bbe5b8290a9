@testable import ConfigurationEngine

/// One generated case: a random model, its brute-force reference and the engine over it.
struct GeneratedCase {
  let random: RandomModel
  let reference: BruteForce
  let space: ConfigurationSpace
  var model: ConstraintModel { random.model }

  init(seed: UInt64, values: ClosedRange<Int> = 3...9, maximumRules: Int = 6) {
    var generator = SeededGenerator(seed: seed)
    random = RandomModel(
      valueCount: Int.random(in: values, using: &generator), maximumRules: maximumRules,
      using: &generator)
    reference = BruteForce(random)
    space = ConfigurationSpace(random.model)
  }

  /// The case of a given model.
  init(_ random: RandomModel) {
    self.random = random
    reference = BruteForce(random)
    space = ConfigurationSpace(random.model)
  }

  /// Some distinct-variable literals, as a user's choices.
  func choices(_ count: Int, using generator: inout SeededGenerator) -> [Literal] {
    Array((0..<random.valueCount).shuffled(using: &generator).prefix(count)).map {
      Literal(Variable($0), negated: Bool.random(using: &generator))
    }
  }

  /// Whether a witness is a real build: every clause holds, every rule is in force and
  /// holds, the values satisfy the model as written, and every literal of `literals` holds.
  func isValidBuild(_ witness: Assignment, with literals: [Literal]) -> Bool {
    let values = BruteForce.mask(witness, valueCount: random.valueCount)
    return BruteForce.satisfiesClauses(witness, model)
      && model.rules.allSatisfy { witness[$0.selector] }
      && reference.solutions.contains { $0.values == values && $0.violated == 0 }
      && literals.allSatisfy { witness[$0] }
  }
}
