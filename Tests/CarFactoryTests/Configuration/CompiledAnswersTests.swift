import CatalogFixtures
import ConfigurationEngine
import Testing

@testable import CarFactory

/// The compiled answers (SPEC §17) on generated catalogs and UVL trees, against the
/// brute-force enumerations of ``CatalogReference`` and ``UVLRandomTree``.
@Suite struct CompiledAnswersTests {
  /// A generated catalog model, its configurator and its enumerated builds.
  struct CatalogCase {
    let line: ProductLine
    let configurator: ProductConfigurator
    let reference: CatalogReference

    init(seed: UInt64) throws {
      let definition =
        seed > 10_000
        ? RandomCatalog.numericDefinition(seed: seed) : RandomCatalog.definition(seed: seed)
      let family = try #require(PartFamily(definition: definition, prototypes: .builtIn))
      line = try ProductLine(factory: CatalogCarFactory(definition: definition, family: family))
      configurator = ProductConfigurator(line)
      configurator.timeLimit = .seconds(60)
      reference = CatalogReference(definition: definition, line: line)
    }

    /// Whether the values are exactly those of a valid build with the choices.
    func isValid(_ values: [Int], choices: [Choice]) -> Bool {
      let selected = line.values.indices.map { values.contains($0) }
      return reference.builds(with: choices).contains { $0.selected == selected }
    }
  }

  static let catalogSeeds: [UInt64] = Array(1...60) + Array(10_001...10_040)

  @Test(arguments: catalogSeeds)
  func everyValuesCountEqualsTheEnumerationOfTheCatalog(seed: UInt64) throws {
    let test = try CatalogCase(seed: seed)
    var random = SeededGenerator(state: seed)
    for round in 0..<6 {
      let choices = round == 0 ? [] : test.line.randomChoices(using: &random)
      let counts = test.configurator.valueCounts(choices)
      guard case .compiled = counts.status else {
        Issue.record("seed \(seed): not compiled")
        return
      }
      let builds = test.reference.builds(with: choices)
      #expect(counts.total?.uint64Value == UInt64(builds.count), "seed \(seed) \(choices)")
      for value in test.line.values.indices {
        let expected = builds.filter { $0.selected[value] }.count
        #expect(counts.counts[value]?.uint64Value == UInt64(expected), "seed \(seed) \(value)")
        if let share = counts.share(of: value), !builds.isEmpty {
          #expect(abs(share - Double(expected) / Double(builds.count)) < 1e-12)
        }
      }
    }
  }

