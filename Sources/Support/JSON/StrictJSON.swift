/// The package's one way to read a JSON file into `Decodable` schemas: catalogs and session
/// files alike.
///
/// 1. ``JSONScanner`` checks the syntax strictly (duplicate keys, control characters, invalid
///    UTF-8, trailing text, nesting), naming the line and column.
/// 2. ``JSONValueDecoder`` decodes the schema straight from the bytes, building no tree of the
///    document, within a ``JSONMemoryBudget`` of a few times the document's size. Schemas
///    read their objects with `Decoder.strictContainer(keyedBy:)`, which refuses unknown keys,
///    and quote a bad value with `Decoder.leaf()`.
/// 3. Every failure becomes a ``JSONDecodingFailure``: a syntax error, or a ``JSONIssue`` with
///    the JSON path (`models[2].drive`), which the file format words in its own message.
///
/// Memory: the bytes, the scanner's set of the keys of one object at a time (about 8 bytes a
/// key, transient), and the decoded values, which the budget holds to
/// ``JSONMemoryBudget/multiple`` times the document's size.
package enum StrictJSON {
  /// Decodes a document.
  ///
  /// - Parameters:
  ///   - type: The schema of the whole document.
  ///   - bytes: The document (a UTF-8 byte order mark may come first).
  /// - Returns: The decoded schema.
  /// - Throws: ``JSONDecodingFailure``.
  package static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8])
    throws(JSONDecodingFailure) -> T
  {
    try decode(type, from: bytes[...])
  }

  /// Decodes a document that is part of a larger buffer (a store's document, before its
  /// journal), without copying it.
  ///
  /// - Parameters:
  ///   - type: The schema of the whole document.
  ///   - bytes: The document (a UTF-8 byte order mark may come first).
  /// - Returns: The decoded schema.
  /// - Throws: ``JSONDecodingFailure``.
  package static func decode<T: Decodable>(_ type: T.Type, from bytes: ArraySlice<UInt8>)
    throws(JSONDecodingFailure) -> T
  {
    let start: Int
    do {
      start = try JSONScanner.check(bytes)
    } catch {
      throw .syntax(error)
    }
    let document = JSONDocument(
      bytes: bytes,
      budget: JSONMemoryBudget(documentSize: bytes.count, available: AddressSpace.available))
    let decoder = JSONValueDecoder(document: document, offset: start, codingPath: [])
    let result: Result<T, any Error> = Result { try decoder.decode(type) }
    // A budget that ran out is the answer, whatever a schema made of the error (it may have
    // swallowed it with `try?` and failed later for another reason).
    if let path = document.budget.exceededAt {
      throw .issue(JSONIssue(path: path, problem: .invalid(document.budget.message)))
    }
    switch result {
    case .success(let value):
      return value
    case .failure(let issue as JSONIssue):
      throw .issue(issue)
    case .failure(let error as DecodingError):
      throw .issue(Self.issue(for: error, in: bytes))
    case .failure(let error):
      throw .issue(JSONIssue(path: "", problem: .invalid("\(error)")))
    }
  }

  /// The length of the JSON value a file starts with (see
  /// ``JSONScanner/lengthOfFirstValue(_:)``): where a store's session document ends and its
  /// journal begins.
  ///
  /// - Parameter bytes: The file.
  /// - Returns: The offset just past the first value, or `nil` if it is not valid JSON.
  package static func lengthOfFirstValue(_ bytes: [UInt8]) -> Int? {
    JSONScanner.lengthOfFirstValue(bytes[...])
  }

  /// The issue a `JSONDecoder` error stands for, with the value found where it failed.
  private static func issue(for error: DecodingError, in bytes: ArraySlice<UInt8>) -> JSONIssue {
    switch error {
    case .keyNotFound(let key, let context):
      return JSONIssue(at: context.codingPath, .missingKey(key.stringValue))
    case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
      let found = JSONScanner.leaf(at: context.codingPath, in: bytes) ?? .null
      return JSONIssue(at: context.codingPath, .wrongType(expected: .of(type), found: found))
    case .dataCorrupted(let context):
      return JSONIssue(at: context.codingPath, .invalid(context.debugDescription))
    @unknown default:
      return JSONIssue(path: "", problem: .invalid("\(error)"))
    }
  }
}

/// Why a document was refused: bad JSON, or JSON its schema does not accept.
package enum JSONDecodingFailure: Error, Equatable {
  /// The text is not JSON (or breaks the strict rules), at a line and column.
  case syntax(JSONSyntaxError)
  /// The JSON does not fit the schema, at a JSON path.
  case issue(JSONIssue)
}
