import CatalogFixtures
import ConfigurationEngine
import Testing

@testable import CarFactory

/// The configurator's answers on many generated catalog models, checked against the brute-force
/// enumeration of ``CatalogReference``, which reads the catalog's meaning directly.
@Suite struct ConfigurationDifferentialTests {
  /// Plain models, then (above ``numericSeed``) models with attributes and arithmetic rules,
  /// then (above ``restatedSeed``) models whose rules restate their groups (issue 52).
  private static let seeds: [UInt64] =
    Array(1...120) + Array(numericSeed + 1...numericSeed + 100)
    + Array(restatedSeed + 1...restatedSeed + 80)
  private static let numericSeed: UInt64 = 10_000
  private static let restatedSeed: UInt64 = 20_000

  private struct Case {
    let definition: ModelDefinition
    let line: ProductLine
    let configurator: ProductConfigurator
    let reference: CatalogReference

    init(seed: UInt64) throws {
      definition =
        seed > restatedSeed
        ? RandomCatalog.restatedDefinition(seed: seed - restatedSeed)
        : seed > numericSeed
          ? RandomCatalog.numericDefinition(seed: seed) : RandomCatalog.definition(seed: seed)
      guard let family = PartFamily(definition: definition, prototypes: .builtIn) else {
        throw CatalogError(source: "random \(seed)", path: "", reason: "a part is missing")
      }
      let factory = CatalogCarFactory(definition: definition, family: family)
      line = try ProductLine(factory: factory)
      configurator = ProductConfigurator(line)
      configurator.timeLimit = .seconds(60)
      reference = CatalogReference(definition: definition, line: line)
    }

    /// Random choices over the line's values, from a seed.
    func randomChoices(_ random: inout RandomCatalog.Generator) -> [Choice] {
      line.randomChoices(using: &random)
    }
  }

  /// The models with arithmetic rules again, every sum an adder network: the solver then
  /// propagates the sums natively and leaves the network to the counter.
  @Test(arguments: Array(numericSeed + 1...numericSeed + 100))
  func numericModelsAnswerAlikeWithNativeSums(seed: UInt64) throws {
    try ConstraintModel.$forcedLinearEncoding.withValue(.adder) {
      try countsEqualTheEnumeration(seed: seed)
      try optionsStatesAndPricesEqualTheEnumeration(seed: seed)
      try buildIsTheValidBuildClosestToTheDefaults(seed: seed)
      try reasonsCiteChoicesAndRulesThatReallyDecide(seed: seed)
      try conflictsAreMinimalAndCorrectionsAreSmallestFirst(seed: seed)
      try lintFindsWhatTheEnumerationFinds(seed: seed)
      try choosingShownValuesNeverDeadEnds(seed: seed)
    }
  }

  @Test func numericModelsAreNeitherEmptyNorUnconstrained() throws {
    var restricted = 0
    var empty = 0
    for seed in Self.seeds where seed > Self.numericSeed && seed < Self.restatedSeed {
      let test = try Case(seed: seed)
      let plain = Set(test.definition.rules.map(\.id).filter { !$0.hasPrefix("n") })
      let without = CatalogReference(definition: test.definition, line: test.line, rules: plain)
      if test.reference.builds.isEmpty, !without.builds.isEmpty { empty += 1 }
      if !test.reference.builds.isEmpty, test.reference.builds.count < without.builds.count {
        restricted += 1
      }
    }
    // The arithmetic rules decide something in many models, and seldom leave no build.
    #expect(restricted > 30)
    #expect(empty < 40)
  }

  @Test(arguments: seeds)
  func countsEqualTheEnumeration(seed: UInt64) throws {
    let test = try Case(seed: seed)
    var random = RandomCatalog.Generator(state: seed &* 7919)
    for _ in 0..<4 {
      let choices = test.randomChoices(&random)
      let expected = test.reference.builds(with: choices).count
      #expect(try test.configurator.count(choices).uint64Value == UInt64(expected))
    }
  }

