import CarFactory
import CatalogFixtures
import Support
import Testing

@testable import Dealership

/// `count … by=value` and `sample` (SPEC §17) read and run by the interpreter, on generated
/// catalogs and UVL trees, against the brute-force enumerations of ``CatalogReference`` and
/// ``UVLRandomTree``: every value's count and rounded share, samples that are valid builds
/// and come back the same for the same seed, lines that `build` replays into exactly the
/// drawn builds, and fleets that cover every pair some valid build holds.
@Suite struct CompiledCommandTests {
  static let catalogSeeds: [UInt64] = Array(1...40)
  static let treeSeeds: [UInt64] = Array(0..<60)
  /// A state with one model and the interpreter that runs lines against it.
  final class Case {
    let environment = TestEnvironment()
    let words = WordList()
    var state: SessionState
    let line: ProductLine
    /// Every valid build, as the values it holds (indices into the line's values).
    let builds: [[Bool]]
    /// The model's id as lines name it.
    let model: String

    /// A generated catalog (`random`), enumerated by ``CatalogReference``.
    init(catalogSeed seed: UInt64) throws {
      let registry = CarRegistry()
      let definition = try RandomCatalog.register(seed: seed, in: registry)
      state = SessionState(catalogs: Catalogs(registry: registry))
      line = try registry.productLine(for: definition.id)
      builds = CatalogReference(definition: definition, line: line).builds.map(\.selected)
      model = "random"
    }

    /// A generated UVL tree (`tree`), loaded through the environment and enumerated straight
    /// from its tree rules.
    init(treeSeed seed: UInt64, features: ClosedRange<Int> = 3...9) throws {
      let tree = UVLRandomTree(seed: seed, features: features)
      environment.files["tree.uvl"] = Array(tree.uvl.utf8)
      var state = SessionState(catalogs: Catalogs(registry: CarRegistry(), isClean: true))
      model = "tree"
      try state.run("catalog load tree.uvl", in: environment, words: words)
      self.state = state
      let line = try state.catalogs.configurator(named: "tree").line
      self.line = line
      // The line's value of each of the tree's features.
      let value = try (0..<tree.count).map { feature in
        try #require(line.valueIndex(forAtom: UVLRandomTree.name(feature)))
      }
      builds = tree.validSelections.sorted().map { mask in
        var selected = [Bool](repeating: false, count: line.values.count)
        for feature in 0..<tree.count where mask >> feature & 1 == 1 {
          selected[value[feature]] = true
        }
        return selected
      }
    }

    /// Reads and runs one line against the state.
    @discardableResult
    func run(_ text: String) throws(CommandError) -> Interpreter.Reply {
      try state.run(text, in: environment, words: words)
    }

    /// The error a line fails with, or `nil`.
    func failure(_ text: String) -> CommandError? {
      do {
        try run(text)
        return nil
      } catch {
        return error
      }
    }

    /// A choice as a line's word (quoted when the name holds a blank).
    func word(_ choice: Choice) -> String {
      let atom = line.atom(of: choice)
      return atom.contains(" ") ? "\"\(atom)\"" : atom
    }

    /// Random choices a line can hold: at most one value chosen in a slot or `one` group
    /// (a second is refused as given twice).
    func randomChoices(using random: inout SeededGenerator) -> [Choice] {
      var groups: Set<Int> = []
      return line.randomChoices(using: &random).filter { choice in
        let group = line.values[choice.value].group
        switch line.groups[group].kind {
        case .any, .feature: return true
        case .slot, .one: return !choice.isChosen || groups.insert(group).inserted
        }
      }
    }

    /// The valid builds that keep the choices.
    func builds(with choices: [Choice]) -> [[Bool]] {
      builds.filter { selected in choices.allSatisfy { selected[$0.value] == $0.isChosen } }
    }

    /// The values a build holds as a selection over the line's values.
    func selection(_ values: [Int]) -> [Bool] {
      let held = Set(values)
      return line.values.indices.map { held.contains($0) }
    }

    /// The values `build MODEL CHOICE…` records.
    func built(_ choices: [Choice]) throws -> [Int] {
      let reply = try run((["build", model] + choices.map(word)).joined(separator: " "))
      guard case .build(let view) = reply.first else {
        Issue.record("not a build")
        return []
      }
      return view.selected
    }
  }

