/// An object read by ``JSONValueDecoder``: its members are indexed (key and where the value
/// starts) when the container is made, and a value is read when the schema asks for it.
struct JSONKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  /// Objects with more members than this are looked up through a dictionary (and their index
  /// is charged to the budget); the schemas' own objects have a dozen keys at most.
  static var smallObject: Int { 16 }

  private let decoder: JSONValueDecoder
  /// The members in file order: each key, decoded, and the offset of its value.
  private let members: [(key: String, offset: Int)]
  /// The position of each key in ``members``, for a large object.
  private let lookup: [String: Int]?

  var codingPath: [any CodingKey] { decoder.codingPath }

  /// Indexes the object at `object`.
  init(decoder: JSONValueDecoder, object: Int) throws {
    self.decoder = decoder
    let document = decoder.document
    var members: [(key: String, offset: Int)] = []
    var next = document.read(at: object) { $0.enterContainer() ? $0.index : nil }
    while let position = next {
      let (key, valueOffset) = document.read(at: position) { ($0.readKey(), $0.index) }
      members.append((key, valueOffset))
      if members.count > Self.smallObject {
        // The index, its lookup and (if asked) `allKeys`: about 100 bytes a member.
        try document.charge(
          100 + JSONMemoryBudget.stringCost(utf8Count: key.utf8.count), at: decoder.codingPath)
      }
      next = document.read(at: valueOffset) { cursor in
        cursor.skipValue()
        return cursor.advanceInContainer() ? cursor.index : nil
      }
    }
    self.members = members
    if members.count > Self.smallObject {
      var lookup: [String: Int] = [:]
      lookup.reserveCapacity(members.count)
      for (position, member) in members.enumerated() { lookup[member.key] = position }
      self.lookup = lookup
    } else {
      lookup = nil
    }
  }

  var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

  /// Every key of the object, in file order (also those `Key` does not know).
  var keys: [String] { members.map { $0.key } }

  func contains(_ key: Key) -> Bool { offset(of: key) != nil }

  private func offset(of key: Key) -> Int? {
    let name = key.stringValue
    if let lookup { return lookup[name].map { members[$0].offset } }
    return members.first { $0.key == name }?.offset
  }

  /// The decoder of a member that must be present.
  private func value(_ key: Key) throws -> JSONValueDecoder {
    guard let offset = offset(of: key) else {
      throw DecodingError.keyNotFound(
        key,
        .init(
          codingPath: codingPath, debugDescription: "No value for the key '\(key.stringValue)'."))
    }
    return decoder.decoder(at: offset, key: key)
  }

  func decodeNil(forKey key: Key) throws -> Bool { try value(key).decodeNil() }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(key).decode(type) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try value(key).decode(type)
  }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try value(key).decode(type)
  }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(key).decode(type) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(key).decode(type) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(key).decode(type) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(key).decode(type) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(key).decode(type) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(key).decode(type) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(key).decode(type) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(key).decode(type) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    try value(key).decode(type)
  }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    try value(key).decode(type)
  }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try value(key).decode(type)
  }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try value(key).decode(type)
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
    throws -> KeyedDecodingContainer<NestedKey>
  {
    try value(key).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try value(key).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    decoder.decoder(
      at: members.first { $0.key == "super" }?.offset, key: JSONAnyKey(stringValue: "super"))
  }

  /// The decoder of a member; a missing one reads as `null`, as `JSONDecoder`'s does.
  func superDecoder(forKey key: Key) throws -> any Decoder {
    decoder.decoder(at: offset(of: key), key: key)
  }
}
