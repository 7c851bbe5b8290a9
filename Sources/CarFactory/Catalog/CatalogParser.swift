import Foundation
import Support

/// Reads a catalog's JSON into a validated ``Catalog``, naming the JSON path of every problem.
///
/// Walks the untyped JSON tree by hand rather than using `Codable`, so that unknown keys
/// (typos) are refused with a suggestion instead of being ignored.
struct CatalogParser {
  let source: String
  /// Parts already known (built-ins and earlier catalogs).
  let known: PartPrototypes
  /// Models already registered.
  let models: [ModelID]

  private typealias Object = [String: Any]

  func parse(_ json: Data) throws(CatalogError) -> Catalog {
    let root: Any
    do {
      root = try JSONSerialization.jsonObject(with: json, options: [])
    } catch {
      throw fail("", "not valid JSON (\(Self.jsonReason(error)))")
    }
    let top = try object(root, at: "")
    try checkKeys(top, at: "", allowed: ["version", "note", "parts", "models"])
    if let version = top["version"] {
      guard !Self.isBoolean(version), let number = version as? Int,
        number == Catalog.formatVersion
      else {
        throw fail("version", "unsupported version \(Self.show(version)); this build reads 1")
      }
    }
    if let note = top["note"] {
      _ = try string(note, at: "note")
    }
    var catalog = Catalog(source: source)
    var prototypes = known
    if let parts = top["parts"] {
      try parseParts(parts, into: &catalog, prototypes: &prototypes)
    }
    if let list = top["models"] {
      let entries = try array(list, at: "models")
      var seen: Set<ModelID> = []
      for (index, entry) in entries.enumerated() {
        let model = try parseModel(entry, at: "models[\(index)]", prototypes: prototypes)
        guard seen.insert(model.definition.id).inserted else {
          throw fail("models[\(index)].id", "model '\(model.definition.id)' is defined twice")
        }
        catalog.models.append(model)
      }
    }
    return catalog
  }

  // MARK: - Parts

  private func parseParts(
    _ value: Any, into catalog: inout Catalog, prototypes: inout PartPrototypes
  ) throws(CatalogError) {
    let parts = try object(value, at: "parts")
    try checkKeys(parts, at: "parts", allowed: PartSlot.allCases.map(\.rawValue))
    for slot in PartSlot.allCases {
      guard let list = parts[slot.rawValue] else { continue }
      let at = "parts.\(slot)"
      for (index, entry) in try array(list, at: at).enumerated() {
        let path = "\(at)[\(index)]"
        let fields = try object(entry, at: path)
        let allowed = slot == .floorplan ? ["name", "seats", "engine"] : ["name"]
        try checkKeys(fields, at: path, allowed: allowed)
        let name = try partName(try required(fields, "name", at: path), at: "\(path).name")
        let id = PartID(name.lowercased())
        guard !prototypes.contains(id, in: slot) else {
          throw fail("\(path).name", "part '\(id)' already exists in \(slot)")
        }
        switch slot {
        case .floorplan:
          let seatsValue = try required(fields, "seats", at: path)
          guard !Self.isBoolean(seatsValue), let seats = seatsValue as? Int,
            (1...99).contains(seats)
          else {
            throw fail(
              "\(path).seats",
              "seats must be a whole number from 1 to 99, not \(Self.show(seatsValue))")
          }
          let engineText = try string(
            try required(fields, "engine", at: path), at: "\(path).engine")
          guard let engine = EnginePosition(rawValue: engineText.lowercased()) else {
            throw fail(
              "\(path).engine",
              "unknown engine position '\(engineText)' (allowed: front, mid, rear)")
          }
          let part = FloorplanPart(name: name, seats: seats, enginePosition: engine)
          prototypes.add(part)
          catalog.floorplans.append(part)
        case .suspension:
          let part = SuspensionPart(name: name)
          prototypes.add(part)
          catalog.suspensions.append(part)
        case .drive:
          let part = DrivetrainPart(name: name)
          prototypes.add(part)
          catalog.drivetrains.append(part)
        }
      }
    }
  }

  // MARK: - Models

