import CatalogFixtures
import Testing

@testable import CarFactory

/// SPEC §13's objectives on many generated catalog models, checked against the brute-force
/// enumeration of ``CatalogReference``: the cheapest and dearest build with the choices (ties
/// by the fewest values away from the defaults), FROM for every value, and `by=price`.
@Suite struct ObjectiveDifferentialTests {
  private static let seeds: [UInt64] = Array(1...120)

  private struct Case {
    let line: ProductLine
    let configurator: ProductConfigurator
    let reference: CatalogReference

    init(seed: UInt64) throws {
      let definition = RandomCatalog.definition(seed: seed)
      guard let family = PartFamily(definition: definition, prototypes: .builtIn) else {
        throw CatalogError(source: "random \(seed)", path: "", reason: "a part is missing")
      }
      line = try ProductLine(factory: CatalogCarFactory(definition: definition, family: family))
      configurator = ProductConfigurator(line)
      configurator.timeLimit = .seconds(60)
      reference = CatalogReference(definition: definition, line: line)
    }

    /// Random choices over the line's values, from a seed.
    func randomChoices(_ random: inout RandomCatalog.Generator) -> [Choice] {
      line.randomChoices(using: &random)
    }
  }

  @Test(arguments: seeds)
  func minAndMaxArePricedOptimaClosestToTheDefaults(seed: UInt64) throws {
    let test = try Case(seed: seed)
    var random = RandomCatalog.Generator(state: seed &* 6_700_417)
    for _ in 0..<4 {
      let choices = test.randomChoices(&random)
      let builds = test.reference.builds(with: choices)
      for goal in [Objective.Goal.min, .max] {
        let objective = try #require(test.line.objective(goal, attribute: "price"))
        guard !builds.isEmpty else {
          #expect(throws: ConfigurationError.self) {
            try test.configurator.build(choices, optimising: objective)
          }
          continue
        }
        let found = try test.configurator.build(choices, optimising: objective)
        let match = builds.first { $0.selected == found.configuration.selected }
        #expect(match != nil, "seed \(seed) \(goal): the build is not valid")
        #expect(found.configuration.price.cents == match?.cents)
        #expect(found.total == found.configuration.price.cents)
        // Optimal first, then the fewest values away from the defaults among the optima.
        let best = goal == .min ? builds.map(\.cents).min() : builds.map(\.cents).max()
        #expect(found.total == best, "seed \(seed) \(goal)")
        let closest = builds.filter { $0.cents == best }.map {
          test.reference.distance($0.selected)
        }.min()
        #expect(
          test.reference.distance(found.configuration.selected) == closest,
          "seed \(seed) \(goal): not the closest optimum")
      }
    }
  }

  @Test(arguments: seeds)
  func fromIsTheLowestPriceOfABuildWithTheValue(seed: UInt64) throws {
    let test = try Case(seed: seed)
    var random = RandomCatalog.Generator(state: seed &* 2_147_483_647)
    for _ in 0..<3 {
      let choices = test.randomChoices(&random)
      let builds = test.reference.builds(with: choices)
      guard !builds.isEmpty else { continue }
      let report = try test.configurator.options(choices, by: "price")
      let from = try #require(report.from)
      for entry in report.entries {
        let lowest = builds.filter { $0.selected[entry.value] }.map(\.cents).min()
        #expect(
          from[entry.value]?.cents == lowest,
          "seed \(seed) value \(test.line.values[entry.value].atom)")
      }
      let range = try #require(report.range)
      #expect(range.attribute == "price")
      #expect(range.lowest == builds.map(\.cents).min())
      #expect(range.highest == builds.map(\.cents).max())
    }
  }

  @Test func unknownAttributesHaveNoObjective() throws {
    let test = try Case(seed: 1)
    #expect(test.line.totalledAttributes == ["price"])
    #expect(test.line.objective(.min, attribute: "weight") == nil)
    #expect(test.line.objective(.max, attribute: "PRICE")?.attribute == "price")
    #expect(try test.configurator.range(of: "weight", []) == nil)
  }
}
