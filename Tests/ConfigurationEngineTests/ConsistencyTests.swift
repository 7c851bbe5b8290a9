import Testing

@testable import ConfigurationEngine

@Suite struct ConsistencyTests {
  @Test func findsBuildsOrMinimalConflictsAsBruteForceDoes() throws {
    for seed in UInt64(0)..<250 {
      let generated = GeneratedCase(seed: seed)
      var generator = SeededGenerator(seed: seed ^ 0xC0FFEE)
      let choices = generated.choices(Int.random(in: 0...5, using: &generator), using: &generator)
      let reference = generated.reference
      let expected = reference.isConsistent(rules: reference.allRules, choices)
      switch try generated.space.consistency(choices: choices, budget: .unlimited) {
      case .consistent(let witness):
        #expect(expected, "seed \(seed)")
        #expect(generated.isValidBuild(witness, with: choices), "seed \(seed)")
      case .inconsistent(let reason):
        #expect(!expected, "seed \(seed)")
        let rules = BruteForce.ruleMask(reason.rules, in: generated.model)
        #expect(Set(reason.choices).isSubset(of: Set(choices)), "seed \(seed)")
        #expect(!reference.isConsistent(rules: rules, reason.choices), "seed \(seed)")
        for index in reason.choices.indices {
          var fewer = reason.choices
          fewer.remove(at: index)
          #expect(reference.isConsistent(rules: rules, fewer), "seed \(seed): not minimal")
        }
        for rule in reason.rules {
          let fewer = rules & ~BruteForce.ruleMask([rule], in: generated.model)
          #expect(reference.isConsistent(rules: fewer, reason.choices), "seed \(seed)")
        }
      }
    }
  }