  private func parseModel(_ value: Any, at path: String, prototypes: PartPrototypes)
    throws(CatalogError) -> Catalog.Model
  {
    let fields = try object(value, at: path)
    try checkKeys(
      fields, at: path,
      allowed: [
        "id", "carType", "basePrice", "floorplan", "suspension", "drive", "alternatives",
        "replace",
      ])
    let idText = try string(try required(fields, "id", at: path), at: "\(path).id")
    guard Self.isIdentifier(idText) else {
      throw fail(
        "\(path).id",
        "model id '\(idText)' must be lower-case letters, digits and '-', starting with a letter or digit"
      )
    }
    let id = ModelID(idText)
    let carType = try string(try required(fields, "carType", at: path), at: "\(path).carType")
    guard !carType.isEmpty, carType.count <= 80,
      !carType.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else {
      throw fail("\(path).carType", "car type must be 1 to 80 printable characters")
    }
    let basePrice = try price(try required(fields, "basePrice", at: path), at: "\(path).basePrice")
    var defaults: [PartSlot: PartID] = [:]
    for slot in PartSlot.allCases {
      let at = "\(path).\(slot)"
      let text = try string(try required(fields, slot.rawValue, at: path), at: at)
      defaults[slot] = try knownPart(text, in: slot, at: at, prototypes: prototypes)
    }
    var alternatives: [ModelDefinition.Alternative] = []
    var total = basePrice
    if let list = fields["alternatives"] {
      for (index, entry) in try array(list, at: "\(path).alternatives").enumerated() {
        let at = "\(path).alternatives[\(index)]"
        let alternative = try parseAlternative(entry, at: at, prototypes: prototypes)
        if alternative.part == defaults[alternative.slot] {
          throw fail(
            "\(at).part", "part '\(alternative.part)' is already the default \(alternative.slot)")
        }
        if alternatives.contains(where: {
          $0.slot == alternative.slot && $0.part == alternative.part
        }) {
          throw fail("\(at).part", "\(alternative.slot) '\(alternative.part)' is listed twice")
        }
        // Checked once here, so that no build of this model can overflow its price.
        guard let sum = total.adding(alternative.surcharge) else {
          throw fail("\(at).surcharge", "prices add up to more than the largest amount")
        }
        total = sum
        alternatives.append(alternative)
      }
    }
    var replace = false
    if let flag = fields["replace"] {
      guard Self.isBoolean(flag), let value = flag as? Bool else {
        throw fail("\(path).replace", "expected true or false, not \(Self.show(flag))")
      }
      replace = value
    }
    if !replace, models.contains(id) {
      throw fail("\(path).id", "model '\(id)' already exists; set \"replace\": true to replace it")
    }
    let definition = ModelDefinition(
      id: id, carType: carType, basePrice: basePrice,
      floorplan: defaults[.floorplan] ?? "", suspension: defaults[.suspension] ?? "",
      drive: defaults[.drive] ?? "", alternatives: alternatives)
    return Catalog.Model(definition: definition, replace: replace)
  }

  private func parseAlternative(_ value: Any, at path: String, prototypes: PartPrototypes)
    throws(CatalogError) -> ModelDefinition.Alternative
  {
    let fields = try object(value, at: path)
    try checkKeys(fields, at: path, allowed: ["slot", "part", "surcharge"])
    let slotText = try string(try required(fields, "slot", at: path), at: "\(path).slot")
    guard let slot = PartSlot(rawValue: slotText) else {
      let names = PartSlot.allCases.map(\.rawValue)
      throw fail(
        "\(path).slot",
        "unknown slot '\(slotText)'\(Self.hint(slotText, names)) (slots: \(names.joined(separator: ", ")))"
      )
    }
    let partText = try string(try required(fields, "part", at: path), at: "\(path).part")
    let part = try knownPart(partText, in: slot, at: "\(path).part", prototypes: prototypes)
    let surcharge = try price(
      try required(fields, "surcharge", at: path), at: "\(path).surcharge")
    return .init(slot: slot, part: part, surcharge: surcharge)
  }

  // MARK: - Values