  @Test(arguments: 0..<120)
  func everyFeaturesCountEqualsTheEnumerationOfTheTree(seed: Int) throws {
    let tree = UVLRandomTree(seed: UInt64(seed), features: 3...10)
    let model = try UVLTestSupport.compile(tree.uvl)
    let line = ProductLine(featureModel: model, model: ModelID("tree"))
    let configurator = ProductConfigurator(line)
    // The line's value of each of the tree's features.
    let value = try (0..<tree.count).map { feature in
      try #require(line.valueIndex(forAtom: UVLRandomTree.name(feature)))
    }
    var random = SeededGenerator(state: UInt64(seed))
    let selections = tree.validSelections
    for round in 0..<5 {
      let choices = round == 0 ? [] : line.randomChoices(using: &random)
      let kept = selections.filter { mask in
        choices.allSatisfy { choice in
          let feature = value.firstIndex(of: choice.value) ?? -1
          return (mask >> feature & 1 == 1) == choice.isChosen
        }
      }
      let counts = configurator.valueCounts(choices)
      #expect(counts.total?.uint64Value == UInt64(kept.count), "seed \(seed)\n\(tree.uvl)")
      for feature in 0..<tree.count {
        let expected = kept.filter { $0 >> feature & 1 == 1 }.count
        #expect(
          counts.counts[value[feature]]?.uint64Value == UInt64(expected),
          "seed \(seed), feature \(feature), choices \(choices)\n\(tree.uvl)")
      }
    }
  }

  @Test(arguments: catalogSeeds.prefix(40))
  func samplesAreValidBuildsAndTheSameSeedGivesTheSameOnes(seed: UInt64) throws {
    let test = try CatalogCase(seed: seed)
    var random = SeededGenerator(state: seed &+ 7)
    let choices = test.line.randomChoices(using: &random)
    let samples = try test.configurator.samples(choices, count: 25, seed: seed)
    let builds = test.reference.builds(with: choices)
    #expect(samples.total.uint64Value == UInt64(builds.count))
    #expect(samples.builds.count == (builds.isEmpty ? 0 : 25))
    for build in samples.builds {
      #expect(test.isValid(build, choices: choices), "seed \(seed)")
      // The pinning choices give back exactly that build.
      let pinned = test.line.pinningChoices(holding: build)
      #expect(try test.configurator.count(pinned).uint64Value == 1)
    }
    #expect(try test.configurator.samples(choices, count: 25, seed: seed) == samples)
  }

  @Test(arguments: catalogSeeds.prefix(40))
  func theFleetCoversEveryFeasiblePairOfValues(seed: UInt64) throws {
    let test = try CatalogCase(seed: seed)
    var random = SeededGenerator(state: seed &+ 11)
    let choices = seed % 2 == 0 ? test.line.randomChoices(using: &random) : []
    let builds = test.reference.builds(with: choices)
    for absent in [true, false] {
      let fleet = try test.configurator.pairwiseFleet(
        choices, coveringAbsentValues: absent, seed: seed)
      // The feasible pairs of the enumeration: two values as some build has them.
      var feasible = Set<PairwiseFleet.Pair>()
      var covered = Set<PairwiseFleet.Pair>()
      func pairs(_ selected: [Bool]) -> [PairwiseFleet.Pair] {
        let held = selected.indices.compactMap { index -> Choice? in
          selected[index] || absent ? Choice(value: index, isChosen: selected[index]) : nil
        }
        var pairs: [PairwiseFleet.Pair] = []
        for (position, first) in held.enumerated() {
          for second in held[(position + 1)...] {
            pairs.append(PairwiseFleet.Pair(first: first, second: second))
          }
        }
        return pairs
      }
      for build in builds { feasible.formUnion(pairs(build.selected)) }
      for build in fleet.builds {
        #expect(test.isValid(build, choices: choices), "seed \(seed)")
        covered.formUnion(pairs(test.line.values.indices.map { build.contains($0) }))
      }
      #expect(fleet.feasiblePairs == feasible.count, "seed \(seed)")
      #expect(fleet.isComplete && covered.isSuperset(of: feasible), "seed \(seed)")
      #expect(fleet.lowerBound <= fleet.builds.count)
      // No valid build has two of the bound's pairs.
      let bound = Set(fleet.boundPairs)
      #expect(bound.isSubset(of: feasible), "seed \(seed)")
      for build in builds {
        #expect(Set(pairs(build.selected)).intersection(bound).count <= 1, "seed \(seed)")
      }
    }
  }

  @Test func aLineThatDidNotCompileCountsEachValueBySharpSATAndSaysSo() throws {
    let test = try CatalogCase(seed: 3)
    #expect(test.configurator.compile(timeLimit: .zero) == .unfinished(.timeLimit(.zero)))
    // The kept outcome answers while the limit is no longer: the counts fall back to #SAT.
    test.configurator.timeLimit = .zero
    let counts = test.configurator.valueCounts([], fallbackLimit: .seconds(60))
    #expect(counts.status == .unfinished(.timeLimit(.zero)))
    #expect(counts.total?.uint64Value == UInt64(test.reference.builds.count))
    for value in test.line.values.indices {
      let expected = test.reference.builds.filter { $0.selected[value] }.count
      #expect(counts.counts[value]?.uint64Value == UInt64(expected))
    }
    #expect(throws: CompiledAnswerError.notCompiled(.timeLimit(.zero))) {
      try test.configurator.samples([], count: 3)
    }
    // With no time for #SAT either, nothing is known, and nothing is made up.
    let unknown = test.configurator.valueCounts([], fallbackLimit: .zero)
    #expect(unknown.total == nil && unknown.counts.allSatisfy { $0 == nil })
  }

  @Test func tooManySamplesOrTooManyValuesForPairsAreRefusedWithTheLimit() throws {
    let test = try CatalogCase(seed: 2)
    let limit = ProductConfigurator.sampleLimit
    #expect(throws: CompiledAnswerError.tooManySamples(requested: limit + 1, limit: limit)) {
      try test.configurator.samples([], count: limit + 1)
    }
    #expect(try test.configurator.samples([], count: -3).builds.isEmpty)
    let text =
      "features\n  root\n    optional\n"
      + (0..<ProductConfigurator.pairValueLimit).map { "      f\($0)\n" }.joined()
    let line = ProductLine(featureModel: try UVLTestSupport.compile(text), model: "wide")
    let values = ProductConfigurator.pairValueLimit + 1
    #expect(
      throws: CompiledAnswerError.tooManyValuesForPairs(
        values: values, limit: ProductConfigurator.pairValueLimit)
    ) { try ProductConfigurator(line).pairwiseFleet([]) }
  }

  @Test func theLineCompilesOnceAndKeepsItsCircuit() throws {
    let test = try CatalogCase(seed: 5)
    guard case .compiled(let size) = test.configurator.compile() else {
      Issue.record("not compiled")
      return
    }
    #expect(size.nodes > 2 && size.bytes > 0)
    #expect(test.configurator.compile() == .compiled(size))
    #expect(test.configurator.valueCounts([]).status == .compiled(size))
  }
}
