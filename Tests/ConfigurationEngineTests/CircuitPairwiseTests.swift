import Testing

@testable import ConfigurationEngine

@Suite struct CircuitPairwiseTests {
  /// Both literals of every value.
  static func literals(_ generated: CountGeneratedModel) -> [Literal] {
    (0..<generated.valueCount).flatMap { [Variable($0).positive, Variable($0).negative] }
  }

  /// The valid builds under the choices, as value bits.
  static func builds(_ generated: CountGeneratedModel, choices: [Literal]) -> [UInt64] {
    (0..<(UInt64(1) << UInt64(generated.valueCount))).filter {
      generated.keeps($0, choices: choices)
    }
  }

  static func holds(_ literal: Literal, _ build: UInt64) -> Bool {
    CountRequirement.evaluate(literal, build)
  }

  /// The pairs of distinct literals some build has, by enumeration.
  static func feasiblePairs(_ literals: [Literal], _ builds: [UInt64]) -> Set<[Int]> {
    var pairs = Set<[Int]>()
    for first in literals.indices {
      for second in literals.indices where second > first {
        if builds.contains(where: { holds(literals[first], $0) && holds(literals[second], $0) }) {
          pairs.insert([first, second])
        }
      }
    }
    return pairs
  }

  /// The pairs a build covers.
  static func covered(by build: UInt64, _ literals: [Literal]) -> Set<[Int]> {
    let held = literals.indices.filter { holds(literals[$0], build) }
    var pairs = Set<[Int]>()
    for first in held { for second in held where second > first { pairs.insert([first, second]) } }
    return pairs
  }

  /// The fewest builds covering every feasible pair, by trying every subset.
  static func optimum(_ builds: [UInt64], _ literals: [Literal], _ pairs: Set<[Int]>) -> Int {
    let covers = builds.map { covered(by: $0, literals) }
    var best = builds.count
    for subset in 0..<(1 << builds.count) where subset.nonzeroBitCount < best {
      var union = Set<[Int]>()
      for index in builds.indices where subset >> index & 1 == 1 { union.formUnion(covers[index]) }
      if union.isSuperset(of: pairs) { best = subset.nonzeroBitCount }
    }
    return pairs.isEmpty ? 0 : best
  }

  static func bits(_ build: [Bool], valueCount: Int) -> UInt64 {
    CircuitSamplingTests.bits(build, valueCount: valueCount)
  }

  @Test func thePairTableEqualsEnumeration() throws {
    for seed in 0..<150 as Range<UInt64> {
      let generated = CountGeneratedModel(seed: seed)
      let circuit = try #require(CircuitCountTests.circuit(generated.model))
      var random = CountRandom(seed: seed)
      let choices = seed % 2 == 0 ? [] : generated.randomChoices(&random)
      let literals = Self.literals(generated)
      let table = circuit.pairTable(of: literals, assuming: choices)
      let builds = Self.builds(generated, choices: choices)
      for first in literals.indices {
        for second in literals.indices {
          let expected = builds.contains {
            Self.holds(literals[first], $0) && Self.holds(literals[second], $0)
          }
          #expect(table.isFeasible(first, second) == expected, "seed \(seed)")
        }
      }
    }
  }

  @Test func theFleetCoversEveryFeasiblePairWithValidBuilds() throws {
    var checked = 0
    for seed in 0..<200 as Range<UInt64> {
      let generated = CountGeneratedModel(seed: seed)
      let circuit = try #require(CircuitCountTests.circuit(generated.model))
      var random = CountRandom(seed: seed &+ 99)
      let choices = seed % 3 == 0 ? generated.randomChoices(&random) : []
      let literals = Self.literals(generated)
      let cover = circuit.pairwiseCover(of: literals, assuming: choices, seed: seed)
      let builds = Self.builds(generated, choices: choices)
      let pairs = Self.feasiblePairs(literals, builds)
      #expect(cover.feasiblePairs == pairs.count, "seed \(seed)")
      #expect(cover.uncoveredPairs == 0, "seed \(seed)")
      var union = Set<[Int]>()
      for build in cover.builds {
        let values = Self.bits(build, valueCount: generated.valueCount)
        #expect(generated.keeps(values, choices: choices), "seed \(seed)")
        union.formUnion(Self.covered(by: values, literals))
      }
      #expect(union.isSuperset(of: pairs), "seed \(seed)")
      #expect(cover.builds.isEmpty == builds.isEmpty, "seed \(seed)")
      if !pairs.isEmpty { checked += 1 }
    }
    #expect(checked > 100)
  }

  @Test func theLowerBoundIsAtMostTheOptimumOnTinyModels() throws {
    var compared = 0
    var tight = 0
    for seed in 0..<400 as Range<UInt64> {
      let generated = CountGeneratedModel(seed: seed, maximumValues: 5, maximumItems: 4)
      let builds = Self.builds(generated, choices: [])
      guard builds.count <= 14 else { continue }
      let circuit = try #require(CircuitCountTests.circuit(generated.model))
      let literals = Self.literals(generated)
      let cover = circuit.pairwiseCover(of: literals, seed: seed)
      let pairs = Self.feasiblePairs(literals, builds)
      let optimum = Self.optimum(builds, literals, pairs)
      #expect(cover.lowerBound <= optimum, "seed \(seed)")
      #expect(optimum <= cover.builds.count, "seed \(seed)")
      // The bound's pairs are feasible, and no build has two of them.
      for pair in cover.boundPairs {
        #expect(pairs.contains([pair.first, pair.second]), "seed \(seed)")
      }
      for build in builds {
        let held = Self.covered(by: build, literals)
        #expect(
          cover.boundPairs.filter { held.contains([$0.first, $0.second]) }.count <= 1,
          "seed \(seed)")
      }
      if !pairs.isEmpty { compared += 1 }
      if cover.lowerBound == optimum { tight += 1 }
    }
    #expect(compared > 100)
    #expect(tight > compared / 2)
  }
}