  /// `round(count · 10^(2 + decimals) / total)`, half to even, in integers.
  static func percentage(_ count: Int, of total: Int, decimals: Int) -> UInt64 {
    var scale: UInt64 = 100
    for _ in 0..<decimals { scale *= 10 }
    let product = UInt64(count) * scale
    let (quotient, remainder) = product.quotientAndRemainder(dividingBy: UInt64(total))
    let twice = 2 * remainder
    if twice > UInt64(total) || (twice == UInt64(total) && quotient % 2 == 1) {
      return quotient + 1
    }
    return quotient
  }

  /// Checks a `count … by=value` answer against the enumeration under the choices.
  static func check(_ result: CommandResult?, _ test: Case, _ choices: [Choice], _ note: String) {
    guard case .valueCounts(let answer) = result else {
      Issue.record("not value counts: \(note)")
      return
    }
    let builds = test.builds(with: choices)
    #expect(answer.counts.choices == choices, "\(note)")
    #expect(answer.counts.total?.uint64Value == UInt64(builds.count), "\(note)")
    guard case .compiled = answer.counts.status else {
      Issue.record("not compiled: \(note)")
      return
    }
    #expect(answer.countedValues == test.line.values.count)
    for value in test.line.values.indices {
      let expected = builds.filter { $0[value] }.count
      #expect(answer.counts.counts[value]?.uint64Value == UInt64(expected), "\(note) \(value)")
      for decimals in [2, 6] {
        let share = answer.counts.percentage(of: value, decimals: decimals)
        if builds.isEmpty {
          #expect(share == nil, "\(note)")
        } else {
          let scaled = Self.percentage(expected, of: builds.count, decimals: decimals)
          #expect(share?.scaled == scaled, "\(note) \(value)")
          let exact =
            UInt64(expected) * 100 * (decimals == 2 ? 100 : 1_000_000)
            % UInt64(builds.count) == 0
          #expect(share?.isExact == exact, "\(note) \(value)")
        }
      }
    }
  }

  @Test(arguments: catalogSeeds)
  func everyValuesCountAndShareEqualTheEnumerationOfTheCatalog(seed: UInt64) throws {
    let test = try Case(catalogSeed: seed)
    var random = SeededGenerator(state: seed &* 31)
    for round in 0..<6 {
      let choices = round == 0 ? [] : test.randomChoices(using: &random)
      // `by=value` anywhere after the model, in any case.
      var words = choices.map(test.word)
      words.insert(round % 2 == 0 ? "by=value" : "BY=Value", at: round % (words.count + 1))
      let reply = try test.run("count random " + words.joined(separator: " "))
      Self.check(reply.first, test, choices, "seed \(seed) round \(round)")
    }
  }

  @Test(arguments: treeSeeds)
  func everyFeaturesCountAndShareEqualTheEnumerationOfTheTree(seed: UInt64) throws {
    let test = try Case(treeSeed: seed)
    var random = SeededGenerator(state: seed &+ 1_000)
    for round in 0..<5 {
      let choices = round == 0 ? [] : test.randomChoices(using: &random)
      let reply = try test.run(
        (["count", "tree"] + choices.map(test.word) + ["by=value"]).joined(separator: " "))
      Self.check(reply.first, test, choices, "seed \(seed) round \(round)")
    }
  }

  /// Draws samples with random choices; checks each is valid, the same seed draws the same,
  /// and each printed line's choices `build` back into exactly the drawn build.
  static func checkSamples(_ test: Case, seed: UInt64) throws {
    var random = SeededGenerator(state: seed &+ 77)
    let choices = seed % 3 == 0 ? [] : test.randomChoices(using: &random)
    let builds = test.builds(with: choices)
    guard !builds.isEmpty else {
      // Choices no build keeps are refused with their conflict, as `build` refuses them.
      let line = (["sample", test.model] + choices.map(test.word) + ["4"]).joined(separator: " ")
      guard case .conflict = test.failure(line) else {
        Issue.record("seed \(seed): choices without a build were not refused")
        return
      }
      return
    }
    let line = (["sample", test.model] + choices.map(test.word) + ["12", "seed=\(seed)"])
      .joined(separator: " ")
    guard case .samples(let result) = try test.run(line).first else {
      Issue.record("seed \(seed): not samples")
      return
    }
    #expect(result.samples.seed == seed && result.samples.choices == choices)
    #expect(result.samples.total.uint64Value == UInt64(builds.count))
    #expect(result.drawn.builds.count == 12)
    #expect(result.drawn.choices.count == 12)
    let valid = Set(builds)
    for (values, replay) in zip(result.drawn.builds, result.drawn.choices) {
      #expect(valid.contains(test.selection(values)), "seed \(seed): not a valid build")
      // The line keeps the user's choices first and gives the build back.
      #expect(Array(replay.prefix(choices.count)) == choices)
      #expect(try test.built(replay) == values, "seed \(seed): \(replay)")
    }
    guard case .samples(let again) = try test.run(line).first else {
      Issue.record("seed \(seed): not samples")
      return
    }
    #expect(again.drawn.builds == result.drawn.builds, "seed \(seed)")
  }

