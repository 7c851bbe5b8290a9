import Testing

@testable import ConfigurationEngine

/// Linear constraints (SPEC §13), encoded as BDDs and as adder networks: the root is
/// equivalent to the constraint under any Boolean operator, every auxiliary variable is
/// defined, so counts stay exact; checked with each encoding forced against enumeration of
/// the value assignments, which reads the constraint by its meaning.
@Suite struct LinearEncodingTests {
  private static let budget = CountBudget(timeLimit: .seconds(600))
  private static let encodings: [ConstraintModel.LinearEncoding] = [.diagram, .adder]

  @Test(arguments: encodings)
  func modelsWithLinearConstraintsCountAsManyBuildsAsEnumeration(
    encoding: ConstraintModel.LinearEncoding
  ) {
    var zeroCounts = 0
    var partialCounts = 0
    for seed in 0..<300 as Range<UInt64> {
      let generated = CountGeneratedModel(seed: seed, linear: true, encoding: encoding)
      let counter = ModelCounter(generated.model)
      var random = CountRandom(seed: seed &* 17 &+ 3)
      for round in 0..<3 {
        let choices = round == 0 ? [] : generated.randomChoices(&random)
        let expected = generated.bruteForceCount(choices: choices)
        let count = counter.countBuilds(choosing: choices, budget: Self.budget)
        #expect(
          count == .exact(BigUInt(expected)), "\(encoding), seed \(seed), choices \(choices)")
        if expected == 0 { zeroCounts += 1 }
        if expected > 0, expected < (UInt64(1) << UInt64(generated.valueCount)) {
          partialCounts += 1
        }
      }
    }
    #expect(zeroCounts > 20)
    #expect(partialCounts > 300)
  }

  @Test(arguments: encodings)
  func everyAuxiliaryVariableIsDefinedByTheValues(encoding: ConstraintModel.LinearEncoding) {
    var checked = 0
    for seed in 5000..<5600 as Range<UInt64> {
      let generated = CountGeneratedModel(
        seed: seed, maximumValues: 8, maximumItems: 4, linear: true, encoding: encoding)
      let assumptions = generated.model.ruleAssumptions
      // One solution over all variables per valid assignment of the values, with choices too.
      var random = CountRandom(seed: seed)
      for choices in [[], generated.randomChoices(&random)] {
        #expect(
          countAllSolutions(generated.model, assuming: assumptions + choices)
            == generated.bruteForceCount(choices: choices), "\(encoding), seed \(seed)")
      }
      checked += 1
    }
    #expect(checked == 600)
  }

  @Test(arguments: encodings)
  func theSolverAgreesWithEnumerationUnderRandomAssumptions(
    encoding: ConstraintModel.LinearEncoding
  ) {
    var answers = (satisfiable: 0, unsatisfiable: 0)
    for seed in 7000..<7300 as Range<UInt64> {
      let generated = CountGeneratedModel(seed: seed, linear: true, encoding: encoding)
      let model = generated.model
      var solver = Solver(variableCount: model.variableCount)
      for clause in model.clauses { solver.addClause(clause) }
      var random = CountRandom(seed: seed &* 31)
      for _ in 0..<4 {
        // Some rules in force, some value literals assumed.
        let inForce = Set(model.rules.indices.filter { _ in Bool.random(using: &random) })
        let choices = generated.randomChoices(&random)
        let assumptions = inForce.sorted().map { model.rules[$0].selector.positive } + choices
        let expected = generated.bruteForceCount(choices: choices, rulesInForce: inForce) > 0
        let answer = solver.solve(assumptions: assumptions)
        #expect((answer == .satisfiable) == expected, "\(encoding), seed \(seed)")
        if expected { answers.satisfiable += 1 } else { answers.unsatisfiable += 1 }
      }
    }
    #expect(answers.satisfiable > 100 && answers.unsatisfiable > 100)
  }

  @Test(arguments: encodings)
  func longSumsWithDistinctWeightsAreExactAndDefined(encoding: ConstraintModel.LinearEncoding)
    throws
  {
    // Twelve values, up to twelve terms of weights 1–300 (both signs, repeats), the root
    // required or its negation required: every bit bucket and carry chain gets exercised.
    for seed in 0..<60 as Range<UInt64> {
      var random = CountRandom(seed: seed &+ 900)
      var model = ConstraintModel()
      model.linearEncoding = encoding
      let x = (0..<12).map { _ in model.newVariable().positive }
      let terms = (0..<Int.random(in: 1...12, using: &random)).map { _ in
        LinearSum.Term(
          Bool.random(using: &random) ? x.randomElement(using: &random)! : !x[0],
          Int64.random(in: -300...300, using: &random))
      }
      let high = terms.reduce(0) { $0 + max($1.coefficient, 0) }
      let low = terms.reduce(0) { $0 + min($1.coefficient, 0) }
      let bound = Int64.random(in: (low - 2)...(high + 2), using: &random)
      let sum = try #require(LinearSum(terms, atMost: bound))
      let negated = Bool.random(using: &random)
      let formula = Formula.atMost(sum)
      model.require(negated ? .not(formula) : formula)
      var expected: UInt64 = 0
      for values in 0..<UInt64(1 << 12) where CountRequirement.evaluate(formula, values) != negated
      {
        expected += 1
      }
      #expect(countAllSolutions(model, assuming: []) == expected, "\(encoding), seed \(seed)")
    }
  }

  @Test(arguments: encodings)
  func eachSideOfTheRootIsTheConstraint(encoding: ConstraintModel.LinearEncoding) throws {
    // x0 + 2·x1 + 3·x2 ≤ 3 and its negation, each required alone: 5 and 3 of the 8.
    for (negated, expected) in [(false, UInt64(5)), (true, UInt64(3))] {
      var model = ConstraintModel()
      model.linearEncoding = encoding
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

  @Test func theDefaultChoiceKeepsSmallDiagramsAndAddsUpLargeSums() throws {
    // 40 equal weights stay a diagram; 200 distinct weights 1–200 (1.4 million clauses as a
    // diagram) become an adder network of a few thousand clauses.
    var small = ConstraintModel()
    let y = (0..<40).map { _ in small.newVariable().positive }
    let few = try #require(LinearSum(y.map { .init($0, 3) }, atMost: 30))
    var forced = small
    forced.linearEncoding = .diagram
    _ = small.define(.atMost(few))
    _ = forced.define(.atMost(few))
    #expect(small.clauses == forced.clauses)

    var model = ConstraintModel()
    let x = (0..<200).map { _ in model.newVariable().positive }
    let terms = x.enumerated().map { LinearSum.Term($1, Int64($0 + 1)) }
    let sum = try #require(LinearSum(terms, atMost: 2010))
    #expect(
      ConstraintModel.estimatedDiagramNodes(terms.reversed(), bound: 2010)
        > ConstraintModel.diagramNodeLimit)
    _ = model.define(.atMost(sum))
    #expect(model.variableCount - 200 < 2000)
    #expect(model.clauses.count < 20_000)
  }

  @Test func magnitudesBeyondTheLimitAreRefused() {
    let x = Variable(0).positive
    #expect(LinearSum([.init(x, LinearSum.magnitudeLimit)], atMost: 1) == nil)
    #expect(LinearSum([.init(x, -(1 << 59))], atMost: 1 << 59) != nil)
  }

  @Test func aNodeBudgetStopsALargeDiagramAndSaysSo() {
    // Twenty scattered coefficients around 1,000 compared with half their total: many
    // partial sums differ, so the diagram has hundreds of nodes. The budget is the diagram's
    // (the size estimate would choose the adder network here).
    var model = ConstraintModel()
    model.linearEncoding = .diagram
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
