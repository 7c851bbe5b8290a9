import Testing

@testable import ConfigurationEngine

/// ``ConfigurationSpace/optimum(choices:preferred:objective:maximising:budget:)`` and
/// ``ConfigurationSpace/lowestCosts(of:choices:costs:budget:)`` against brute force over
/// small generated models: the objective first (negative weights too), violations second.
@Suite struct ObjectiveTests {
  private struct Instance {
    let generated: GeneratedCase
    let choices: [Literal]
    let preferred: [Literal]
    let weights: [Literal: Int64]

    init(seed: UInt64) {
      generated = GeneratedCase(seed: seed, values: 3...9)
      var generator = SeededGenerator(seed: seed ^ 0x0B1E)
      choices = generated.choices(Int.random(in: 0...2, using: &generator), using: &generator)
      var preferred: [Literal] = []
      for _ in 0..<Int.random(in: 0...5, using: &generator) {
        preferred.append(generated.random.randomLiteral(using: &generator))
      }
      self.preferred = preferred
      var weights: [Literal: Int64] = [:]
      for _ in 0..<Int.random(in: 0...6, using: &generator) {
        weights[generated.random.randomLiteral(using: &generator)] = Int64.random(
          in: -500...2_000, using: &generator)
      }
      self.weights = weights
    }

    func total(_ values: UInt32) -> Int64 {
      weights.reduce(0) { $0 + (BruteForce.isTrue($1.key, values) ? $1.value : 0) }
    }

    func violations(_ values: UInt32) -> Int {
      preferred.filter { !BruteForce.isTrue($0, values) }.count
    }

    var solutions: [UInt32] {
      let reference = generated.reference
      return reference.solutions(rules: reference.allRules, satisfying: choices).map(\.values)
    }
  }

