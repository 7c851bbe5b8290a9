import Support

/// An attribute declaration of a catalog (SPEC §13): `{ "id": "weight", "name": "Weight",
/// "unit": "kg" }`.
struct CatalogAttribute: Decodable {
  /// Where the declaration is in the file (`attributes[0]`), for later messages.
  let path: String
  let attribute: Attribute

  enum CodingKeys: String, CodingKey, CaseIterable {
    case id, name, unit
  }

  init(from decoder: any Decoder) throws {
    path = JSONIssue.path(decoder.codingPath)
    let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
    let id = try CatalogDocument.identifier(container, .id, what: "attribute id")
    if id == Attribute.priceID {
      throw try container.superDecoder(forKey: .id).invalid(
        "attribute 'price' is built in (the surcharges); choose another id")
    }
    let name = try container.decode(String.self, forKey: .name)
    guard CatalogDocument.isPrintable(name, upTo: 40) else {
      throw try container.superDecoder(forKey: .name).invalid(
        "name must be 1 to 40 printable characters")
    }
    let unit = try container.decodeIfPresent(String.self, forKey: .unit) ?? ""
    if !unit.isEmpty, !CatalogDocument.isPrintable(unit, upTo: 16) {
      throw try container.superDecoder(forKey: .unit).invalid(
        "unit must be 1 to 16 printable characters")
    }
    attribute = Attribute(id: id, name: name, unit: unit)
  }
}

/// The attribute values of a model, alternative or choice: `{ "weight": "1320.5" }`, each a
/// decimal string. Which ids are declared is checked by ``CatalogParser``.
struct CatalogAttributeValues: Decodable {
  /// Where the object is in the file (`models[0].attributes`), for later messages.
  let path: String
  /// The values in file order.
  let values: [(id: String, value: AttributeValue)]

  struct Key: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  init(from decoder: any Decoder) throws {
    path = JSONIssue.path(decoder.codingPath)
    let container = try decoder.container(keyedBy: Key.self)
    var values: [(id: String, value: AttributeValue)] = []
    for key in container.allKeys {
      let field = try container.superDecoder(forKey: key)
      guard let text = field.string() else {
        throw field.invalid(
          "expected an attribute value as a decimal string like \"1320.5\", not "
            + CatalogDocument.show(field.leaf()))
      }
      guard let value = AttributeValue(parsing: text) else {
        throw field.invalid(
          "bad attribute value '\(text.prefix(40))' (expected digits with an optional '-' and "
            + "at most \(AttributeValue.maximumFractionDigits) decimals, below 10^12, "
            + "like \"1320.5\")")
      }
      values.append((key.stringValue, value))
    }
    self.values = values
  }

  /// No values, for objects that have none.
  init(path: String) {
    self.path = path
    self.values = []
  }
}