  private func knownPart(
    _ text: String, in slot: PartSlot, at path: String, prototypes: PartPrototypes
  )
    throws(CatalogError) -> PartID
  {
    let id = PartID(text.lowercased())
    guard prototypes.contains(id, in: slot) else {
      let names = prototypes.ids(in: slot).map(\.rawValue)
      throw fail(
        path,
        "unknown part '\(text)'\(Self.hint(text, names)) (\(slot) parts: \(names.joined(separator: ", ")))"
      )
    }
    return id
  }

  private func partName(_ value: Any, at path: String) throws(CatalogError) -> String {
    let name = try string(value, at: path)
    guard name.count <= 32, Self.isIdentifier(name.lowercased()) else {
      throw fail(
        path,
        "part name '\(name)' must be one word of up to 32 letters, digits and '-'")
    }
    return name
  }

  private func price(_ value: Any, at path: String) throws(CatalogError) -> Price {
    guard let text = value as? String else {
      throw fail(
        path, "expected a price as a decimal string like \"28500.00\", not \(Self.show(value))")
    }
    guard let price = Price(dollars: text) else {
      throw fail(
        path, "bad price '\(text)' (expected digits with at most two decimals, like \"28500.00\")")
    }
    return price
  }

  private func object(_ value: Any, at path: String) throws(CatalogError) -> Object {
    guard let object = value as? Object else {
      throw fail(path, "expected an object, not \(Self.show(value))")
    }
    return object
  }

  private func array(_ value: Any, at path: String) throws(CatalogError) -> [Any] {
    guard let array = value as? [Any] else {
      throw fail(path, "expected a list, not \(Self.show(value))")
    }
    return array
  }

  private func string(_ value: Any, at path: String) throws(CatalogError) -> String {
    guard let text = value as? String else {
      throw fail(path, "expected a string, not \(Self.show(value))")
    }
    return text
  }

  private func required(_ fields: Object, _ key: String, at path: String) throws(CatalogError)
    -> Any
  {
    guard let value = fields[key] else { throw fail(path, "missing key '\(key)'") }
    return value
  }

  private func checkKeys(_ fields: Object, at path: String, allowed: [String])
    throws(CatalogError)
  {
    for key in fields.keys.sorted() where !allowed.contains(key) {
      throw fail(
        path.isEmpty ? key : "\(path).\(key)",
        "unknown key '\(key)'\(Self.hint(key, allowed)) (keys: \(allowed.joined(separator: ", ")))")
    }
  }

  private func fail(_ path: String, _ reason: String) -> CatalogError {
    CatalogError(source: source, path: path, reason: reason)
  }

  private static func hint(_ word: String, _ candidates: [String]) -> String {
    Suggestion.hint(for: word, in: candidates)
  }

  private static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.utf8.first, text.utf8.count <= 32 else { return false }
    func isAlphanumeric(_ byte: UInt8) -> Bool {
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
    return isAlphanumeric(first)
      && text.utf8.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "-") }
  }

  /// Whether a JSON value is `true` or `false` rather than a number.
  ///
  /// `JSONSerialization` gives both as `NSNumber`, and on Linux `1 as? Bool` and `true as? Int`
  /// both succeed, so `is Bool` cannot tell them apart; a JSON Boolean's `objCType` is `c`.
  private static func isBoolean(_ value: Any) -> Bool {
    guard let number = value as? NSNumber else { return false }
    return String(cString: number.objCType) == "c"
  }

  /// A short rendering of a JSON value for messages.
  private static func show(_ value: Any) -> String {
    switch value {
    case let text as String: "'\(text.prefix(40))'"
    case let flag as Bool where isBoolean(value): flag ? "true" : "false"
    case let number as NSNumber: number.stringValue
    case is [Any]: "a list"
    case is [String: Any]: "an object"
    case is NSNull: "null"
    default: "\(type(of: value))"
    }
  }

  private static func jsonReason(_ error: any Error) -> String {
    let nsError = error as NSError
    if let detail = nsError.userInfo["NSDebugDescription"] as? String { return detail }
    return "cannot parse"
  }
}
