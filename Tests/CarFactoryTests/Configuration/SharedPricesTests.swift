import CatalogFixtures
import Testing

@testable import CarFactory

/// On a large line `options` finds its prices (the range and FROM) with a second space on
/// another thread, while this one finds the states and reasons. Here the sharing is switched
/// on at any size, so that generated catalogs take that path, and every price is checked
/// against the brute-force enumeration of ``CatalogReference``: the same answers as the path
/// on one thread (``ObjectiveDifferentialTests``), a second question reusing the second space,
/// and a conflicting question leaving it usable.
@Suite struct SharedPricesTests {
  private static let seeds: [UInt64] = Array(1...60)

  @Test(arguments: seeds)
  func pricesFoundOnTheSecondSpaceAreTheEnumeratedOnes(seed: UInt64) throws {
    let definition = RandomCatalog.definition(seed: seed)
    let family = try #require(PartFamily(definition: definition, prototypes: .builtIn))
    let line = try ProductLine(factory: CatalogCarFactory(definition: definition, family: family))
    let configurator = ProductConfigurator(line)
    configurator.timeLimit = .seconds(60)
    configurator.sharing = WorkSharing(values: 0, reasonChecks: 1)
    let reference = CatalogReference(definition: definition, line: line)
    var random = RandomCatalog.Generator(state: seed &* 40_503)
    // Several questions in a row: the second space made by the first is reused by the next.
    for _ in 0..<4 {
      let choices = line.randomChoices(using: &random)
      let builds = reference.builds(with: choices)
      guard !builds.isEmpty else {
        #expect(throws: ConfigurationError.self) { try configurator.options(choices) }
        continue
      }
      let report = try configurator.options(choices)
      let from = try #require(report.from)
      for entry in report.entries {
        let lowest = builds.filter { $0.selected[entry.value] }.map(\.cents).min()
        #expect(
          from[entry.value]?.cents == lowest,
          "seed \(seed) \(choices) value \(line.values[entry.value].atom)")
        #expect((entry.state == .excluded) == (lowest == nil), "seed \(seed)")
      }
      let range = try #require(report.priceRange)
      #expect(range.lowest == builds.map(\.cents).min(), "seed \(seed) \(choices)")
      #expect(range.highest == builds.map(\.cents).max(), "seed \(seed) \(choices)")
    }
  }

  @Test func theSecondSpaceIsKeptAndOnlyForLargeLines() throws {
    let definition = RandomCatalog.definition(seed: 7)
    let family = try #require(PartFamily(definition: definition, prototypes: .builtIn))
    let line = try ProductLine(factory: CatalogCarFactory(definition: definition, family: family))
    let configurator = ProductConfigurator(line)
    configurator.timeLimit = .seconds(60)
    // At the default sizes a catalog is small: its prices are found on this thread.
    _ = try configurator.options([])
    #expect(configurator.helper == nil)
    configurator.sharing = WorkSharing(values: 0, reasonChecks: 1)
    _ = try configurator.options([])
    guard case .ready(let first) = configurator.helper else {
      Issue.record("no second space kept after the prices")
      return
    }
    _ = try configurator.options([])
    guard case .ready(let second) = configurator.helper else {
      Issue.record("no second space kept after the second question")
      return
    }
    #expect(first === second, "the second question made a space of its own")
  }

  /// The working car's prices with each value added, on this space alone and shared with the
  /// second space, are the prices of the closest builds enumerated: the fewest values away
  /// from the defaults, then the lowest price (SPEC §7). With no time, none is found.
  @Test(arguments: seeds.prefix(40))
  func pricesOfTheCarWithEachValueAddedAreTheEnumeratedOnes(seed: UInt64) throws {
    let definition = RandomCatalog.definition(seed: seed)
    let family = try #require(PartFamily(definition: definition, prototypes: .builtIn))
    let line = try ProductLine(factory: CatalogCarFactory(definition: definition, family: family))
    let reference = CatalogReference(definition: definition, line: line)
    var random = RandomCatalog.Generator(state: seed &* 92_821)
    for shared in [false, true] {
      let configurator = ProductConfigurator(line)
      configurator.timeLimit = .seconds(60)
      if shared { configurator.sharing = WorkSharing(values: 0, reasonChecks: 1) }
      for _ in 0..<3 {
        let value = Int.random(in: 0..<line.values.count, using: &random)
        let choices = [Choice(value: value, isChosen: Bool.random(using: &random))]
        guard !reference.builds(with: choices).isEmpty else { continue }
        let values = line.values.indices.filter {
          $0 != value
            && !reference.builds(with: choices + [Choice(value: $0, isChosen: true)])
              .isEmpty
        }
        let prices = configurator.prices(adding: values, to: choices, timeLimit: .seconds(60))
        #expect(prices.count == values.count)
        for (added, price) in zip(values, prices) {
          let builds = reference.builds(with: choices + [Choice(value: added, isChosen: true)])
          let closest = builds.min {
            (reference.distance($0.selected), $0.cents) < (
              reference.distance($1.selected), $1.cents
            )
          }
          #expect(
            price?.cents == closest?.cents,
            "seed \(seed) shared \(shared) \(choices) + \(line.values[added].atom)")
        }
        let none = configurator.prices(adding: values, to: choices, timeLimit: .zero)
        #expect(none.allSatisfy { $0 == nil })
      }
    }
  }
}
