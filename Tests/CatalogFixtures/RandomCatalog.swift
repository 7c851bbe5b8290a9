package import CarFactory

/// Small random catalog models for differential tests: built-in parts in the slots, a few
/// equipment groups, acyclic packages and random rules, from a seed.
package struct RandomCatalog {
  package typealias Generator = SeededGenerator

  private static let parts: [PartSlot: [PartID]] = [
    .floorplan: ["short", "standard", "long"],
    .suspension: ["standard", "firm", "soft"],
    .drive: ["front", "rear", "4wd"],
  ]

  /// A model of at most about a dozen values.
  package static func definition(seed: UInt64) -> ModelDefinition {
    var random = Generator(state: seed)
    var alternatives: [ModelDefinition.Alternative] = []
    var defaults: [PartSlot: PartID] = [:]
    var atoms: [String] = []
    for slot in PartSlot.allCases {
      let offered = (parts[slot] ?? []).shuffled(using: &random).prefix(
        Int.random(in: 1...2, using: &random))
      defaults[slot] = offered.first
      for (index, part) in offered.enumerated() {
        atoms.append("\(slot)=\(part)")
        if index > 0 {
          alternatives.append(
            .init(
              slot: slot, part: part,
              surcharge: Price(cents: Int64.random(in: 1...9, using: &random) * 100)))
        }
      }
    }
    var equipment: [EquipmentGroup] = []
    let groupCount = Int.random(in: 1...2, using: &random)
    for group in 0..<groupCount {
      let id = "g\(group)"
      let selection: EquipmentGroup.Selection = Bool.random(using: &random) ? .one : .any
      var choices: [EquipmentGroup.Choice] = []
      let choiceCount = Int.random(in: 1...3, using: &random)
      for choice in 0..<choiceCount {
        var includes: [String] = []
        // Packages include earlier atoms only, so they never form a cycle.
        if selection == .any, !atoms.isEmpty, Int.random(in: 0..<3, using: &random) == 0 {
          includes.append(atoms.randomElement(using: &random) ?? "")
        }
        choices.append(
          .init(
            id: "c\(choice)", name: "Choice \(group).\(choice)",
            surcharge: Price(cents: Int64.random(in: 0...5, using: &random) * 100),
            includes: includes))
      }
      for choice in choices { atoms.append("\(id)=\(choice.id)") }
      equipment.append(.init(id: id, selection: selection, choices: choices))
    }
    var rules: [ModelRule] = []
    for index in 0..<Int.random(in: 0...4, using: &random) {
      rules.append(.init(id: "r\(index)", text: randomRule(atoms, depth: 2, &random)))
    }
    return ModelDefinition(
      id: "random", carType: "Random \(seed)", basePrice: Price(cents: 10_000_00),
      floorplan: defaults[.floorplan] ?? "standard",
      suspension: defaults[.suspension] ?? "standard",
      drive: defaults[.drive] ?? "front", alternatives: alternatives, equipment: equipment,
      rules: rules)
  }

  private static func randomRule(_ atoms: [String], depth: Int, _ random: inout Generator) -> String
  {
    let atom = atoms.randomElement(using: &random) ?? "drive=front"
    guard depth > 0, Int.random(in: 0..<3, using: &random) != 0 else {
      return Bool.random(using: &random) ? atom : "!\(atom)"
    }
    let a = randomRule(atoms, depth: depth - 1, &random)
    let b = randomRule(atoms, depth: depth - 1, &random)
    let operators = ["&", "|", "=>", "<=>"]
    return "(\(a) \(operators.randomElement(using: &random) ?? "&") \(b))"
  }
}

extension RandomCatalog {
  /// The generated model of a seed could not be made from the built-in parts.
  package struct MissingPart: Error {
    package let seed: UInt64
  }

  /// Registers the model of a seed (its id is `random`) in a registry, for tests that drive
  /// it through the executable; returns its definition.
  package static func register(seed: UInt64, in registry: CarRegistry) throws -> ModelDefinition {
    let definition = definition(seed: seed)
    guard try registry.register(builtInDefinition: definition) else {
      throw MissingPart(seed: seed)
    }
    return definition
  }
}

extension ProductLine {
  /// Random choices over the line's values for the differential tests: up to `most` draws of
  /// a value, each chosen or ruled out at random, a value drawn twice taken once.
  package func randomChoices(upTo most: Int = 3, using random: inout SeededGenerator)
    -> [Choice]
  {
    var choices: [Choice] = []
    for _ in 0..<Int.random(in: 0...most, using: &random) {
      let value = Int.random(in: 0..<values.count, using: &random)
      guard !choices.contains(where: { $0.value == value }) else { continue }
      choices.append(Choice(value: value, isChosen: Bool.random(using: &random)))
    }
    return choices
  }
}
