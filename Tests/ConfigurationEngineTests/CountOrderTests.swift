import Testing

@testable import ConfigurationEngine

/// The decision order of the tree decomposition and the search's shortcuts keep the count:
/// counts with and without the order equal enumeration, on planted formulas (equivalences,
/// gates, failed literals, many components) and on generated models with choices.
@Suite struct CountOrderTests {
  private static let budget = CountBudget(timeLimit: .seconds(600))

  /// The planted formula as a model: gate outputs are its auxiliary variables.
  private static func model(_ planted: PlantedFormula) -> ConstraintModel {
    var model = ConstraintModel()
    for variable in 0..<planted.variableCount {
      _ = model.newVariable(auxiliary: !planted.isIndependent[variable])
    }
    for clause in planted.clauses { model.addClause(clause.map { Literal(code: $0) }) }
    return model
  }

  /// A search over a formula, every variable unassigned.
  private static func search(
    _ formula: CountingFormula, isIndependent: [Bool], rank: [Int32]?
  ) -> ModelCount {
    var search = CountingSearch(
      formula: formula, isIndependent: isIndependent, rank: rank, budget: budget,
      deadline: .now + .seconds(600))
    guard search.assume([]) else { return .exact(.zero) }
    return search.run()
  }

  @Test func theSearchCountsPlantedFormulasInEitherOrder() {
    for seed in 0..<500 as Range<UInt64> {
      let planted = PlantedFormula(seed: seed)
      let formula = CountingFormula(
        variableCount: planted.variableCount, clauses: planted.clauseList)
      let expected = BigUInt(planted.bruteForceCount)
      let ranks = DecompositionOrder.ranks(of: formula)
      #expect(ranks.count == planted.variableCount)
      #expect(
        Self.search(formula, isIndependent: planted.isIndependent, rank: ranks)
          == .exact(expected), "seed \(seed), decomposition order")
      #expect(
        Self.search(formula, isIndependent: planted.isIndependent, rank: nil)
          == .exact(expected), "seed \(seed), activity order")
    }
  }

  @Test func aComponentWithoutValuesCountsOnceOnUnsimplifiedModels() {
    // Without simplification every encoding helper stays: the search meets many components
    // left with helpers only, and counts each as one solution or none.
    var checked = 0
    for seed in 4000..<4600 as Range<UInt64> {
      let generated = CountGeneratedModel(seed: seed, maximumValues: 7, maximumItems: 5)
      let model = generated.model
      guard model.variableCount <= 14 else { continue }
      var isIndependent = model.isAuxiliary.map { !$0 }
      for rule in model.rules { isIndependent[Int(rule.selector.index)] = true }
      let formula = CountingFormula(model)
      var search = CountingSearch(
        formula: formula, isIndependent: isIndependent,
        rank: DecompositionOrder.ranks(of: formula), budget: Self.budget,
        deadline: .now + .seconds(600))
      let assumptions = model.ruleAssumptions
      let expected = countClauseSolutions(model, assuming: assumptions)
      let count = search.assume(assumptions.map(\.code)) ? search.run() : .exact(.zero)
      #expect(count == .exact(BigUInt(expected)), "seed \(seed)")
      checked += 1
    }
    #expect(checked > 150)
  }

  @Test func plantedModelsCountAsEnumerationWithChoices() {
    var zeroCounts = 0
    for seed in 500..<800 as Range<UInt64> {
      let planted = PlantedFormula(seed: seed)
      let counter = ModelCounter(Self.model(planted))
      var random = CountRandom(seed: seed &* 7 &+ 3)
      for round in 0..<3 {
        let choices: [Literal] =
          round == 0
          ? []
          : (0..<Int.random(in: 1...3, using: &random)).map { _ in
            Literal(
              Variable(Int.random(in: 0..<planted.variableCount, using: &random)),
              negated: Bool.random(using: &random))
          }
        let expected = (0..<(UInt64(1) << UInt64(planted.variableCount))).count { values in
          choices.allSatisfy { CountRequirement.evaluate($0, values) }
            && planted.satisfies(values)
        }
        let count = counter.countBuilds(choosing: choices, budget: Self.budget)
        #expect(count == .exact(BigUInt(UInt64(expected))), "seed \(seed), choices \(choices)")
        if expected == 0 { zeroCounts += 1 }
      }
    }
    #expect(zeroCounts > 20)
  }

  @Test func theOrderDecidesAChainFromTheMiddle() {
    // x0 → x1 → … → x30: the middle variable separates the chain best.
    let length = 31
    var clauses: [[UInt32]] = []
    for index in 1..<length {
      let previous = UInt32(index - 1)
      clauses.append([previous << 1 | 1, UInt32(index) << 1])
    }
    let formula = CountingFormula(variableCount: length, clauses: clauses)
    let ranks = DecompositionOrder.ranks(of: formula)
    let middle = ranks[length / 2]
    #expect(ranks.min() == middle)
    #expect(ranks[0] > middle && ranks[length - 1] > middle)
    #expect(
      Self.search(formula, isIndependent: [Bool](repeating: true, count: length), rank: ranks)
        == .exact(BigUInt(UInt64(length + 1))))
  }
}
