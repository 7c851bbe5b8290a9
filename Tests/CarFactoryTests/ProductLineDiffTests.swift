import CatalogFixtures
import Foundation
import Testing

@testable import CarFactory

/// `catalog diff`'s counts, kinds and examples against enumeration (SPEC §16): pairs of
/// generated models — two seeds (values only one side has), one model and a mutation of it
/// (a constraint added or dropped, a group's kind changed) — whose valid builds are
/// enumerated straight from the tree rules or the catalog's meaning, as sets of atoms over
/// the union of names.
@Suite struct ProductLineDiffTests {
  /// A tree's valid builds as sets of its feature names (lower-cased).
  private static func builds(_ tree: UVLRandomTree) -> Set<Set<String>> {
    Set(
      tree.validSelections.map { mask in
        Set(
          (0..<tree.count).filter { mask & (1 << $0) != 0 }.map {
            UVLRandomTree.name($0).lowercased()
          })
      })
  }

  private static func line(_ tree: UVLRandomTree, file: String) throws -> ProductLine {
    let model = try FeatureModel(bytes: Array(tree.uvl.utf8), file: file)
    return ProductLine(featureModel: model, model: ModelID(file))
  }

  /// Checks the diff of two product lines against their enumerated builds.
  private static func check(
    _ old: ProductLine, _ new: ProductLine, oldBuilds: Set<Set<String>>,
    newBuilds: Set<Set<String>>, renaming: [String: String] = [:], case label: String
  ) {
    let diff = ProductLine.diff(old, new, renaming: renaming, timeLimit: .seconds(60))
    guard case .counted(let counts) = diff.builds else {
      Issue.record("\(label): unfinished \(diff.builds)")
      return
    }
    let renamedOld = Set(oldBuilds.map { Set($0.map { renaming[$0] ?? $0 }) })
    let both = renamedOld.intersection(newBuilds)
    #expect(counts.both.uint64Value == UInt64(both.count), "\(label)")
    #expect(counts.onlyOld.uint64Value == UInt64(renamedOld.count - both.count), "\(label)")
    #expect(counts.onlyNew.uint64Value == UInt64(newBuilds.count - both.count), "\(label)")
    let expectedKind: EditKind =
      switch (renamedOld.count == both.count, newBuilds.count == both.count) {
      case (true, true): .refactoring
      case (false, true): .specialization
      case (true, false): .generalization
      case (false, false): .arbitrary
      }
    #expect(counts.kind == expectedKind, "\(label)")
    // Each example is a build of its side and not of the other.
    if renamedOld.count > both.count {
      let example = counts.exampleOld.map {
        Set($0.map { renaming[$0.lowercased()] ?? $0.lowercased() })
      }
      #expect(
        example.map { renamedOld.contains($0) && !newBuilds.contains($0) } == true, "\(label)")
    } else {
      #expect(counts.exampleOld == nil, "\(label)")
    }
    if newBuilds.count > both.count {
      let example = counts.exampleNew.map { Set($0.map { $0.lowercased() }) }
      #expect(
        example.map { newBuilds.contains($0) && !renamedOld.contains($0) } == true, "\(label)")
    } else {
      #expect(counts.exampleNew == nil, "\(label)")
    }
  }

  @Test func countsKindsAndExamplesOfTwoRandomTreesMatchEnumeration() throws {
    for seed in UInt64(1)...60 {
      let old = UVLRandomTree(seed: seed, features: 3...9)
      let new = UVLRandomTree(seed: seed &* 7919 &+ 3, features: 3...9)
      Self.check(
        try Self.line(old, file: "old"), try Self.line(new, file: "new"),
        oldBuilds: Self.builds(old), newBuilds: Self.builds(new), case: "seeds \(seed)")
    }
  }

  @Test func countsKindsAndExamplesOfAMutatedTreeMatchEnumeration() throws {
    var kinds = Set<EditKind>()
    for seed in UInt64(1)...90 {
      let old = UVLRandomTree(seed: seed, features: 3...9, constraintCount: 1...3)
      var new = old
      var random = SeededGenerator(state: seed &+ 17)
      switch seed % 3 {
      case 0: new.constraints.removeLast()
      case 1:
        let atom = { UVLRandomTree.Formula.atom(Int.random(in: 0..<old.count, using: &random)) }
        new.constraints.append(.implies(atom(), .not(atom())))
      default:
        if let index = new.groups.indices.randomElement(using: &random) {
          let kinds: [UVLRandomTree.Kind] = [.mandatory, .optional, .alternative, .or]
          new.groups[index].kind = kinds.randomElement(using: &random) ?? .optional
        }
      }
      let oldLine = try Self.line(old, file: "old")
      let newLine = try Self.line(new, file: "new")
      Self.check(
        oldLine, newLine, oldBuilds: Self.builds(old), newBuilds: Self.builds(new),
        case: "mutation \(seed)")
      let diff = ProductLine.diff(oldLine, newLine)
      if case .counted(let counts) = diff.builds { kinds.insert(counts.kind) }
    }
    // The mutations reach every kind, so each branch above was checked.
    #expect(kinds == Set(EditKind.allCases))
  }

  @Test func aRenamingMapsOldNamesBeforeComparing() throws {
    for seed in UInt64(1)...30 {
      let old = UVLRandomTree(seed: seed, features: 3...8)
      // The same tree with its names spelled differently on the new side: a refactoring.
      let renamed = (0..<old.count).map { UVLRandomTree.name($0).lowercased() }
      let oldLine = try Self.line(old, file: "old")
      var mapped = old.uvl
      var renaming: [String: String] = [:]
      for (index, name) in renamed.enumerated().reversed() {
        let written = UVLRandomTree.written(index)
        mapped = mapped.replacingOccurrences(of: written, with: "\"renamed \(index)\"")
        renaming[name] = "renamed \(index)"
      }
      let newLine = try ProductLine(
        featureModel: FeatureModel(bytes: Array(mapped.utf8), file: "new"), model: "new")
      let newBuilds = Set(
        Self.builds(old).map { Set($0.map { renaming[$0] ?? $0 }) })
      Self.check(
        oldLine, newLine, oldBuilds: Self.builds(old), newBuilds: newBuilds,
        renaming: renaming, case: "renaming \(seed)")
      let diff = ProductLine.diff(oldLine, newLine, renaming: renaming)
      #expect(diff.valuesAdded.isEmpty && diff.valuesRemoved.isEmpty, "renaming \(seed)")
    }
  }

  private static func catalogLine(_ definition: ModelDefinition) throws -> ProductLine? {
    let registry = CarRegistry(includingBuiltIns: false)
    guard try registry.register(builtInDefinition: definition) else { return nil }
    return try registry.productLine(for: definition.id)
  }

  private static func builds(_ definition: ModelDefinition, _ line: ProductLine) -> Set<
    Set<String>
  > {
    Set(
      CatalogReference(definition: definition, line: line).builds.map { build in
        Set(
          line.values.indices.filter { build.selected[$0] }.map {
            line.values[$0].atom.lowercased()
          })
      })
  }

  @Test func catalogCountsMatchEnumerationOverTheUnionOfAtoms() throws {
    var checked = 0
    for seed in UInt64(1)...80 {
      let old = RandomCatalog.definition(seed: seed)
      // Half the pairs are two seeds; the rest drop the old model's first rule.
      let new =
        seed % 2 == 0
        ? RandomCatalog.definition(seed: seed &+ 1000)
        : ModelDefinition(
          id: old.id, carType: old.carType, basePrice: old.basePrice,
          floorplan: old.defaults.floorplan ?? "standard",
          suspension: old.defaults.suspension ?? "standard",
          drive: old.defaults.drive ?? "front", alternatives: old.alternatives,
          equipment: old.equipment,
          rules: Array(old.rules.dropFirst()))
      guard let oldLine = try? Self.catalogLine(old), let newLine = try? Self.catalogLine(new)
      else { continue }
      Self.check(
        oldLine, newLine, oldBuilds: Self.builds(old, oldLine),
        newBuilds: Self.builds(new, newLine), case: "catalog \(seed)")
      let diff = ProductLine.diff(oldLine, newLine)
      if seed % 2 == 1, let first = old.rules.first {
        #expect(diff.rulesRemoved.map(\.id) == [first.id], "catalog \(seed)")
        #expect(diff.rulesAdded.isEmpty && diff.valuesAdded.isEmpty, "catalog \(seed)")
      }
      checked += 1
    }
    #expect(checked > 40)
  }
}
