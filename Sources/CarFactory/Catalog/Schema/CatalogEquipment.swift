import Support

/// An equipment group of a model (catalog version 2): `{ "group": "paint", "select": "one",
/// "default": "white", "choices": [ … ] }`.
struct CatalogEquipmentGroup: Decodable {
  /// Where the group is in the file (`models[0].equipment[1]`), for later messages.
  let path: String
  let group: EquipmentGroup
  /// Each choice's attribute values as written, checked against the declarations later.
  let attributes: [CatalogAttributeValues]

  enum CodingKeys: String, CodingKey, CaseIterable {
    case group, select, `default`, choices
  }

  init(from decoder: any Decoder) throws {
    path = JSONIssue.path(decoder.codingPath)
    let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
    let id = try CatalogDocument.identifier(container, .group, what: "group id")
    let selectText = try container.decode(String.self, forKey: .select)
    guard let selection = EquipmentGroup.Selection(rawValue: selectText) else {
      throw try container.superDecoder(forKey: .select).invalid(
        "select must be 'one' or 'any', not '\(selectText)'")
    }
    let defaultChoice = try container.decodeIfPresent(String.self, forKey: .default)
    if defaultChoice != nil, selection == .any {
      throw try container.superDecoder(forKey: .default).invalid(
        "an 'any' group has no default (none of its choices is taken unless chosen)")
    }
    let entries = try container.decode([CatalogChoice].self, forKey: .choices)
    attributes = entries.map(\.attributes)
    let choices = entries.map(\.choice)
    group = EquipmentGroup(
      id: id, selection: selection, defaultChoice: defaultChoice?.lowercased(), choices: choices)
  }
}

/// One choice of an equipment group: `{ "id": "winter", "name": "Winter package",
/// "surcharge": "1200.00", "includes": ["heated"] }`.
struct CatalogChoice: Decodable {
  let choice: EquipmentGroup.Choice
  let attributes: CatalogAttributeValues

  enum CodingKeys: String, CodingKey, CaseIterable {
    case id, name, surcharge, includes, attributes, validFrom, validTo
  }

  init(from decoder: any Decoder) throws {
    let path = JSONIssue.path(decoder.codingPath)
    let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
    let id = try CatalogDocument.identifier(container, .id, what: "choice id")
    let name = try container.decode(String.self, forKey: .name)
    guard CatalogDocument.isPrintable(name, upTo: 80) else {
      throw try container.superDecoder(forKey: .name).invalid(
        "name must be 1 to 80 printable characters")
    }
    let surcharge = try CatalogDocument.price(container.requiredDecoder(forKey: .surcharge))
    let includes = try container.decodeIfPresent([String].self, forKey: .includes) ?? []
    attributes =
      try container.decodeIfPresent(CatalogAttributeValues.self, forKey: .attributes)
      ?? CatalogAttributeValues(path: "\(path).attributes")
    var choice = EquipmentGroup.Choice(
      id: id, name: name, surcharge: surcharge, includes: includes.map { $0.lowercased() })
    choice.effectivity = try CatalogDocument.effectivity(
      container, from: .validFrom, to: .validTo, what: "choice '\(id)'")
    self.choice = choice
  }
}

/// A rule of a model (catalog version 2): `{ "id": "tow-needs-4wd", "rule": "extras=tow =>
/// drive=4wd", "message": "…" }`. The expression is checked when the model is compiled.
struct CatalogRule: Decodable {
  /// Where the rule is in the file (`models[0].rules[2]`), for later messages.
  let path: String
  let rule: ModelRule

  enum CodingKeys: String, CodingKey, CaseIterable {
    case id, rule, message, validFrom, validTo
  }

  init(from decoder: any Decoder) throws {
    path = JSONIssue.path(decoder.codingPath)
    let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
    let id = try container.decode(String.self, forKey: .id)
    guard !id.isEmpty, id.utf8.count <= 64,
      id.utf8.allSatisfy({ byte in
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
          || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
      })
    else {
      throw try container.superDecoder(forKey: .id).invalid(
        "rule id '\(id)' must be 1 to 64 letters, digits, '-', '_' or '.'")
    }
    let text = try container.decode(String.self, forKey: .rule)
    let message = try container.decodeIfPresent(String.self, forKey: .message)
    if let message, !CatalogDocument.isPrintable(message, upTo: 200) {
      throw try container.superDecoder(forKey: .message).invalid(
        "message must be 1 to 200 printable characters")
    }
    var rule = ModelRule(id: id, text: text, message: message)
    rule.effectivity = try CatalogDocument.effectivity(
      container, from: .validFrom, to: .validTo, what: "rule '\(id)'")
    self.rule = rule
  }
}
