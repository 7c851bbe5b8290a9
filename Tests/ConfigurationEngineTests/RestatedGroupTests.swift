import Testing

@testable import ConfigurationEngine

/// Models whose rules restate their groups (issue 52: "exactly one" of a group written out
/// as a disjunction of conjunctions, the way configuration tools export a tree), against
/// brute force: `lint` finds a rule redundant exactly when dropping it keeps the same builds,
/// and every reason of `explainEach` decides its literal and is minimal — with the checks
/// searching near a reference and without. Before the fix the search near a reference lost a
/// broken clause once the decision that mended it was undone, and answered such checks
/// satisfiable with that clause still broken.
@Suite struct RestatedGroupTests {
  /// "Exactly one of the literals" as a disjunction of conjunctions.
  static func exactlyOne(_ group: [Literal]) -> Formula {
    .or(
      group.map { chosen in
        .and(group.map { .literal($0 == chosen ? $0 : !$0) })
      })
  }

  /// A random model with one to three `exactlyOne` groups of three to five values, rules
  /// restating some of them — alone, under another value's implication, or as the premise of
  /// one (`exactlyOne(group) => v`, which forces `v` though only a search shows it, beside
  /// rules `member => v` that a reason need not cite) — and random rules.
  static func generatedCase(seed: UInt64) -> GeneratedCase {
    var random = SeededGenerator(seed: seed ^ 0x2E57_A7ED)
    let valueCount = Int.random(in: 5...11, using: &random)
    let base = RandomModel(valueCount: valueCount, maximumRules: 3, using: &random)
    var background = base.background
    var rules: [Formula] = []
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      let size = Int.random(in: 3...min(5, valueCount - 1), using: &random)
      let shuffled = (0..<valueCount).shuffled(using: &random).map { Variable($0) }
      let group = shuffled.prefix(size).map(\.positive)
      let other = shuffled[size].positive
      background.append(.exactlyOne(group))
      if Int.random(in: 0..<4, using: &random) != 0 { rules.append(exactlyOne(group)) }
      if Bool.random(using: &random) {
        rules.append(.implies(.literal(other), exactlyOne(group)))
      }
      if Bool.random(using: &random) {
        rules.append(.implies(exactlyOne(group), .literal(other)))
        for member in group where Bool.random(using: &random) {
          rules.append(.implies(.literal(member), .literal(other)))
        }
      }
    }
    rules += base.ruleFormulas
    return GeneratedCase(
      RandomModel(
        valueCount: valueCount, background: background, ruleFormulas: rules.shuffled(using: &random)
      ))
  }

  @Test func lintFindsTheRestatedGroupsAsBruteForceDoes() throws {
    var redundantSeen = 0
    for seed in UInt64(0)..<600 {
      let generated = Self.generatedCase(seed: seed)
      let reference = generated.reference
      if seed % 2 == 1 { generated.space.searchesNearReference = false }
      let report = try generated.space.lint(budget: .unlimited)
      guard reference.isConsistent(rules: reference.allRules, []) else {
        #expect(!report.hasSolution, "seed \(seed)")
        continue
      }
      let redundant = generated.model.rules.indices.filter { index in
        let others = reference.allRules & ~(1 << UInt64(index))
        return reference.solutions.allSatisfy { solution in
          solution.violated & others != 0 || solution.violated & (1 << UInt64(index)) == 0
        }
      }.map { generated.model.rules[$0] }
      #expect(report.redundantRules == redundant, "seed \(seed)")
      redundantSeen += redundant.count
    }
    #expect(redundantSeen > 100)
  }

  @Test func explainsEveryForcedLiteralMinimallyAsBruteForceDoes() throws {
    var explained = 0
    for seed in UInt64(0)..<600 {
      let generated = Self.generatedCase(seed: seed)
      var random = SeededGenerator(seed: seed ^ 0xC0_FFEE)
      let choices = generated.choices(Int.random(in: 0...3, using: &random), using: &random)
      if seed % 3 == 2 { generated.space.searchesNearReference = false }
      let literals = (0..<generated.random.valueCount).flatMap {
        [Variable($0).positive, Variable($0).negative]
      }
      let reasons = generated.space.explainEach(literals, choices: choices, budget: .unlimited)
      let reference = generated.reference
      guard let backbone = reference.backbone(rules: reference.allRules, choices) else {
        #expect(reasons.allSatisfy { $0 == nil }, "seed \(seed)")
        continue
      }
      for (literal, reason) in zip(literals, reasons)
      where backbone[Int(literal.variable.index)] == !literal.isNegated {
        guard let reason else {
          Issue.record("seed \(seed): \(literal) is forced but not explained")
          continue
        }
        explained += 1
        ReasonTests.expectMinimalAndDeciding(
          reason, for: literal, choices: choices, generated, "seed \(seed)")
      }
    }
    #expect(explained > 300)
  }
}