  @Test func optimisesTheObjectiveFirstAndTheDefaultsSecondAsBruteForceDoes() throws {
    for seed in UInt64(0)..<200 {
      let instance = Instance(seed: seed)
      for maximising in [false, true] {
        // Lowest (total, violations), with the total negated when maximising.
        let best = instance.solutions.map { values in
          (
            maximising ? -instance.total(values) : instance.total(values),
            instance.violations(values)
          )
        }.min { $0 < $1 }
        let found = try instance.generated.space.optimum(
          choices: instance.choices, preferred: instance.preferred, objective: instance.weights,
          maximising: maximising, budget: .unlimited)
        guard let best else {
          #expect(found == nil, "seed \(seed)")
          continue
        }
        let build = try #require(found, "seed \(seed)")
        #expect(instance.generated.isValidBuild(build.assignment, with: instance.choices))
        let values = BruteForce.mask(
          build.assignment, valueCount: instance.generated.random.valueCount)
        #expect(build.cost == instance.total(values), "seed \(seed)")
        #expect(build.violations == instance.violations(values), "seed \(seed)")
        #expect(
          (maximising ? -build.cost : build.cost, build.violations) == best,
          "seed \(seed) maximising \(maximising)")
      }
    }
  }

  @Test func completesGreedilyAmongTheOptimaAsBruteForceDoes() throws {
    var ties = 0
    for seed in UInt64(0)..<200 {
      let instance = Instance(seed: seed)
      let space = instance.generated.space
      let valueCount = instance.generated.random.valueCount
      var generator = SeededGenerator(seed: seed ^ 0x0DE5)
      let order = (0..<valueCount).shuffled(using: &generator).map {
        Literal(Variable($0), negated: Bool.random(using: &generator))
      }
      let solutions = instance.solutions
      /// The greedy completion in `order` over some builds, by enumeration.
      func greedy(_ builds: [UInt32]) -> UInt32? {
        var left = builds
        for literal in order {
          let with = left.filter { BruteForce.isTrue(literal, $0) }
          left = with.isEmpty ? left : with
        }
        return left.first
      }
      for maximising in [false, true] {
        let found = try space.withOptimum(
          choices: instance.choices, objective: instance.weights, maximising: maximising,
          budget: .unlimited
        ) { (optimal, held) throws(AnalysisError) in
          (
            optimal,
            try space.greedyCompletion(
              choices: instance.choices + held, order: order, budget: .unlimited)
          )
        }
        guard !solutions.isEmpty else {
          #expect(found == nil, "seed \(seed)")
          continue
        }
        let totals = solutions.map(instance.total)
        let best = maximising ? totals.max() : totals.min()
        let optima = solutions.filter { instance.total($0) == best }
        if optima.count > 1 { ties += 1 }
        let (optimal, completion) = try #require(found, "seed \(seed)")
        #expect(optima.contains(BruteForce.mask(optimal, valueCount: valueCount)), "seed \(seed)")
        let build = try #require(completion, "seed \(seed)")
        #expect(
          BruteForce.mask(build, valueCount: valueCount) == greedy(optima),
          "seed \(seed) maximising \(maximising)")
        #expect(instance.generated.isValidBuild(build, with: instance.choices))
      }
      // The optimum is no longer held: the completion ranges over every build again.
      let free = try space.greedyCompletion(
        choices: instance.choices, order: order, budget: .unlimited)
      #expect(
        free.map { BruteForce.mask($0, valueCount: valueCount) } == greedy(solutions),
        "seed \(seed) after")
    }
    #expect(ties > 50, "ties among the optima: \(ties)")
  }

  @Test func findsEachLiteralsLowestCostAsBruteForceDoes() throws {
    for seed in UInt64(0)..<200 {
      let instance = Instance(seed: seed)
      let literals = (0..<instance.generated.random.valueCount).flatMap {
        [Variable($0).positive, Variable($0).negative]
      }
      let solutions = instance.solutions
      let found = try instance.generated.space.lowestCosts(
        of: literals, choices: instance.choices, costs: instance.weights, budget: .unlimited)
      guard !solutions.isEmpty else {
        #expect(found == nil, "seed \(seed)")
        continue
      }
      let costs = try #require(found, "seed \(seed)")
      for (position, literal) in literals.enumerated() {
        let lowest = solutions.filter { BruteForce.isTrue(literal, $0) }.map(instance.total).min()
        #expect(costs[position] == lowest, "seed \(seed) literal \(literal)")
      }
    }
  }

  @Test func refusesObjectivesThatCouldOverflow() {
    let generated = GeneratedCase(seed: 3)
    // Past `LinearObjective.limit` (2⁶¹), what the solver's bound on the total holds.
    let objective = [Variable(0).positive: Int64.max / 2]
    #expect(throws: AnalysisError.costOverflow) {
      try generated.space.optimum(
        choices: [], preferred: [Variable(1).positive, Variable(2).positive],
        objective: objective, maximising: false, budget: .unlimited)
    }
    #expect(throws: AnalysisError.costOverflow) {
      try generated.space.optimum(
        choices: [], preferred: [], objective: [Variable(0).positive: Int64.min],
        maximising: true, budget: .unlimited)
    }
    // At the limit exactly, it fits; one more does not.
    let atLimit = [Variable(0).positive: LinearObjective.limit]
    #expect(throws: Never.self) {
      try generated.space.optimum(
        choices: [], preferred: [], objective: atLimit, maximising: true, budget: .unlimited)
    }
    #expect(throws: AnalysisError.costOverflow) {
      try generated.space.optimum(
        choices: [], preferred: [], objective: atLimit.merging([Variable(1).negative: -1]) { $1 },
        maximising: true, budget: .unlimited)
    }
  }

  @Test func linearObjectivesKeepEveryTotalWithOneItemPerVariable() throws {
    for seed in UInt64(0)..<300 {
      var generator = SeededGenerator(seed: seed ^ 0x11AE)
      let count = Int.random(in: 1...6, using: &generator)
      var weights: [Literal: Int64] = [:]
      for _ in 0..<Int.random(in: 0...10, using: &generator) {
        let literal = Literal(
          Variable(Int.random(in: 0..<count, using: &generator)),
          negated: Bool.random(using: &generator))
        weights[literal] = Int64.random(in: -50...50, using: &generator)
      }
      let objective = try LinearObjective(weights)
      #expect(Set(objective.items.map(\.literal.variable)).count == objective.items.count)
      #expect(objective.items.allSatisfy { $0.weight > 0 })
      #expect(
        zip(objective.items, objective.items.dropFirst()).allSatisfy { $0.weight >= $1.weight })
      for values in UInt32(0)..<(1 << UInt32(count)) {
        let assignment = Assignment((0..<count).map { (values >> UInt32($0)) & 1 == 1 })
        let expected = weights.reduce(0) { $0 + (assignment[$1.key] ? $1.value : 0) }
        #expect(objective.value(of: assignment) == expected, "seed \(seed) values \(values)")
      }
    }
  }
}
