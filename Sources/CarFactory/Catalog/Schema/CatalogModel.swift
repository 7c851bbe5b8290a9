import Support

/// One model of a catalog: identifier, car type, base price, the default part of each slot,
/// the alternatives with their surcharges, and whether it replaces a registered model.
struct CatalogModel: Decodable {
  /// Where the model is in the file (`models[2]`), for later messages.
  let path: String
  let id: ModelID
  let carType: String
  let basePrice: Price
  /// The default floorplan, suspension and drivetrain as written (resolved against the known
  /// parts later).
  let floorplan: String
  let suspension: String
  let drive: String
  let alternatives: [CatalogAlternative]
  /// Equipment groups and rules (catalog version 2).
  let equipment: [CatalogEquipmentGroup]
  let rules: [CatalogRule]
  /// The model's own attribute values (SPEC §13).
  let attributes: CatalogAttributeValues
  let replace: Bool
  /// When the model is offered (SPEC §16).
  let effectivity: Effectivity

  enum CodingKeys: String, CodingKey, CaseIterable {
    case id, carType, basePrice, floorplan, suspension, drive, alternatives, equipment, rules
    case replace, attributes, validFrom, validTo
  }

  init(from decoder: any Decoder) throws {
    path = JSONIssue.path(decoder.codingPath)
    let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
    let idText = try CatalogDocument.identifier(container, .id, what: "model id")
    id = ModelID(idText)
    carType = try container.decode(String.self, forKey: .carType)
    guard CatalogDocument.isPrintable(carType, upTo: 80) else {
      throw try container.superDecoder(forKey: .carType).invalid(
        "car type must be 1 to 80 printable characters")
    }
    basePrice = try CatalogDocument.price(container.requiredDecoder(forKey: .basePrice))
    floorplan = try container.decode(String.self, forKey: .floorplan)
    suspension = try container.decode(String.self, forKey: .suspension)
    drive = try container.decode(String.self, forKey: .drive)
    alternatives =
      try container.decodeIfPresent([CatalogAlternative].self, forKey: .alternatives) ?? []
    equipment =
      try container.decodeIfPresent([CatalogEquipmentGroup].self, forKey: .equipment) ?? []
    rules = try container.decodeIfPresent([CatalogRule].self, forKey: .rules) ?? []
    replace = try container.decodeIfPresent(Bool.self, forKey: .replace) ?? false
    attributes =
      try container.decodeIfPresent(CatalogAttributeValues.self, forKey: .attributes)
      ?? CatalogAttributeValues(path: "\(path).attributes")
    effectivity = try CatalogDocument.effectivity(
      container, from: .validFrom, to: .validTo, what: "model '\(idText)'")
  }

  /// The default part of a slot, as written.
  func defaultPart(for slot: PartSlot) -> String {
    switch slot {
    case .floorplan: floorplan
    case .suspension: suspension
    case .drive: drive
    }
  }
}

/// A part a build may choose instead of the default: `{ "slot": "drive", "part": "4wd",
/// "surcharge": "2400.00" }`.
struct CatalogAlternative: Decodable {
  /// Where the alternative is in the file (`models[0].alternatives[1]`), for later messages.
  let path: String
  let slot: PartSlot
  /// The part as written (resolved against the known parts later).
  let part: String
  let surcharge: Price
  let attributes: CatalogAttributeValues

  enum CodingKeys: String, CodingKey, CaseIterable {
    case slot, part, surcharge, attributes
  }

  init(from decoder: any Decoder) throws {
    path = JSONIssue.path(decoder.codingPath)
    let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
    let slotText = try container.decode(String.self, forKey: .slot)
    guard let slot = PartSlot(rawValue: slotText) else {
      let names = PartSlot.allCases.map(\.rawValue)
      throw try container.superDecoder(forKey: .slot).invalid(
        "unknown slot '\(slotText)'\(Suggestion.hint(for: slotText, in: names)) "
          + "(slots: \(names.joined(separator: ", ")))")
    }
    self.slot = slot
    part = try container.decode(String.self, forKey: .part)
    surcharge = try CatalogDocument.price(container.requiredDecoder(forKey: .surcharge))
    attributes =
      try container.decodeIfPresent(CatalogAttributeValues.self, forKey: .attributes)
      ?? CatalogAttributeValues(path: "\(path).attributes")
  }
}
