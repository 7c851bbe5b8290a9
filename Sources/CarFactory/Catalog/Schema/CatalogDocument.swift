import Support

/// A catalog file as JSON (format version 1, or 2 with equipment and rules): one `Decodable` type per JSON object, each
/// refusing unknown keys (see "Catalog files" in `Docs/Patterns.md`).
///
/// The types check what one object can tell on its own (kinds, identifiers, prices);
/// ``CatalogParser`` then checks the document against the registry (known parts, existing
/// models) and builds the ``Catalog``.
struct CatalogDocument: Decodable {
  /// The catalog format versions this library reads.
  static let readableVersions: ClosedRange<Int64> = 1...2

  /// The format version, if the file states one.
  let version: Int64?
  /// New parts, by slot.
  let parts: CatalogParts?
  /// New or replacing models.
  let models: [CatalogModel]
  /// The attributes models, alternatives and choices may carry (SPEC §13).
  let attributes: [CatalogAttribute]

  enum CodingKeys: String, CodingKey, CaseIterable {
    case version, note, parts, models, attributes
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
    if let field = try container.optionalDecoder(forKey: .version) {
      guard let number = field.wholeNumber(), Self.readableVersions.contains(number) else {
        throw field.invalid(
          "unsupported version \(CatalogDocument.show(field.leaf())); this build reads "
            + Self.readableVersions.map(String.init).joined(separator: ", "))
      }
      version = number
    } else {
      version = nil
    }
    _ = try container.decodeIfPresent(String.self, forKey: .note)
    parts = try container.decodeIfPresent(CatalogParts.self, forKey: .parts)
    models = try container.decodeIfPresent([CatalogModel].self, forKey: .models) ?? []
    attributes =
      try container.decodeIfPresent([CatalogAttribute].self, forKey: .attributes) ?? []
  }

  /// A value as catalog messages quote it: `'text'`, `7`, `true`, `a list`.
  static func show(_ leaf: JSONLeaf) -> String {
    switch leaf {
    case .string(let text): "'\(text.prefix(40))'"
    case .number(let text): text
    case .bool(let flag): flag ? "true" : "false"
    case .null: "null"
    case .array: "a list"
    case .object: "an object"
    }
  }

  /// Whether a text is an identifier: lower-case letters, digits and `-`, starting with a
  /// letter or digit, at most 32 bytes.
  static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.utf8.first, text.utf8.count <= 32 else { return false }
    func isAlphanumeric(_ byte: UInt8) -> Bool {
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
    return isAlphanumeric(first)
      && text.utf8.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "-") }
  }

  /// An identifier field (`model id`, `group id`, `choice id`): refused with the one message
  /// when it is not lower-case letters, digits and `-`.
  static func identifier<Key: CodingKey>(
    _ container: KeyedDecodingContainer<Key>, _ key: Key, what: String
  ) throws -> String {
    let text = try container.decode(String.self, forKey: key)
    guard isIdentifier(text) else {
      throw try container.superDecoder(forKey: key).invalid(
        "\(what) '\(text)' must be lower-case letters, digits and '-', "
          + "starting with a letter or digit")
    }
    return text
  }

  /// Whether a text is 1 to `limit` characters with no control characters (bidirectional
  /// controls included).
  static func isPrintable(_ text: String, upTo limit: Int) -> Bool {
    !text.isEmpty && text.count <= limit && !text.containsControlOrBidi
  }

  /// A price field: a decimal string with at most two decimals.
  static func price(_ field: any Decoder) throws -> Price {
    guard let text = field.string() else {
      throw field.invalid(
        "expected a price as a decimal string like \"28500.00\", not \(show(field.leaf()))")
    }
    guard let price = Price(dollars: text) else {
      throw field.invalid(
        "bad price '\(text)' (expected digits with at most two decimals, like \"28500.00\")")
    }
    return price
  }

  /// The `validFrom` and `validTo` fields of a model, choice or rule (SPEC §16), refused with
  /// one line naming the thing and the field when a date is not a day or the days are in the
  /// wrong order.
  ///
  /// - Parameters:
  ///   - container: The object's fields.
  ///   - from: The `validFrom` key.
  ///   - to: The `validTo` key.
  ///   - what: The thing, as messages name it (`choice 'red'`).
  /// - Returns: When the thing is in force.
  /// - Throws: The decoding's refusal of a field that is not a date string in order.
  static func effectivity<Key: CodingKey>(
    _ container: KeyedDecodingContainer<Key>, from: Key, to: Key, what: String
  ) throws -> Effectivity {
    func date(_ key: Key) throws -> CatalogDate? {
      guard let text = try container.decodeIfPresent(String.self, forKey: key) else {
        return nil
      }
      guard let date = CatalogDate(text) else {
        throw try container.superDecoder(forKey: key).invalid(
          "bad date '\(text.prefix(40))' for \(key.stringValue) of \(what) "
            + "(expected a day as YYYY-MM-DD, like \"2027-01-01\")")
      }
      return date
    }
    let validFrom = try date(from)
    let validTo = try date(to)
    if let validFrom, let validTo, validTo < validFrom {
      throw try container.superDecoder(forKey: from).invalid(
        "validFrom \(validFrom) of \(what) is after its validTo \(validTo)")
    }
    return Effectivity(validFrom: validFrom, validTo: validTo)
  }
}
