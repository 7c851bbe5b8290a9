package import CarFactory

extension RandomCatalog {
  /// A model of ``definition(seed:)`` with rules that restate its groups (issue 52), as
  /// exported catalogs do: a `one` group of three or four choices is added, and for some of
  /// the groups and slots of two values or more a rule says "exactly one of them" written out
  /// (`g=a & !g=b & !g=c | …`), alone, under another value (`x => …`) or as a premise
  /// (`… => x`). Over a `one` group or a slot the plain form changes nothing (redundant);
  /// over an `any` group it does.
  package static func restatedDefinition(seed: UInt64) -> ModelDefinition {
    let plain = definition(seed: seed)
    var random = Generator(state: seed &* 0x9E37_79B9 &+ 52)
    let added = EquipmentGroup(
      id: "trim", selection: .one, defaultChoice: nil,
      choices: (0..<Int.random(in: 3...4, using: &random)).map { index in
        .init(
          id: "t\(index)", name: "Trim \(index)",
          surcharge: Price(cents: Int64.random(in: 0...4, using: &random) * 100))
      })
    let equipment = plain.equipment + [added]
    var groups: [[String]] = PartSlot.allCases.map { slot in
      plain.allowedParts(for: slot).map { "\(slot)=\($0)" }
    }
    groups += equipment.map { group in group.choices.map { "\(group.id)=\($0.id)" } }
    let atoms = groups.flatMap { $0 }
    var rules = plain.rules
    for (index, group) in groups.enumerated()
    where group.count >= 2 && Int.random(in: 0..<3, using: &random) != 0 {
      let restated = exactlyOne(group)
      let other = atoms.filter { !group.contains($0) }.randomElement(using: &random)
      let text: String
      switch (Int.random(in: 0..<4, using: &random), other) {
      case (1, let other?): text = "\(other) => (\(restated))"
      case (2, let other?): text = "(\(restated)) => \(other)"
      default: text = restated
      }
      rules.append(.init(id: "x\(index)", text: text))
    }
    return ModelDefinition(
      id: plain.id, carType: plain.carType, basePrice: plain.basePrice,
      floorplan: plain.defaultPart(for: .floorplan),
      suspension: plain.defaultPart(for: .suspension), drive: plain.defaultPart(for: .drive),
      alternatives: plain.alternatives, equipment: equipment, rules: rules)
  }

  /// "Exactly one of the atoms" as a disjunction of conjunctions, in rule text.
  private static func exactlyOne(_ atoms: [String]) -> String {
    atoms.map { chosen in
      "(" + atoms.map { $0 == chosen ? $0 : "!\($0)" }.joined(separator: " & ") + ")"
    }.joined(separator: " | ")
  }
}
