import Testing

@testable import ConfigurationEngine

@Suite struct CircuitSamplingTests {
  /// A model's value bits from a sample.
  static func bits(_ sample: [Bool], valueCount: Int) -> UInt64 {
    var bits: UInt64 = 0
    for variable in 0..<valueCount where sample[variable] { bits |= 1 << UInt64(variable) }
    return bits
  }

  @Test func everySampleIsAValidBuildThatKeepsTheChoices() throws {
    var drawn = 0
    for seed in 0..<200 as Range<UInt64> {
      let generated = CountGeneratedModel(seed: seed)
      let circuit = try #require(CircuitCountTests.circuit(generated.model))
      var random = CountRandom(seed: seed)
      let choices = seed % 2 == 0 ? [] : generated.randomChoices(&random)
      var sampler = SampleRandom(seed: seed)
      let samples = circuit.samples(20, assuming: choices, using: &sampler)
      let expected = generated.bruteForceCount(choices: choices)
      #expect(samples.count == (expected == 0 ? 0 : 20), "seed \(seed)")
      for sample in samples {
        let values = Self.bits(sample, valueCount: generated.valueCount)
        #expect(generated.keeps(values, choices: choices), "seed \(seed)")
        // The helpers are not the circuit's: they stay false.
        #expect(sample[generated.valueCount...].allSatisfy { !$0 })
      }
      drawn += samples.count
    }
    #expect(drawn > 2000)
  }