  @Test(arguments: catalogSeeds)
  func samplesOfACatalogAreValidReproducibleAndReplayIntoTheSameBuilds(seed: UInt64) throws {
    try Self.checkSamples(try Case(catalogSeed: seed), seed: seed)
  }

  @Test(arguments: treeSeeds)
  func samplesOfATreeAreValidReproducibleAndReplayIntoTheSameBuilds(seed: UInt64) throws {
    try Self.checkSamples(try Case(treeSeed: seed), seed: seed)
  }

  @Test func differentSeedsDrawDifferentBuildsAndTheDefaultSeedIsZero() throws {
    let test = try Case(catalogSeed: 4)
    #expect(test.builds.count > 4)
    var draws: Set<[[Int]]> = []
    for seed in 0..<6 {
      guard case .samples(let result) = try test.run("sample random 8 seed=\(seed)").first else {
        Issue.record("not samples")
        return
      }
      draws.insert(result.drawn.builds)
    }
    #expect(draws.count > 1)
    guard case .samples(let unseeded) = try test.run("sample random 8").first,
      case .samples(let zero) = try test.run("sample random 8 seed=0").first
    else {
      Issue.record("not samples")
      return
    }
    #expect(unseeded.samples.seed == 0 && unseeded.drawn.builds == zero.drawn.builds)
  }

  /// Every pair of values two valid builds' selections hold together.
  static func pairs(of builds: [[Bool]]) -> Set<[Int]> {
    var pairs: Set<[Int]> = []
    for selected in builds {
      let held = selected.indices.filter { selected[$0] }
      for (position, first) in held.enumerated() {
        for second in held[(position + 1)...] { pairs.insert([first, second]) }
      }
    }
    return pairs
  }

  static func checkPairs(_ test: Case, seed: UInt64) throws {
    var random = SeededGenerator(state: seed &+ 5)
    let choices = seed % 2 == 0 ? [] : test.randomChoices(using: &random)
    let builds = test.builds(with: choices)
    guard !builds.isEmpty else { return }
    let line = (["sample", test.model] + choices.map(test.word) + ["pairs"]).joined(separator: " ")
    guard case .fleet(let result) = try test.run(line).first else {
      Issue.record("seed \(seed): not a fleet")
      return
    }
    let fleet = result.fleet
    // The pairs SPEC §17 names: values valid builds hold together.
    #expect(!fleet.coversAbsentValues)
    let feasible = Self.pairs(of: builds)
    let covered = Self.pairs(of: result.drawn.builds.map(test.selection))
    #expect(fleet.feasiblePairs == feasible.count, "seed \(seed)")
    #expect(fleet.isComplete && covered.isSuperset(of: feasible), "seed \(seed)")
    #expect(fleet.lowerBound <= result.drawn.builds.count)
    let valid = Set(builds)
    for (values, replay) in zip(result.drawn.builds, result.drawn.choices) {
      #expect(valid.contains(test.selection(values)), "seed \(seed): not a valid build")
      #expect(try test.built(replay) == values, "seed \(seed): \(replay)")
    }
    // No valid build holds two of the bound's pairs.
    let bound = fleet.boundPairs.map { [$0.first.value, $0.second.value].sorted() }
    #expect(Set(bound).isSubset(of: feasible), "seed \(seed)")
    for selected in builds {
      #expect(bound.filter { selected[$0[0]] && selected[$0[1]] }.count <= 1, "seed \(seed)")
    }
  }

  @Test(arguments: catalogSeeds.prefix(30))
  func theFleetOfACatalogCoversEveryPairItsValidBuildsHold(seed: UInt64) throws {
    try Self.checkPairs(try Case(catalogSeed: seed), seed: seed)
  }

  @Test(arguments: treeSeeds.prefix(40))
  func theFleetOfATreeCoversEveryPairItsValidBuildsHold(seed: UInt64) throws {
    try Self.checkPairs(try Case(treeSeed: seed), seed: seed)
  }
}
