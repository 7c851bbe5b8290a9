import Testing

@testable import ConfigurationEngine

/// Linear constraints (SPEC §13) encoded as BDDs: the root is equivalent to the constraint
/// under any Boolean operator, every node is defined, so counts stay exact; checked against
/// enumeration of the value assignments, which reads the constraint by its meaning.
@Suite struct LinearEncodingTests {
  private static let budget = CountBudget(timeLimit: .seconds(600))

  @Test func modelsWithLinearConstraintsCountAsManyBuildsAsEnumeration() {
    var zeroCounts = 0
    var partialCounts = 0
    for seed in 0..<300 as Range<UInt64> {
      let generated = CountGeneratedModel(seed: seed, linear: true)
      let counter = ModelCounter(generated.model)
      var random = CountRandom(seed: seed &* 17 &+ 3)
      for round in 0..<3 {
        let choices = round == 0 ? [] : generated.randomChoices(&random)
        let expected = generated.bruteForceCount(choices: choices)
        let count = counter.countBuilds(choosing: choices, budget: Self.budget)
        #expect(count == .exact(BigUInt(expected)), "seed \(seed), choices \(choices)")
        if expected == 0 { zeroCounts += 1 }
        if expected > 0, expected < (UInt64(1) << UInt64(generated.valueCount)) {
          partialCounts += 1
        }
      }
    }
    #expect(zeroCounts > 20)
    #expect(partialCounts > 300)
  }

  @Test func everyDiagramNodeIsDefinedByTheValues() {
    var checked = 0
    for seed in 5000..<5600 as Range<UInt64> {
      let generated = CountGeneratedModel(
        seed: seed, maximumValues: 6, maximumItems: 3, linear: true)
      guard generated.model.variableCount <= 18 else { continue }
      let assumptions = generated.model.ruleAssumptions
      // One solution over all variables per valid assignment of the values.
      #expect(
        countClauseSolutions(generated.model, assuming: assumptions)
          == generated.bruteForceCount(choices: []), "seed \(seed)")
      checked += 1
    }
    #expect(checked > 150)
  }

  @Test func eachSideOfTheRootIsTheConstraint() throws {
    // x0 + 2·x1 + 3·x2 ≤ 3 and its negation, each required alone: 5 and 3 of the 8.
    for (negated, expected) in [(false, UInt64(5)), (true, UInt64(3))] {
      var model = ConstraintModel()
      let x = (0..<3).map { _ in model.newVariable().positive }
      let sum = LinearSum([.init(x[0], 1), .init(x[1], 2), .init(x[2], 3)], atMost: 3)
      let formula = Formula.atMost(try #require(sum))
      model.require(negated ? .not(formula) : formula)
      #expect(countClauseSolutions(model, assuming: []) == expected)
    }
  }

  @Test func equalWeightsMakeACounterSizedDiagram() throws {
    // At most 10 of 40 equal weights (1320.5 kg in tenths): the common divisor is taken out,
    // and the interval diagram has at most one node per (level, count) pair.
    var model = ConstraintModel()
    let x = (0..<40).map { _ in model.newVariable().positive }
    let before = model.variableCount
    let sum = try #require(LinearSum(x.map { .init($0, 13205) }, atMost: 13205 * 10 + 7))
    _ = model.define(.atMost(sum))
    #expect(model.variableCount - before <= 40 * 11)
    #expect(model.variableCount - before >= 10)
  }

  @Test func magnitudesBeyondTheLimitAreRefused() {
    let x = Variable(0).positive
    #expect(LinearSum([.init(x, LinearSum.magnitudeLimit)], atMost: 1) == nil)
    #expect(LinearSum([.init(x, -(1 << 59))], atMost: 1 << 59) != nil)
  }

  @Test func aNodeBudgetStopsALargeDiagramAndSaysSo() {
    // Twenty scattered coefficients around 1,000 compared with half their total: many
    // partial sums differ, so the diagram has hundreds of nodes.
    var model = ConstraintModel()
    let terms = (0..<20).map { index in
      LinearSum.Term(model.newVariable().positive, Int64(1_000 + (index * 7_919) % 997))
    }
    let total = terms.reduce(0) { $0 + $1.coefficient }
    guard let sum = LinearSum(terms, atMost: total / 2) else {
      Issue.record("the sum does not fit")
      return
    }
    var unlimited = model
    _ = unlimited.defineAtMost(sum)
    #expect(!unlimited.linearNodesExhausted)
    #expect(unlimited.variableCount > 40)
    model.linearNodeBudget = 30
    _ = model.defineAtMost(sum)
    #expect(model.linearNodesExhausted)
    // It stopped soon after the budget ran out rather than building the whole diagram.
    #expect(model.variableCount < unlimited.variableCount)
  }
}