  @Test(arguments: seeds)
  func optionsStatesAndPricesEqualTheEnumeration(seed: UInt64) throws {
    let test = try Case(seed: seed)
    var random = RandomCatalog.Generator(state: seed &* 104_729)
    for _ in 0..<4 {
      let choices = test.randomChoices(&random)
      let builds = test.reference.builds(with: choices)
      guard !builds.isEmpty else {
        #expect(throws: ConfigurationError.self) { try test.configurator.options(choices) }
        continue
      }
      let report = try test.configurator.options(choices)
      let build = try test.configurator.build(choices)
      for entry in report.entries {
        let holding = builds.filter { $0.selected[entry.value] }.count
        if let choice = choices.first(where: { $0.value == entry.value }) {
          #expect(entry.state == (choice.isChosen ? .chosen : .excluded))
        } else if holding == builds.count {
          #expect(
            entry.state == .forced, "seed \(seed) value \(test.line.values[entry.value].atom)")
        } else if holding == 0 {
          #expect(
            entry.state == .excluded, "seed \(seed) value \(test.line.values[entry.value].atom)")
        } else {
          let expected: OptionsReport.State = build.selected[entry.value] ? .default : .available
          #expect(entry.state == expected)
        }
      }
      let prices = builds.map(\.cents)
      #expect(report.priceRange?.lowest == prices.min())
      #expect(report.priceRange?.highest == prices.max())
    }
  }

  @Test(arguments: seeds)
  func buildIsTheValidBuildClosestToTheDefaults(seed: UInt64) throws {
    let test = try Case(seed: seed)
    var random = RandomCatalog.Generator(state: seed &* 15_485_863)
    for _ in 0..<4 {
      let choices = test.randomChoices(&random)
      let builds = test.reference.builds(with: choices)
      guard !builds.isEmpty else { continue }
      let build = try test.configurator.build(choices)
      let match = builds.first { $0.selected == build.selected }
      #expect(match != nil, "seed \(seed): the build is not valid")
      #expect(build.price.cents == match?.cents)
      let best = builds.map { (test.reference.distance($0.selected), $0.cents) }.min { $0 < $1 }
      #expect(
        best.map { $0 == (test.reference.distance(build.selected), build.price.cents) } == true)
    }
  }

  @Test(arguments: seeds)
  func reasonsCiteChoicesAndRulesThatReallyDecide(seed: UInt64) throws {
    let test = try Case(seed: seed)
    var random = RandomCatalog.Generator(state: seed &* 32_452_843)
    let choices = test.randomChoices(&random)
    guard !test.reference.builds(with: choices).isEmpty else { return }
    let report = try test.configurator.options(choices)
    for entry in report.entries where entry.state == .forced || entry.state == .excluded {
      guard let reason = entry.reason else {
        Issue.record("seed \(seed): no reason for \(test.line.values[entry.value].atom)")
        continue
      }
      #expect(reason.choices.allSatisfy { choices.contains($0) })
      // With only the cited choices and rules, no build goes the other way.
      let cited = CatalogReference(
        definition: test.definition, line: test.line, rules: Set(reason.rules))
      let other = cited.builds(with: reason.choices).filter {
        $0.selected[entry.value] == (entry.state == .excluded)
      }
      #expect(other.isEmpty, "seed \(seed): the reason does not decide it")
      // Minimal: without any one cited choice or rule, some build goes the other way.
      for dropped in reason.choices {
        let fewer = reason.choices.filter { $0 != dropped }
        #expect(
          cited.builds(with: fewer).contains {
            $0.selected[entry.value] == (entry.state == .excluded)
          }, "seed \(seed): \(dropped) is not needed")
      }
      for dropped in reason.rules {
        let without = CatalogReference(
          definition: test.definition, line: test.line,
          rules: Set(reason.rules).subtracting([dropped]))
        #expect(
          without.builds(with: reason.choices).contains {
            $0.selected[entry.value] == (entry.state == .excluded)
          }, "seed \(seed): rule \(dropped) is not needed")
      }
    }
  }

  @Test func restatedGroupsAreOftenRedundant() throws {
    var redundant = 0
    for seed in Self.seeds where seed > Self.restatedSeed {
      redundant += try Case(seed: seed).configurator.lint().redundantRules.count
    }
    #expect(redundant > 40)
  }

  @Test(arguments: seeds)
  func conflictsAreMinimalAndCorrectionsAreSmallestFirst(seed: UInt64) throws {
    let test = try Case(seed: seed)
    var random = RandomCatalog.Generator(state: seed &* 49_979_687)
    for _ in 0..<6 {
      let choices = test.randomChoices(&random)
      guard test.reference.builds(with: choices).isEmpty, !test.reference.builds.isEmpty else {
        continue
      }
      var caught: Conflict?
      do {
        _ = try test.configurator.build(choices)
      } catch {
        if case .conflict(let conflict) = error { caught = conflict }
      }
      guard let conflict = caught else {
        Issue.record("seed \(seed): conflicting choices were accepted")
        continue
      }
      let rules = Set(conflict.reason.rules)
      func consistent(_ subset: [Choice], _ rules: Set<String>) -> Bool {
        !CatalogReference(definition: test.definition, line: test.line, rules: rules)
          .builds(with: subset).isEmpty
      }
      #expect(!consistent(conflict.reason.choices, rules))
      for dropped in conflict.reason.choices {
        #expect(consistent(conflict.reason.choices.filter { $0 != dropped }, rules))
      }
      for rule in rules {
        #expect(consistent(conflict.reason.choices, rules.subtracting([rule])))
      }
      // Corrections: each works, none contains a smaller working one, smallest first.
      var smallest = Int.max
      for size in 1...choices.count {
        for subset in Self.subsets(of: choices, size: size)
        where consistent(
          choices.filter { !subset.contains($0) }, Set(test.definition.rules.map(\.id)))
        {
          smallest = min(smallest, size)
        }
      }
      #expect(conflict.corrections.first?.drop.count == smallest)
      let sizes = conflict.corrections.map(\.drop.count)
      #expect(sizes == sizes.sorted())
      for correction in conflict.corrections {
        let kept = choices.filter { !correction.drop.contains($0) }
        let builds = test.reference.builds(with: kept)
        #expect(!builds.isEmpty)
        #expect(correction.price != nil)
      }
    }
  }

  @Test(arguments: seeds)
  func lintFindsWhatTheEnumerationFinds(seed: UInt64) throws {
    let test = try Case(seed: seed)
    let findings = try test.configurator.lint()
    let builds = test.reference.builds
    #expect(findings.hasBuild == !builds.isEmpty)
    guard !builds.isEmpty else { return }
    let dead = test.line.values.indices.filter { value in !builds.contains { $0.selected[value] } }
    #expect(findings.dead == dead)
    let core = test.line.values.indices.filter { value in
      let group = test.line.groups[test.line.values[value].group]
      return builds.allSatisfy { $0.selected[value] }
        && (group.kind == .any || group.values.count > 1)
    }
    #expect(findings.core == core)
    let all = Set(test.definition.rules.map(\.id))
    let redundant = test.definition.rules.map(\.id).filter { rule in
      CatalogReference(definition: test.definition, line: test.line, rules: all.subtracting([rule]))
        .builds.count == builds.count
    }
    #expect(findings.redundantRules == redundant)
  }

  /// Choosing only values shown `default` or `available` never reaches a conflict.
  @Test(arguments: seeds)
  func choosingShownValuesNeverDeadEnds(seed: UInt64) throws {
    let test = try Case(seed: seed)
    guard !test.reference.builds.isEmpty else { return }
    var random = RandomCatalog.Generator(state: seed &* 86_028_121)
    var choices: [Choice] = []
    for _ in 0..<test.line.values.count {
      let report = try test.configurator.options(choices)
      let open = report.entries.filter { $0.state == .default || $0.state == .available }
      guard let pick = open.randomElement(using: &random) else { break }
      choices.append(Choice(value: pick.value, isChosen: Bool.random(using: &random)))
    }
    #expect(!test.reference.builds(with: choices).isEmpty)
    // The walk ends only when nothing is left open: the choices then decide one build.
    #expect(try test.configurator.count(choices).uint64Value == 1)
  }

  private static func subsets(of choices: [Choice], size: Int) -> [[Choice]] {
    guard size > 0 else { return [[]] }
    guard choices.count >= size, let first = choices.first else { return [] }
    let rest = Array(choices.dropFirst())
    return subsets(of: rest, size: size - 1).map { [first] + $0 } + subsets(of: rest, size: size)
  }
}
