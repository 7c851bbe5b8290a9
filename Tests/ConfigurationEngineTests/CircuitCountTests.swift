import Testing

@testable import ConfigurationEngine

@Suite struct CircuitCountTests {
  static let budget = CompilationBudget(timeLimit: .seconds(600))

  /// The circuit of a generated model, compiled within a budget no small model reaches.
  static func circuit(_ model: ConstraintModel) -> Circuit? {
    ModelCounter(model).compile(budget: budget).circuit
  }

  /// Per value, the assignments of the values that keep the choices and have it true and
  /// false: the reference for every literal's count.
  static func enumeratedCounts(_ generated: CountGeneratedModel, choices: [Literal]) -> (
    total: UInt64, positive: [UInt64], negative: [UInt64]
  ) {
    var positive = [UInt64](repeating: 0, count: generated.valueCount)
    var negative = positive
    var total: UInt64 = 0
    for values in 0..<(UInt64(1) << UInt64(generated.valueCount))
    where generated.keeps(values, choices: choices) {
      total += 1
      for variable in 0..<generated.valueCount {
        if values >> UInt64(variable) & 1 == 1 {
          positive[variable] += 1
        } else {
          negative[variable] += 1
        }
      }
    }
    return (total, positive, negative)
  }

  @Test func compiledCountsEqualEnumerationUnderRandomChoices() throws {
    var zeroCounts = 0
    var largeCounts = 0
    for seed in 0..<400 as Range<UInt64> {
      let generated = CountGeneratedModel(seed: seed)
      let circuit = try #require(Self.circuit(generated.model), "seed \(seed)")
      var random = CountRandom(seed: seed &* 31 &+ 5)
      for round in 0..<6 {
        let choices = round == 0 ? [] : generated.randomChoices(&random)
        let expected = generated.bruteForceCount(choices: choices)
        #expect(
          circuit.count(assuming: choices) == BigUInt(expected),
          "seed \(seed), choices \(choices)")
        if expected == 0 { zeroCounts += 1 }
        if expected > 100 { largeCounts += 1 }
      }
    }
    #expect(zeroCounts > 50)
    #expect(largeCounts > 50)
  }

  @Test func everyValuesCountEqualsEnumerationUnderRandomChoices() throws {
    var checked = 0
    for seed in 500..<800 as Range<UInt64> {
      let generated = CountGeneratedModel(seed: seed, linear: seed % 3 == 0)
      let circuit = try #require(Self.circuit(generated.model), "seed \(seed)")
      var random = CountRandom(seed: seed &* 17 &+ 3)
      for round in 0..<8 {
        let choices = round == 0 ? [] : generated.randomChoices(&random)
        let expected = Self.enumeratedCounts(generated, choices: choices)
        let counts = circuit.literalCounts(assuming: choices)
        #expect(counts.total == BigUInt(expected.total), "seed \(seed), choices \(choices)")
        for variable in 0..<generated.valueCount {
          let value = Variable(variable)
          #expect(
            counts[value.positive] == BigUInt(expected.positive[variable])
              && counts[value.negative] == BigUInt(expected.negative[variable]),
            "seed \(seed), choices \(choices), value \(variable)")
        }
        if expected.total > 0 { checked += 1 }
      }
    }
    #expect(checked > 1000)
  }

  @Test func contradictoryAssumptionsCountNothing() throws {
    let generated = CountGeneratedModel(seed: 7)
    let circuit = try #require(Self.circuit(generated.model))
    let value = Variable(0)
    #expect(circuit.count(assuming: [value.positive, value.negative]) == .zero)
    let counts = circuit.literalCounts(assuming: [value.positive, value.negative])
    #expect(counts.total == .zero && counts.positive.allSatisfy(\.isZero))
  }

  @Test func threeHundredFreeValuesCountTwoToTheThreeHundredEach() throws {
    var model = ConstraintModel()
    for _ in 0..<300 { _ = model.newVariable() }
    let circuit = try #require(Self.circuit(model))
    let counts = circuit.literalCounts(assuming: [Variable(3).negative])
    #expect(counts.total == BigUInt.powerOfTwo(299))
    #expect(counts[Variable(5).positive] == BigUInt.powerOfTwo(298))
    #expect(counts[Variable(3).positive] == .zero)
    #expect(counts[Variable(3).negative] == BigUInt.powerOfTwo(299))
  }

  @Test func theCircuitSpeaksOnlyOfValues() throws {
    for seed in 900..<960 as Range<UInt64> {
      let generated = CountGeneratedModel(seed: seed, linear: true)
      let circuit = try #require(Self.circuit(generated.model))
      #expect(circuit.circuitVariableCount == generated.valueCount, "seed \(seed)")
      for variable in 0..<generated.model.variableCount {
        #expect(circuit.isVariable[variable] == !generated.model.isAuxiliary[variable])
      }
    }
  }
}
