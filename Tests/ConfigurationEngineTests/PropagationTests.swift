import Testing

@testable import ConfigurationEngine

@Suite struct PropagationTests {
  private static func expectedStates(_ backbone: [Bool?]) -> [ValueState] {
    backbone.map { $0 == true ? .forcedTrue : $0 == false ? .forcedFalse : .free }
  }

  @Test func computesTheBackboneUnderChoicesAsBruteForceDoes() throws {
    for seed in UInt64(0)..<300 {
      let generated = GeneratedCase(seed: seed, values: 3...11)
      var generator = SeededGenerator(seed: seed ^ 0xABCD)
      let choices = generated.choices(Int.random(in: 0...4, using: &generator), using: &generator)
      // Half the cases with full searches only: the fast path must agree with them.
      if seed % 2 == 1 { generated.space.searchesNearReference = false }
      let reference = generated.reference
      let propagation = try generated.space.propagate(choices: choices, budget: .unlimited)
      guard let backbone = reference.backbone(rules: reference.allRules, choices) else {
        #expect(propagation == nil, "seed \(seed)")
        continue
      }
      guard let propagation else {
        Issue.record("seed \(seed): consistent choices reported inconsistent")
        continue
      }
      #expect(propagation.variables == generated.space.values, "seed \(seed)")
      #expect(propagation.states == Self.expectedStates(backbone), "seed \(seed)")
      #expect(generated.isValidBuild(propagation.witness, with: choices), "seed \(seed)")
    }
  }

  @Test func reportsOnlyTheVariablesAskedAbout() throws {
    let generated = GeneratedCase(seed: 11, values: 6...6)
    let asked = [Variable(4), Variable(1)]
    let propagation = try #require(
      try generated.space.propagate(choices: [], variables: asked, budget: .unlimited))
    let everything = try #require(try generated.space.propagate(choices: [], budget: .unlimited))
    #expect(propagation.variables == asked)
    #expect(propagation.states == asked.map { everything.state(of: $0) })
  }

  @Test func takesVariablesOutsideTheModelWithoutCrashing() throws {
    // The first generated model with builds, so the calls below have something to do.
    let seed = try #require(
      (UInt64(12)..<100).first { seed in
        let reference = GeneratedCase(seed: seed, values: 5...5).reference
        return reference.isConsistent(rules: reference.allRules, [])
      })
    let generated = GeneratedCase(seed: seed, values: 5...5)
    let outside = [Variable(1_000), Variable(Int32(-3))]
    let propagation = try generated.space.propagate(
      choices: [Variable(2_000).positive], variables: outside, budget: .unlimited)
    if let propagation { #expect(propagation.states == [.free, .free]) }
    _ = try generated.space.explain(Variable(3_000).positive, choices: [], budget: .unlimited)
    _ = try generated.space.closest(
      choices: [], preferred: [Variable(Int32(-7)).positive], costs: [Variable(4_000).positive: 5],
      budget: .unlimited)
    _ = try generated.space.greedyCompletion(
      choices: [], order: [Variable(5_000).negative], budget: .unlimited)
    // A choice past the solver's variable limit fails that call only.
    #expect(throws: AnalysisError.budgetExceeded) {
      try generated.space.consistency(choices: [Variable(Int32(-7)).positive], budget: .unlimited)
    }
    let after = try generated.space.consistency(choices: [], budget: .unlimited)
    guard case .consistent = after else {
      Issue.record("the space stays usable after a bad choice")
      return
    }
  }

  /// SPEC §7: any value shown free can be chosen next, either way, without a conflict.
  @Test func neverLeadsAUserTakingFreeValuesIntoADeadEnd() throws {
    for seed in UInt64(0)..<150 {
      let generated = GeneratedCase(seed: seed, values: 4...10)
      var generator = SeededGenerator(seed: seed ^ 0x5EED)
      var choices: [Literal] = []
      while let propagation = try generated.space.propagate(choices: choices, budget: .unlimited) {
        let reference = generated.reference
        let backbone = try #require(reference.backbone(rules: reference.allRules, choices))
        #expect(propagation.states == Self.expectedStates(backbone), "seed \(seed)")
        let free = propagation.variables.indices.filter { propagation.states[$0] == .free }
        guard let pick = free.randomElement(using: &generator) else { break }
        choices.append(
          Literal(propagation.variables[pick], negated: Bool.random(using: &generator)))
        let consistency = try generated.space.consistency(choices: choices, budget: .unlimited)
        guard case .consistent = consistency else {
          Issue.record("seed \(seed): dead end after \(choices)")
          break
        }
      }
      // The walk only ends when nothing is left free (or the model had no build at all).
      #expect(
        generated.reference.solutions.allSatisfy { $0.violated != 0 }
          || generated.reference.isConsistent(rules: generated.reference.allRules, choices),
        "seed \(seed)")
    }
  }

  /// A step of a working car tells the backbone what it knows already (settled states):
  /// with any true subset of the states settled, the answer is still the backbone.
  @Test func computesTheBackboneWithSomeStatesSettledInAdvance() throws {
    var settledCount = 0
    for seed in UInt64(0)..<200 {
      let generated = GeneratedCase(seed: seed, values: 3...11)
      var generator = SeededGenerator(seed: seed ^ 0x5E77)
      let choices = generated.choices(Int.random(in: 0...4, using: &generator), using: &generator)
      let reference = generated.reference
      guard let backbone = reference.backbone(rules: reference.allRules, choices) else { continue }
      let expected = Self.expectedStates(backbone)
      var settled: [Variable: ValueState] = [:]
      for index in expected.indices where Bool.random(using: &generator) {
        settled[Variable(index)] = expected[index]
      }
      settledCount += settled.count
      if seed % 2 == 1 { generated.space.searchesNearReference = false }
      let propagation = try #require(
        try generated.space.propagate(choices: choices, settled: settled, budget: .unlimited))
      #expect(propagation.states == expected, "seed \(seed)")
      #expect(generated.isValidBuild(propagation.witness, with: choices), "seed \(seed)")
    }
    #expect(settledCount > 200)
  }
}
