import CatalogFixtures
import Testing

@testable import CarFactory

/// `lint` on a day (SPEC §16) against enumeration: random catalogs whose choices are offered
/// from a later day or until an earlier one, linted as of a day between. The values out of
/// force are the ones the dates exclude, and none of them is dead; a value in force is dead
/// exactly when no build of the undated model that holds no value out of force holds it.
@Suite struct DatedLintDifferentialTests {
  private static let days = (
    CatalogDate("2026-06-01"), CatalogDate("2027-01-01"), CatalogDate("2026-01-31")
  )

  /// The definition with about a third of its equipment choices dated out of force on
  /// ``day``, some from a later day, some until an earlier one.
  private static func dated(
    _ definition: ModelDefinition, seed: UInt64, later: CatalogDate, earlier: CatalogDate
  ) -> ModelDefinition {
    var random = RandomCatalog.Generator(state: seed &* 2_654_435_761)
    let groups = definition.equipment.map { group in
      var choices = group.choices
      for index in choices.indices where Int.random(in: 0..<3, using: &random) == 0 {
        choices[index].effectivity =
          Bool.random(using: &random)
          ? Effectivity(validFrom: later, validTo: nil)
          : Effectivity(validFrom: nil, validTo: earlier)
      }
      return EquipmentGroup(
        id: group.id, selection: group.selection, defaultChoice: group.defaultChoice,
        choices: choices)
    }
    return ModelDefinition(
      id: definition.id, carType: definition.carType, basePrice: definition.basePrice,
      floorplan: definition.defaultPart(for: .floorplan),
      suspension: definition.defaultPart(for: .suspension),
      drive: definition.defaultPart(for: .drive), alternatives: definition.alternatives,
      equipment: groups, rules: definition.rules, attributes: definition.attributes,
      baseAttributes: definition.baseAttributes)
  }

  @Test(arguments: Array(UInt64(1)...150))
  func valuesOutOfForceAreNotOfferedNeverDead(seed: UInt64) throws {
    let day = try #require(Self.days.0)
    let definition = Self.dated(
      RandomCatalog.definition(seed: seed), seed: seed, later: try #require(Self.days.1),
      earlier: try #require(Self.days.2))
    let family = try #require(PartFamily(definition: definition, prototypes: .builtIn))
    let factory = CatalogCarFactory(definition: definition, family: family)
    let undated = try ProductLine(factory: factory)
    let line = try ProductLine(factory: factory, asOf: day)
    let configurator = ProductConfigurator(line)
    configurator.timeLimit = .seconds(60)
    let findings = try configurator.lint()
    // Out of force, by the dates alone, named by atom.
    var outOfForce: Set<String> = []
    for group in definition.equipment {
      for choice in group.choices where !choice.effectivity.isInForce(on: day) {
        outOfForce.insert("\(group.id)=\(choice.id)")
      }
    }
    #expect(Set(findings.notOffered.map { line.values[$0.value].atom }) == outOfForce)
    let builds = CatalogReference(definition: definition, line: undated).builds.filter { build in
      !undated.values.indices.contains {
        build.selected[$0] && outOfForce.contains(undated.values[$0].atom)
      }
    }
    #expect(findings.hasBuild == !builds.isEmpty, "seed \(seed)")
    guard !builds.isEmpty else { return }
    let dead = undated.values.indices.filter { value in
      !outOfForce.contains(undated.values[value].atom) && !builds.contains { $0.selected[value] }
    }.map { undated.values[$0].atom }
    #expect(findings.dead.map { line.values[$0].atom } == dead, "seed \(seed)")
    #expect(findings.dead.allSatisfy { !outOfForce.contains(line.values[$0].atom) })
  }
}
