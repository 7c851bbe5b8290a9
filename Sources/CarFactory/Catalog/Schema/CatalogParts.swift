import Support

/// The `parts` object of a catalog: new parts per slot.
struct CatalogParts: Decodable {
  let floorplan: [CatalogFloorplan]
  let suspension: [CatalogPart]
  let drive: [CatalogPart]

  enum CodingKeys: String, CodingKey, CaseIterable {
    case floorplan, suspension, drive
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
    floorplan = try container.decodeIfPresent([CatalogFloorplan].self, forKey: .floorplan) ?? []
    suspension = try container.decodeIfPresent([CatalogPart].self, forKey: .suspension) ?? []
    drive = try container.decodeIfPresent([CatalogPart].self, forKey: .drive) ?? []
  }
}

/// A new suspension or drivetrain: `{ "name": "Sport" }`.
struct CatalogPart: Decodable {
  /// Where the part is in the file (`parts.drive[1]`), for later messages.
  let path: String
  /// The name shown in a detail block; its lower case is the part's identifier.
  let name: String

  enum CodingKeys: String, CodingKey, CaseIterable {
    case name
  }

  init(from decoder: any Decoder) throws {
    path = JSONIssue.path(decoder.codingPath)
    let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
    name = try Self.partName(container, .name)
  }

  /// A part name: one word of up to 32 letters, digits and `-`.
  static func partName<Keys>(_ container: KeyedDecodingContainer<Keys>, _ key: Keys) throws
    -> String
  {
    let name = try container.decode(String.self, forKey: key)
    guard name.count <= 32, CatalogDocument.isIdentifier(name.lowercased()) else {
      throw try container.superDecoder(forKey: key).invalid(
        "part name '\(name)' must be one word of up to 32 letters, digits and '-'")
    }
    return name
  }
}

/// A new floorplan: `{ "name": "Stretch", "seats": 6, "engine": "front" }`.
struct CatalogFloorplan: Decodable {
  /// Where the part is in the file (`parts.floorplan[0]`), for later messages.
  let path: String
  let name: String
  let seats: Int
  let engine: EnginePosition

  enum CodingKeys: String, CodingKey, CaseIterable {
    case name, seats, engine
  }

  init(from decoder: any Decoder) throws {
    path = JSONIssue.path(decoder.codingPath)
    let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
    name = try CatalogPart.partName(container, .name)
    let seatsField = try container.requiredDecoder(forKey: .seats)
    guard let seats = seatsField.wholeNumber(), (1...99).contains(seats) else {
      throw seatsField.invalid(
        "seats must be a whole number from 1 to 99, not \(CatalogDocument.show(seatsField.leaf()))")
    }
    self.seats = Int(seats)
    let engineText = try container.decode(String.self, forKey: .engine)
    guard let engine = EnginePosition(rawValue: engineText.lowercased()) else {
      throw try container.superDecoder(forKey: .engine).invalid(
        "unknown engine position '\(engineText)' (allowed: front, mid, rear)")
    }
    self.engine = engine
  }
}
