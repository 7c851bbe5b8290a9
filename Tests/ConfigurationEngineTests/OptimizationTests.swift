import Testing

@testable import ConfigurationEngine

@Suite struct OptimizationTests {
  @Test func findsTheClosestCheapestBuildAsBruteForceDoes() throws {
    for seed in UInt64(0)..<200 {
      let generated = GeneratedCase(seed: seed, values: 3...9)
      var generator = SeededGenerator(seed: seed ^ 0x0DD5)
      let choices = generated.choices(Int.random(in: 0...2, using: &generator), using: &generator)
      let preferred = (0..<Int.random(in: 0...5, using: &generator)).map { _ in
        generated.random.randomLiteral(using: &generator)
      }
      var costs: [Literal: Int64] = [:]
      for _ in 0..<Int.random(in: 0...6, using: &generator) {
        costs[generated.random.randomLiteral(using: &generator)] = Int64.random(
          in: -500...2_000, using: &generator)
      }
      func cost(_ values: UInt32) -> Int64 {
        var total: Int64 = 0
        for (literal, price) in costs where BruteForce.isTrue(literal, values) { total += price }
        return total
      }
      let reference = generated.reference
      let candidates = reference.solutions(rules: reference.allRules, satisfying: choices)
      var best: (Int, Int64)?
      for solution in candidates {
        let violations = preferred.filter { !BruteForce.isTrue($0, solution.values) }.count
        let price = cost(solution.values)
        if let current = best,
          current.0 < violations || (current.0 == violations && current.1 <= price)
        {
          continue
        }
        best = (violations, price)
      }
      let found = try generated.space.closest(
        choices: choices, preferred: preferred, costs: costs, budget: .unlimited)
      guard let best else {
        #expect(found == nil, "seed \(seed)")
        continue
      }
      let build = try #require(found, "seed \(seed)")
      #expect(build.violations == best.0 && build.cost == best.1, "seed \(seed)")
      #expect(generated.isValidBuild(build.assignment, with: choices), "seed \(seed)")
      let values = BruteForce.mask(build.assignment, valueCount: generated.random.valueCount)
      #expect(cost(values) == build.cost, "seed \(seed)")
    }
  }

  @Test func refusesCostsThatCouldOverflow() {
    let generated = GeneratedCase(seed: 3)
    let costs = [Variable(0).positive: Int64.max, Variable(1).positive: 1]
    #expect(throws: AnalysisError.costOverflow) {
      try generated.space.closest(choices: [], preferred: [], costs: costs, budget: .unlimited)
    }
  }

  @Test func completesGreedilyInOrderAsBruteForceDoes() throws {
    for seed in UInt64(0)..<200 {
      let generated = GeneratedCase(seed: seed, values: 3...10)
      var generator = SeededGenerator(seed: seed ^ 0x6EED)
      let choices = generated.choices(Int.random(in: 0...3, using: &generator), using: &generator)
      let order = (0..<generated.random.valueCount).shuffled(using: &generator).map {
        Literal(Variable($0), negated: Bool.random(using: &generator))
      }
      let reference = generated.reference
      let completion = try generated.space.greedyCompletion(
        choices: choices, order: order, budget: .unlimited)
      guard reference.isConsistent(rules: reference.allRules, choices) else {
        #expect(completion == nil, "seed \(seed)")
        continue
      }
      var decided = choices
      for literal in order {
        let take = reference.isConsistent(rules: reference.allRules, decided + [literal])
        decided.append(take ? literal : !literal)
      }
      let build = try #require(completion, "seed \(seed)")
      #expect(generated.isValidBuild(build, with: decided), "seed \(seed)")
      // Wishes checked near the current build are an optimisation: full searches give the
      // same build.
      let solverOnly = GeneratedCase(seed: seed, values: 3...10)
      solverOnly.space.searchesNearReference = false
      let plain = try solverOnly.space.greedyCompletion(
        choices: choices, order: order, budget: .unlimited)
      let values = generated.random.valueCount
      #expect(
        plain.map { Array($0.values.prefix(values)) } == Array(build.values.prefix(values)),
        "seed \(seed)")
    }
  }
}
