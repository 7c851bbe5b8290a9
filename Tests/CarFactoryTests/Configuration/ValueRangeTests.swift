import CatalogFixtures
import Testing

@testable import CarFactory

/// `options … by=ATTR` (SPEC §13): for each value still possible, the lowest and highest total
/// of the attribute over the valid builds that have it, against the brute-force enumeration of
/// ``CatalogReference`` with each build's total summed here from the generated definition.
@Suite struct ValueRangeTests {
  private static let seeds: [UInt64] = Array(1...50)

  /// The definition's own total of an attribute over the values a build holds, in millionths.
  private static func total(
    _ attribute: String, of build: CatalogReference.Build, line: ProductLine,
    definition: ModelDefinition
  ) -> Int128 {
    let atoms = Set(
      build.selected.indices.filter { build.selected[$0] }.map { line.values[$0].atom })
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
  func eachValuesRangeIsItsBuildsLowestAndHighestTotal(seed: UInt64) throws {
    let definition = RandomCatalog.numericDefinition(seed: seed)
    let family = try #require(PartFamily(definition: definition, prototypes: .builtIn))
    let line = try ProductLine(factory: CatalogCarFactory(definition: definition, family: family))
    let configurator = ProductConfigurator(line)
    configurator.timeLimit = .seconds(60)
    let reference = CatalogReference(definition: definition, line: line)
    var random = RandomCatalog.Generator(state: seed &* 92_821)
    for _ in 0..<3 {
      let choices = line.randomChoices(using: &random)
      let builds = reference.builds(with: choices)
      guard !builds.isEmpty else { continue }
      for attribute in ["weight", "price"] {
        let report = try configurator.options(choices, by: attribute)
        let range = try #require(report.range)
        let byValue = try #require(report.byValue)
        var unit: Int128 = 1
        for _ in 0..<(6 - (attribute == "price" ? 6 : range.scale)) { unit *= 10 }
        func total(_ build: CatalogReference.Build) -> Int128 {
          attribute == "price"
            ? Int128(build.cents)
            : Self.total(attribute, of: build, line: line, definition: definition) / unit
        }
        for entry in report.entries where entry.state != .excluded {
          let having = builds.filter { $0.selected[entry.value] }.map(total)
          let found = byValue[entry.value]
          let lowest: Int128? = found.lowest.map { Int128($0) }
          let highest: Int128? = found.highest.map { Int128($0) }
          #expect(
            lowest == having.min() && highest == having.max(),
            "seed \(seed) \(attribute) \(line.values[entry.value].atom): \(found)")
        }
      }
    }
  }
}
