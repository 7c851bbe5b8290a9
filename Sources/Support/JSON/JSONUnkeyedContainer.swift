/// A list read by ``JSONValueDecoder``, one element after the other, straight from the bytes.
///
/// As `JSONDecoder`'s, the container moves to the next element only when one was decoded, so a
/// failed `decode` can be tried again as another type.
struct JSONUnkeyedContainer: UnkeyedDecodingContainer {
  private let decoder: JSONValueDecoder
  /// Where the next element starts; `nil` past the last.
  private var next: Int?
  /// The number of elements, counted when first asked.
  private let counted: CountCache
  private(set) var currentIndex = 0

  /// A container over the list at `list`.
  init(decoder: JSONValueDecoder, list: Int) {
    self.decoder = decoder
    next = decoder.document.read(at: list) { $0.enterContainer() ? $0.index : nil }
    counted = CountCache(document: decoder.document, list: list)
  }

  var codingPath: [any CodingKey] { decoder.codingPath }
  var count: Int? { counted.value }
  var isAtEnd: Bool { next == nil }

  /// The number of elements (a pass over the list's bytes, once).
  var elementCount: Int { counted.value }

  /// Decodes the next element with `body` and moves past it if that succeeds.
  private mutating func decodeNext<Result>(
    _ type: Any.Type, _ body: (JSONValueDecoder) throws -> Result
  ) throws -> Result {
    guard let offset = next else {
      throw DecodingError.valueNotFound(
        type,
        .init(
          codingPath: codingPath + [JSONIndexKey(currentIndex)],
          debugDescription: "The list has no more elements."))
    }
    let result = try body(decoder.decoder(at: offset, key: JSONIndexKey(currentIndex)))
    next = decoder.document.read(at: offset) { cursor in
      cursor.skipValue()
      return cursor.advanceInContainer() ? cursor.index : nil
    }
    currentIndex += 1
    return result
  }

  /// Decodes the next element of a list whose storage ``JSONReservingDecodable`` has
  /// already charged.
  mutating func decodeElement<T: Decodable>(_ type: T.Type) throws -> T {
    try decodeNext(type) { try $0.decode(type) }
  }

  mutating func decodeNil() throws -> Bool {
    guard let offset = next else { return false }
    guard decoder.decoder(at: offset, key: JSONIndexKey(currentIndex)).decodeNil() else {
      return false
    }
    _ = try decodeNext(Never.self) { _ in () }
    return true
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool {
    try decodeNext(type) { try $0.decode(type) }
  }
  mutating func decode(_ type: String.Type) throws -> String {
    try decodeNext(type) { try $0.decode(type) }
  }
  mutating func decode(_ type: Double.Type) throws -> Double {
    try decodeNext(type) { try $0.decode(type) }
  }
  mutating func decode(_ type: Float.Type) throws -> Float {
    try decodeNext(type) { try $0.decode(type) }
  }
  mutating func decode(_ type: Int.Type) throws -> Int {
    try decodeNext(type) { try $0.decode(type) }
  }
  mutating func decode(_ type: Int8.Type) throws -> Int8 {
    try decodeNext(type) { try $0.decode(type) }
  }
  mutating func decode(_ type: Int16.Type) throws -> Int16 {
    try decodeNext(type) { try $0.decode(type) }
  }
  mutating func decode(_ type: Int32.Type) throws -> Int32 {
    try decodeNext(type) { try $0.decode(type) }
  }
  mutating func decode(_ type: Int64.Type) throws -> Int64 {
    try decodeNext(type) { try $0.decode(type) }
  }
  mutating func decode(_ type: UInt.Type) throws -> UInt {
    try decodeNext(type) { try $0.decode(type) }
  }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
    try decodeNext(type) { try $0.decode(type) }
  }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
    try decodeNext(type) { try $0.decode(type) }
  }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
    try decodeNext(type) { try $0.decode(type) }
  }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
    try decodeNext(type) { try $0.decode(type) }
  }

  /// An element decoded by code other than ``JSONReservingDecodable`` (a `Set`, a loop of a
  /// schema's own): charged at twice its size, what a growing collection may hold for it.
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try decoder.document.charge(2 * MemoryLayout<T>.stride, at: codingPath)
    return try decodeNext(type) { try $0.decode(type) }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try decodeNext([String: Any].self) { try $0.container(keyedBy: type) }
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try decodeNext([Any].self) { try $0.unkeyedContainer() }
  }

  mutating func superDecoder() throws -> any Decoder {
    try decodeNext((any Decoder).self) { $0 }
  }

  /// The count of a list's elements, worked out on first use and kept.
  private final class CountCache {
    private let document: JSONDocument
    private let list: Int
    private var known: Int?

    init(document: JSONDocument, list: Int) {
      self.document = document
      self.list = list
    }

    var value: Int {
      if let known { return known }
      let count = document.read(at: list) { $0.count() }
      known = count
      return count
    }
  }
}

extension JSONValueDecoder {
  /// The offset of the list here, or the error for another kind of value.
  func listOffset(for type: Any.Type) throws -> Int {
    try document.checkBudget(at: codingPath)
    guard let offset, kind == .array else { throw mismatch(type, "an array") }
    return offset
  }
}
