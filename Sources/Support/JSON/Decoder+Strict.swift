/// The shared strictness of the package's JSON schemas, for their `init(from:)`.
extension Decoder {
  /// The object here, keyed by `Keys`, refusing any key `Keys` does not list.
  ///
  /// Of several unknown keys the first in alphabetical order is named.
  ///
  /// - Parameter type: The schema's keys; their order is the order messages list them in.
  /// - Returns: The keyed container.
  /// - Throws: ``JSONIssue`` with ``JSONIssue/Problem/unknownKey(_:allowed:)`` at the key's
  ///   path, or a `DecodingError` when the value is not an object.
  package func strictContainer<Keys: CodingKey & CaseIterable>(keyedBy type: Keys.Type) throws
    -> KeyedDecodingContainer<Keys>
  {
    // The package's decoder indexes the object once and checks the keys on that index.
    if let decoder = self as? JSONValueDecoder {
      let container = try decoder.indexedContainer(keyedBy: type)
      if let unknown = container.keys.filter({ Keys(stringValue: $0) == nil }).min() {
        throw Self.unknownKey(unknown, of: type, at: codingPath)
      }
      return KeyedDecodingContainer(container)
    }
    let present = try container(keyedBy: JSONAnyKey.self).allKeys.map { $0.stringValue }
    if let unknown = present.filter({ Keys(stringValue: $0) == nil }).min() {
      throw Self.unknownKey(unknown, of: type, at: codingPath)
    }
    return try container(keyedBy: type)
  }

  private static func unknownKey<Keys: CodingKey & CaseIterable>(
    _ key: String, of type: Keys.Type, at codingPath: [any CodingKey]
  ) -> JSONIssue {
    JSONIssue(
      path: JSONIssue.path(of: key, in: JSONIssue.path(codingPath)),
      problem: .unknownKey(key, allowed: Keys.allCases.map { $0.stringValue }))
  }

  /// The value here as the file wrote it, for a message (`the number 275.00`).
  ///
  /// - Returns: The value; `null` if it cannot be found (or the decoder is not the package's).
  package func leaf() -> JSONLeaf {
    (self as? JSONValueDecoder)?.leaf ?? .null
  }

  /// The value here if it is a whole number written without fraction or exponent that fits
  /// an `Int64` (the package's decoder reads only those as integers; `JSONDecoder` would also
  /// take `1.0` and `1e2`); `nil` for anything else, which ``leaf()`` then quotes.
  ///
  /// - Returns: The number, or `nil`.
  package func wholeNumber() -> Int64? {
    guard let decoder = self as? JSONValueDecoder else { return nil }
    return try? decoder.decode(Int64.self)
  }

  /// The error for a value of the wrong kind here.
  ///
  /// - Parameter expected: What the schema wanted.
  /// - Returns: The issue, quoting what was found.
  package func wrongType(expected: JSONKind) -> JSONIssue {
    JSONIssue(at: codingPath, .wrongType(expected: expected, found: leaf()))
  }

  /// The error for a value that breaks a rule of the schema here.
  ///
  /// - Parameter reason: What is wrong, naming the value.
  /// - Returns: The issue.
  package func invalid(_ reason: String) -> JSONIssue {
    JSONIssue(at: codingPath, .invalid(reason))
  }
}

/// Any key: for listing the keys an object has.
struct JSONAnyKey: CodingKey {
  let stringValue: String
  let intValue: Int?

  init(stringValue: String) {
    self.stringValue = stringValue
    self.intValue = nil
  }

  init(intValue: Int) {
    self.stringValue = String(intValue)
    self.intValue = intValue
  }
}

extension KeyedDecodingContainer {
  /// The decoder of a key that must be present, for fields whose messages quote the value.
  ///
  /// - Parameter key: The key.
  /// - Returns: A decoder at `path.key`.
  /// - Throws: ``JSONIssue`` with ``JSONIssue/Problem/missingKey(_:)`` when it is absent.
  package func requiredDecoder(forKey key: Key) throws -> any Decoder {
    guard contains(key) else {
      throw JSONIssue(at: codingPath, .missingKey(key.stringValue))
    }
    return try superDecoder(forKey: key)
  }

  /// The decoder of a key if it is present.
  ///
  /// - Parameter key: The key.
  /// - Returns: A decoder at `path.key`, or `nil`.
  /// - Throws: A `DecodingError` from the container.
  package func optionalDecoder(forKey key: Key) throws -> (any Decoder)? {
    contains(key) ? try superDecoder(forKey: key) : nil
  }
}

extension Decoder {
  /// The value here as a string, or `nil` for any other kind (quote it with ``leaf()``).
  ///
  /// - Returns: The string, or `nil`.
  package func string() -> String? {
    try? singleValueContainer().decode(String.self)
  }
}
