import Testing

@testable import ConfigurationEngine

@Suite struct LintTests {
  @Test func findsDeadAndCoreValuesAndRedundantRulesAsBruteForceDoes() throws {
    var redundantSeen = 0
    var unsatisfiableSeen = 0
    for seed in UInt64(0)..<250 {
      let generated = GeneratedCase(seed: seed, values: 3...9, maximumRules: 8)
      let reference = generated.reference
      // Half the cases with full searches only: the fast path must agree with them.
      if seed % 2 == 1 { generated.space.searchesNearReference = false }
      let report = try generated.space.lint(budget: .unlimited)
      guard let backbone = reference.backbone(rules: reference.allRules, []) else {
        unsatisfiableSeen += 1
        #expect(!report.hasSolution, "seed \(seed)")
        let conflict = try #require(report.conflict)
        let rules = BruteForce.ruleMask(conflict.rules, in: generated.model)
        #expect(!reference.isConsistent(rules: rules, []), "seed \(seed)")
        for rule in conflict.rules {
          let fewer = rules & ~BruteForce.ruleMask([rule], in: generated.model)
          #expect(reference.isConsistent(rules: fewer, []), "seed \(seed): not minimal")
        }
        continue
      }
      #expect(report.hasSolution && report.conflict == nil, "seed \(seed)")
      #expect(report.dead == backbone.indices.filter { backbone[$0] == false }.map { Variable($0) })
      #expect(report.core == backbone.indices.filter { backbone[$0] == true }.map { Variable($0) })
      let redundant = generated.model.rules.indices.filter { index in
        let others = reference.allRules & ~(1 << UInt64(index))
        return reference.solutions.allSatisfy { solution in
          solution.violated & others != 0 || solution.violated & (1 << UInt64(index)) == 0
        }
      }.map { generated.model.rules[$0] }
      #expect(report.redundantRules == redundant, "seed \(seed)")
      redundantSeen += redundant.count
    }
    #expect(redundantSeen > 20 && unsatisfiableSeen > 5)
  }
}
