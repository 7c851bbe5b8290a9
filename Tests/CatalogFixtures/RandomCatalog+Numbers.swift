package import CarFactory

extension RandomCatalog {
  /// A model of ``definition(seed:)`` with numbers (SPEC §13): a `weight` on the base and on
  /// most values, a sparse `power` (sometimes on no value the build holds, so an `avg` can be
  /// over none), and one to three rules comparing sums, averages, prices and values' own
  /// numbers, alone or under Boolean operators.
  package static func numericDefinition(seed: UInt64) -> ModelDefinition {
    let plain = definition(seed: seed)
    var random = Generator(state: seed &* 2_654_435_761 &+ 1)
    func weight() -> AttributeValue? {
      let halves = Int64.random(in: -10...120, using: &random)
      return AttributeValue(millionths: halves * 500_000, scale: 1)
    }
    func values() -> AttributeValues {
      var values: AttributeValues = [:]
      if Int.random(in: 0..<5, using: &random) != 0 { values["weight"] = weight() }
      if Int.random(in: 0..<3, using: &random) == 0 {
        values["power"] = AttributeValue(
          millionths: Int64.random(in: 1...9, using: &random) * 10_000_000, scale: 0)
      }
      return values
    }
    var atoms: [String] = []
    let alternatives = plain.alternatives.map { alternative in
      atoms.append("\(alternative.slot)=\(alternative.part)")
      return ModelDefinition.Alternative(
        slot: alternative.slot, part: alternative.part, surcharge: alternative.surcharge,
        attributes: values())
    }
    let equipment = plain.equipment.map { group in
      EquipmentGroup(
        id: group.id, selection: group.selection, defaultChoice: group.defaultChoice,
        choices: group.choices.map { choice in
          atoms.append("\(group.id)=\(choice.id)")
          return .init(
            id: choice.id, name: choice.name, surcharge: choice.surcharge,
            includes: choice.includes, attributes: values())
        })
    }
    var base: AttributeValues = ["weight": AttributeValue(millionths: 150_000_000, scale: 0)]
    if Bool.random(using: &random) { base["power"] = AttributeValue(millionths: 0, scale: 0) }
    var rules = plain.rules.prefix(Int.random(in: 0...2, using: &random)).map { $0 }
    for index in 0..<Int.random(in: 1...3, using: &random) {
      rules.append(.init(id: "n\(index)", text: numericRule(atoms, &random)))
    }
    return ModelDefinition(
      id: plain.id, carType: plain.carType, basePrice: plain.basePrice,
      floorplan: plain.defaultPart(for: .floorplan),
      suspension: plain.defaultPart(for: .suspension), drive: plain.defaultPart(for: .drive),
      alternatives: alternatives, equipment: equipment, rules: rules,
      attributes: [
        Attribute(id: "weight", name: "Weight", unit: "kg"),
        Attribute(id: "power", name: "Power", unit: "kW"),
      ],
      baseAttributes: base)
  }

  private static func numericRule(_ atoms: [String], _ random: inout Generator) -> String {
    let atom = atoms.randomElement(using: &random) ?? "drive=front"
    let other = atoms.randomElement(using: &random) ?? "drive=front"
    // `==` holds on few builds, so it comes up less often than the others.
    let comparator =
      ["<", "<=", "!=", ">=", ">", "<", "<=", ">=", ">", "=="].randomElement(using: &random) ?? "<"
    // Totals of the weight run from about 150 to 350.
    let bound = Int.random(in: 170...300, using: &random)
    let half = Bool.random(using: &random) ? ".5" : ""
    switch Int.random(in: 0..<8, using: &random) {
    case 0: return "sum(weight) \(comparator) \(bound)\(half)"
    case 1: return "\(atom) => sum(weight) - \(other).weight * 2 \(comparator) \(bound - 40)"
    case 2: return "avg(power) \(comparator) \(bound / 5 - 20)"
    case 3: return "!(avg(weight) \(comparator) \(bound / 3)\(half)) | \(atom)"
    case 4:
      // Half of them average the prices instead (a $0.00 choice counts: issue 52).
      return half.isEmpty
        ? "sum(price) / 100 - sum(weight) \(comparator) \(bound - 100)"
        : "avg(price) \(comparator) \(bound * 10)"
    case 5: return "(sum(weight) + 3) * 2 / 3 \(comparator) \(bound * 2 / 3)"
    case 6: return "sum(power) + sum(weight) / 10 \(comparator) \(bound / 10) <=> \(atom)"
    default: return "-avg(weight) + \(other).weight \(comparator) -\(bound / 3)"
    }
  }
}
