/// A `Decoder` that reads a checked document straight from its bytes: no tree of the document
/// is built, so decoding holds the bytes and what the schema keeps, and nothing else.
///
/// Foundation's `JSONDecoder` first builds a tree of every value, which for a dense document
/// (`{"builds":[0,0,0,…]}`) takes some 25 times the document's size before the schema looks at
/// the first value. Here a value is found when the schema asks for it: an object's members
/// are indexed when its container is made, a list is walked element by element, a scalar is
/// read where it stands. What the decoded values will hold is charged to the document's
/// ``JSONMemoryBudget`` as they are handed out.
///
/// The errors are `JSONDecoder`'s `DecodingError`s, with the same coding paths, so a schema
/// and ``StrictJSON`` word them as before. Stricter than `JSONDecoder` in one way: an
/// integer must be written as one (`1.0` and `1e2` are not integers).
struct JSONValueDecoder: Decoder {
  /// The document and its budget, shared by every decoder of one decoding.
  let document: JSONDocument
  /// Where the value starts (after whitespace); `nil` for a missing value, read as `null`.
  let offset: Int?
  let codingPath: [any CodingKey]

  /// None: schemas find what they need through the package's decoder itself (``leaf``).
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(try indexedContainer(keyedBy: type))
  }

  /// The object here, its members indexed.
  func indexedContainer<Key: CodingKey>(keyedBy type: Key.Type) throws -> JSONKeyedContainer<Key> {
    try document.checkBudget(at: codingPath)
    guard let offset, kind == .object else {
      throw mismatch([String: Any].self, "a dictionary")
    }
    return try JSONKeyedContainer<Key>(decoder: self, object: offset)
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try document.checkBudget(at: codingPath)
    guard let offset, kind == .array else { throw mismatch([Any].self, "an array") }
    return JSONUnkeyedContainer(decoder: self, list: offset)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  /// The decoder of another value of the document.
  func decoder(at offset: Int?, key: any CodingKey) -> JSONValueDecoder {
    JSONValueDecoder(document: document, offset: offset, codingPath: codingPath + [key])
  }

  /// The kind of the value (`null` when it is missing).
  var kind: JSONCursor.Kind {
    guard let offset else { return .null }
    return document.read(at: offset) { $0.kind }
  }

  /// The value as the file wrote it, for messages (without searching from the root).
  var leaf: JSONLeaf {
    guard let offset else { return .null }
    return document.read(at: offset) { cursor in
      switch cursor.kind {
      case .object: .object
      case .array: .array
      case .string: .string(cursor.readString())
      case .number: .number(cursor.readWord())
      case .bool: .bool(cursor.readWord() == "true")
      case .null: .null
      }
    }
  }

  /// The error for a value that is not of the type the schema asked for: `valueNotFound` for
  /// `null` (or a missing value), else `typeMismatch`, as `JSONDecoder` says it.
  func mismatch(_ type: Any.Type, _ expected: String) -> DecodingError {
    if kind == .null {
      return .valueNotFound(
        type,
        .init(codingPath: codingPath, debugDescription: "Expected \(expected) but found null."))
    }
    return .typeMismatch(
      type,
      .init(codingPath: codingPath, debugDescription: "Expected to decode \(expected)."))
  }
}

/// The document being decoded: its bytes and its budget, shared by every
/// ``JSONValueDecoder`` and container of one decoding.
final class JSONDocument {
  let bytes: ArraySlice<UInt8>
  private(set) var budget: JSONMemoryBudget

  init(bytes: ArraySlice<UInt8>, budget: JSONMemoryBudget) {
    self.bytes = bytes
    self.budget = budget
  }

  /// Reads with a cursor at `offset` (counted from the start of ``bytes``).
  func read<Result>(at offset: Int, _ body: (inout JSONCursor) -> Result) -> Result {
    bytes.withUnsafeBufferPointer { buffer in
      var cursor = JSONCursor(bytes: buffer, index: offset)
      return body(&cursor)
    }
  }

  /// Charges `bytes` for a value at `path`, or throws once the budget has run out.
  func charge(_ bytes: Int, at path: [any CodingKey]) throws(JSONBudgetExceeded) {
    guard budget.charge(bytes, at: JSONIssue.path(path)) else { throw JSONBudgetExceeded() }
  }

  /// Throws if the budget has run out, so that no more work is done after a refusal that a
  /// schema's `try?` swallowed.
  func checkBudget(at path: [any CodingKey]) throws(JSONBudgetExceeded) {
    if budget.isExhausted { throw JSONBudgetExceeded() }
  }
}

/// Decoding stopped because the document's ``JSONMemoryBudget`` ran out; ``StrictJSON`` turns
/// it into the budget's message at the path where it happened.
struct JSONBudgetExceeded: Error {}

/// A coding key for a list element: its index (`items[3]`).
struct JSONIndexKey: CodingKey {
  let intValue: Int?
  var stringValue: String { "Index \(intValue ?? 0)" }

  init(_ index: Int) { intValue = index }
  init?(intValue: Int) { self.intValue = intValue }
  init?(stringValue: String) { nil }
}
