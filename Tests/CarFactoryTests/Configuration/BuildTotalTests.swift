import CatalogFixtures
import Testing

@testable import CarFactory

/// Attribute totals of builds (SPEC §13): `ProductLine.totals(holding:)` and the working
/// car's `runningTotals(of:)` against sums worked out here from the generated catalog
/// definitions themselves (the model's base value plus the value of every alternative and
/// choice the build holds, by atom), on seeded catalogs with numbers.
@Suite struct BuildTotalTests {
  private static let seeds: [UInt64] = Array(1...60)

  /// The definition's own total of an attribute over the atoms a build holds, in millionths.
  private static func expected(
    _ attribute: String, atoms: Set<String>, in definition: ModelDefinition
  ) -> Int128 {
    var sum = Int128(definition.baseAttributes[attribute]?.millionths ?? 0)
    for alternative in definition.alternatives
    where atoms.contains("\(alternative.slot)=\(alternative.part)") {
      sum += Int128(alternative.attributes[attribute]?.millionths ?? 0)
    }
    for group in definition.equipment {
      for choice in group.choices where atoms.contains("\(group.id)=\(choice.id)") {
        sum += Int128(choice.attributes[attribute]?.millionths ?? 0)
      }
    }
    return sum
  }

  @Test(arguments: seeds)
  func totalsAreTheSumsOfTheHeldValuesAndTheBase(seed: UInt64) throws {
    let definition = RandomCatalog.numericDefinition(seed: seed)
    let family = try #require(PartFamily(definition: definition, prototypes: .builtIn))
    let line = try ProductLine(factory: CatalogCarFactory(definition: definition, family: family))
    let configurator = ProductConfigurator(line)
    configurator.timeLimit = .seconds(60)
    var random = RandomCatalog.Generator(state: seed &* 40_503)
    for _ in 0..<6 {
      let choices = line.randomChoices(using: &random)
      guard let build = try? configurator.build(choices) else { continue }
      let atoms = Set(build.values.map { line.values[$0].atom })
      let totals = line.totals(holding: build.values)
      #expect(totals.map(\.attribute.id) == ["weight", "power"])
      for total in totals {
        #expect(
          total.total.millionths == Self.expected(total.attribute.id, atoms: atoms, in: definition),
          "seed \(seed): \(total.attribute.id) of \(atoms.sorted())")
        // One total, two ways: the objective's per-attribute sum agrees.
        #expect(line.total(of: total.attribute.id, selected: build.selected) == total.total)
      }
      // The working car's running figures are those of the build `done` would record.
      let running = try configurator.runningTotals(of: choices)
      #expect(running.price == build.price)
      #expect(running.totals == totals)
    }
  }

  @Test func aLineWithoutAttributesHasNoTotals() throws {
    let definition = RandomCatalog.definition(seed: 3)
    let family = try #require(PartFamily(definition: definition, prototypes: .builtIn))
    let line = try ProductLine(factory: CatalogCarFactory(definition: definition, family: family))
    #expect(line.totals(holding: Array(line.values.indices)).isEmpty)
    let running = try ProductConfigurator(line).runningTotals(of: [])
    #expect(running.totals.isEmpty)
  }

  @Test func totalsShowTheAttributesDecimalsGroupedOrPlain() {
    let total = BuildTotal(
      attribute: Attribute(id: "weight", name: "Weight", unit: "kg"),
      total: AttributeTotal(millionths: 1_842_500_000), scale: 1)
    #expect(total.plainText == "1842.5")
    #expect(total.groupedText == "1,842.5")
    let negative = BuildTotal(
      attribute: Attribute(id: "lift", name: "Lift"),
      total: AttributeTotal(millionths: -12_345_670_000), scale: 2)
    #expect(negative.groupedText == "-12,345.67")
  }
}