  @Test func theSameSeedGivesTheSameSamplesAndAnotherSeedOthers() throws {
    let generated = try #require(
      (0..<100 as Range<UInt64>).lazy.map { CountGeneratedModel(seed: $0, maximumItems: 3) }
        .first { $0.bruteForceCount(choices: []) > 100 })
    let circuit = try #require(CircuitCountTests.circuit(generated.model))
    var first = SampleRandom(seed: 2026)
    var second = SampleRandom(seed: 2026)
    var third = SampleRandom(seed: 2027)
    let samples = circuit.samples(50, using: &first)
    #expect(samples == circuit.samples(50, using: &second))
    #expect(samples != circuit.samples(50, using: &third))
  }

  @Test func theGeneratorGivesTheReferenceNumbersForASeed() {
    // xoshiro256** seeded by SplitMix64, the reference values (worked out apart from this
    // code, from the published algorithms): a change of generator, which would change every
    // user's samples for a seed, shows here.
    var random = SampleRandom(seed: 0)
    #expect(
      (0..<3).map { _ in random.next() } == [
        0x99EC_5F36_CB75_F2B4, 0xBF6E_1F78_4956_452A, 0x1A5F_849D_4933_E6E0,
      ])
    var bounded = SampleRandom(seed: 5)
    let bound = BigUInt.powerOfTwo(130) + BigUInt(3)
    for _ in 0..<200 { #expect(bounded.below(bound) < bound) }
    for _ in 0..<200 { #expect(bounded.below(UInt64(7)) < 7) }
  }

  /// Pearson's statistic of observed counts against equal expected counts.
  static func chiSquare(_ observed: [Int], samples: Int) -> Double {
    let expected = Double(samples) / Double(observed.count)
    return observed.reduce(0) { $0 + (Double($1) - expected) * (Double($1) - expected) / expected }
  }

  /// The chi-square critical value at significance 0.001 (Wilson–Hilferty: the cube root of
  /// a chi-square variable divided by its degrees of freedom is nearly normal; z = 3.0902).
  static func criticalValue(degrees: Int) -> Double {
    let k = Double(degrees)
    let term = 1 - 2 / (9 * k) + 3.0902 * (2 / (9 * k)).squareRoot()
    return k * term * term * term
  }

  /// Draws of each valid build: `samples` per build on average, from a fixed seed.
  static func observedCounts(
    _ generated: CountGeneratedModel, choices: [Literal], perBuild: Int, seed: UInt64,
    draw: (Circuit, Int, inout SampleRandom) -> [[Bool]]
  ) throws -> (observed: [Int], samples: Int) {
    let circuit = try #require(CircuitCountTests.circuit(generated.model))
    let builds = (0..<(UInt64(1) << UInt64(generated.valueCount))).filter {
      generated.keeps($0, choices: choices)
    }
    var index: [UInt64: Int] = [:]
    for (position, build) in builds.enumerated() { index[build] = position }
    var observed = [Int](repeating: 0, count: builds.count)
    var random = SampleRandom(seed: seed)
    let samples = builds.count * perBuild
    for sample in draw(circuit, samples, &random) {
      let position = try #require(index[Self.bits(sample, valueCount: generated.valueCount)])
      observed[position] += 1
    }
    return (observed, samples)
  }

  /// Small generated models with between 8 and 200 valid builds.
  static var enumerableModels: [(CountGeneratedModel, [Literal])] {
    var models: [(CountGeneratedModel, [Literal])] = []
    var seed: UInt64 = 3000
    while models.count < 12 {
      let generated = CountGeneratedModel(seed: seed, maximumValues: 9, maximumItems: 5)
      var random = CountRandom(seed: seed)
      let choices = seed % 3 == 0 ? generated.randomChoices(&random) : []
      let count = generated.bruteForceCount(choices: choices)
      if (8...200).contains(count) { models.append((generated, choices)) }
      seed += 1
    }
    return models
  }

  @Test func samplesPassAChiSquareTestAgainstUniform() throws {
    // Significance 0.001 per model, fixed seeds: deterministic, so it cannot flake; a
    // sampler off by a fifth on some build fails it (the control below).
    for (generated, choices) in Self.enumerableModels {
      let (observed, samples) = try Self.observedCounts(
        generated, choices: choices, perBuild: 100, seed: 48
      ) { circuit, count, random in circuit.samples(count, assuming: choices, using: &random) }
      let statistic = Self.chiSquare(observed, samples: samples)
      let critical = Self.criticalValue(degrees: observed.count - 1)
      #expect(statistic < critical, "\(observed.count) builds: χ² \(statistic) ≥ \(critical)")
    }
  }

  @Test func theChiSquareTestRejectsASamplerThatPicksBranchesEvenly() throws {
    // The control: the same walk down with each OR's entries equally likely is not uniform
    // on a model whose decisions split its builds unevenly (at most one of six values: the
    // first value decided gets half the draws), and the test must see it.
    var model = ConstraintModel()
    let values = (0..<6).map { _ in model.newVariable().positive }
    model.addAtMostOne(values)
    var generated = CountGeneratedModel(seed: 0, maximumItems: 0)
    generated.model = model
    generated.valueCount = 6
    generated.fixed = [.count(values, minimum: 0, maximum: 1)]
    let (fair, fairSamples) = try Self.observedCounts(
      generated, choices: [], perBuild: 100, seed: 48
    ) { circuit, count, random in circuit.samples(count, using: &random) }
    #expect(fair.count == 7)
    #expect(Self.chiSquare(fair, samples: fairSamples) < Self.criticalValue(degrees: 6))
    let (even, evenSamples) = try Self.observedCounts(
      generated, choices: [], perBuild: 100, seed: 48
    ) { circuit, count, random in
      (0..<count).compactMap { _ in Self.evenSample(circuit, [], &random) }
    }
    #expect(Self.chiSquare(even, samples: evenSamples) >= Self.criticalValue(degrees: 6))
  }

  /// A biased draw: each OR's satisfiable entries equally likely.
  static func evenSample(_ circuit: Circuit, _ choices: [Literal], _ random: inout SampleRandom)
    -> [Bool]?
  {
    let assumptions = circuit.assumptions(choices)
    let counts = circuit.nodeCounts(assumptions)
    var model = [Bool](repeating: false, count: circuit.variableCount)
    var stack = [circuit.root.word]
    while let word = stack.popLast() {
      let entry = Circuit.Entry(word: word)
      if let literal = entry.literal {
        model[Int(literal.variable.index)] = !literal.isNegated
      } else if let variable = entry.freeVariable {
        let value = assumptions.values[Int(variable.index)]
        model[Int(variable.index)] = value == 0 ? random.bit() : value == 1
      } else if let node = entry.node {
        let children = circuit.entries(of: node).filter {
          !circuit.value(of: Circuit.Entry(word: $0), counts: counts, assumptions).isZero
        }
        guard !children.isEmpty else { return nil }
        if circuit.isOr[node] {
          stack.append(children[Int(random.below(UInt64(children.count)))])
        } else {
          stack.append(contentsOf: circuit.entries(of: node))
        }
      }
    }
    return model
  }
}