  @Test func explainsForcedLiteralsWithMinimalSubsetsOfChoicesAndRules() throws {
    var explained = 0
    for seed in UInt64(0)..<250 {
      let generated = GeneratedCase(seed: seed)
      var generator = SeededGenerator(seed: seed ^ 0xBEEF)
      let choices = generated.choices(Int.random(in: 0...4, using: &generator), using: &generator)
      let reference = generated.reference
      guard let backbone = reference.backbone(rules: reference.allRules, choices) else {
        let reason = try generated.space.explain(
          generated.random.randomLiteral(using: &generator), choices: choices, budget: .unlimited)
        #expect(reason == nil, "seed \(seed): inconsistent choices explain nothing")
        continue
      }
      for (index, value) in backbone.enumerated() {
        let literal = Literal(Variable(index), negated: value == false)
        let reason = try generated.space.explain(literal, choices: choices, budget: .unlimited)
        guard value != nil else {
          #expect(reason == nil, "seed \(seed): \(literal) is free")
          continue
        }
        guard let reason else {
          Issue.record("seed \(seed): \(literal) is forced but not explained")
          continue
        }
        explained += 1
        let rules = BruteForce.ruleMask(reason.rules, in: generated.model)
        #expect(Set(reason.choices).isSubset(of: Set(choices)), "seed \(seed)")
        #expect(
          !reference.isConsistent(rules: rules, reason.choices + [!literal]),
          "seed \(seed): the reason does not force \(literal)")
        for position in reason.choices.indices {
          var fewer = reason.choices
          fewer.remove(at: position)
          #expect(
            reference.isConsistent(rules: rules, fewer + [!literal]), "seed \(seed): not minimal")
        }
        for rule in reason.rules {
          let fewer = rules & ~BruteForce.ruleMask([rule], in: generated.model)
          #expect(
            reference.isConsistent(rules: fewer, reason.choices + [!literal]),
            "seed \(seed): rule \(rule.id) is not needed")
        }
      }
    }
    #expect(explained > 200)
  }

  @Test func suggestsTheSmallestCorrectionsFirstAsBruteForceDoes() throws {
    var corrected = 0
    for seed in UInt64(0)..<200 {
      let generated = GeneratedCase(seed: seed, values: 3...8)
      var generator = SeededGenerator(seed: seed ^ 0xFACE)
      // Choices may repeat a variable with both signs: conflicts guaranteed now and then.
      let choices = (0..<Int.random(in: 1...9, using: &generator)).map { _ in
        generated.random.randomLiteral(using: &generator)
      }
      let limit = Int.random(in: 1...4, using: &generator)
      let reference = generated.reference
      // Every subset by size, then in lexicographic order of the choices' positions.
      var subsets: [[Int]] = []
      for size in 0...choices.count {
        subsets += (0..<(1 << choices.count)).map { mask in
          choices.indices.filter { mask & (1 << $0) != 0 }
        }.filter { $0.count == size }.sorted { $0.lexicographicallyPrecedes($1) }
      }
      var minimal: [[Int]] = []
      for subset in subsets {
        let removed = Set(subset)
        guard !minimal.contains(where: { Set($0).isSubset(of: removed) }) else { continue }
        let kept = choices.indices.filter { !removed.contains($0) }.map { choices[$0] }
        if reference.isConsistent(rules: reference.allRules, kept) { minimal.append(subset) }
      }
      let expected = minimal.prefix(limit).map { $0.map { choices[$0] } }
      let found = try generated.space.corrections(
        choices: choices, limit: limit, budget: .unlimited)
      #expect(found.map(\.removed) == Array(expected), "seed \(seed)")
      for correction in found {
        var kept = choices
        for literal in correction.removed {
          if let index = kept.firstIndex(of: literal) { kept.remove(at: index) }
        }
        #expect(generated.isValidBuild(correction.witness, with: kept), "seed \(seed)")
      }
      if found.first?.removed.isEmpty == false { corrected += 1 }
    }
    #expect(corrected > 20)
  }

  /// Corrections that keep some choices whatever is dropped, and that finish the size of the
  /// last one wanted (for a caller that orders equals by price): the minimal sets of the
  /// other choices by size, then in lexicographic order, all of each size up to the one
  /// holding the `limit`-th, at most `most` in all.
  @Test func keepsTheFixedChoicesAndFinishesTheLastSizeAsBruteForceDoes() throws {
    var finished = 0
    for seed in UInt64(0)..<400 {
      let generated = GeneratedCase(seed: seed, values: 3...8)
      var generator = SeededGenerator(seed: seed ^ 0xF1ED)
      var choices = (0..<Int.random(in: 2...8, using: &generator)).map { _ in
        generated.random.randomLiteral(using: &generator)
      }
      // Every other case rules out each member of a group, the last kept: each of the others
      // is a way out of one choice.
      for constraint in generated.random.background where seed % 2 == 1 {
        guard case .exactlyOne(let group) = constraint else { continue }
        choices = Array(choices.prefix(2)) + group.map { !$0 }
        break
      }
      let fixed = Array(choices.suffix(Int.random(in: 1...2, using: &generator)))
      let droppable = Array(choices.dropLast(fixed.count))
      let (limit, most) = (Int.random(in: 1...2, using: &generator), 4)
      let reference = generated.reference
      var minimal: [[Int]] = []
      for size in 0...droppable.count {
        let sets = (0..<(1 << droppable.count)).map { mask in
          droppable.indices.filter { mask & (1 << $0) != 0 }
        }.filter { $0.count == size }.sorted { $0.lexicographicallyPrecedes($1) }
        for subset in sets where !minimal.contains(where: { Set($0).isSubset(of: subset) }) {
          let kept = droppable.indices.filter { !subset.contains($0) }.map { droppable[$0] }
          if reference.isConsistent(rules: reference.allRules, kept + fixed) {
            minimal.append(subset)
          }
        }
      }
      var expected = Array(minimal.prefix(limit))
      if let last = expected.last, expected.count == limit, !last.isEmpty {
        expected = Array(minimal.filter { $0.count <= last.count }.prefix(max(limit, most)))
      }
      let found = try generated.space.corrections(
        choices: droppable, keeping: fixed, limit: limit, finishingTheLastSizeUpTo: most,
        budget: .unlimited)
      #expect(
        found.map(\.removed) == expected.map { $0.map { droppable[$0] } }, "seed \(seed)")
      if found.count > limit { finished += 1 }
    }
    #expect(finished > 5)
  }

  @Test func stopsWithABudgetErrorInsteadOfHanging() throws {
    let generated = GeneratedCase(seed: 7)
    #expect(throws: AnalysisError.budgetExceeded) {
      try generated.space.propagate(choices: [], budget: AnalysisBudget(time: .zero))
    }
    let cancellation = Cancellation()
    cancellation.cancel()
    #expect(throws: AnalysisError.budgetExceeded) {
      try generated.space.propagate(
        choices: [], budget: AnalysisBudget(cancellation: cancellation))
    }
    // Not cancelled, the same question answers.
    let answered = try generated.space.propagate(
      choices: [], budget: AnalysisBudget(cancellation: Cancellation()))
    #expect(answered != nil)
  }
}
