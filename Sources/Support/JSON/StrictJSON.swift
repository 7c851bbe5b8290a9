import Foundation

/// The package's one way to read a JSON file into `Decodable` schemas: catalogs and session
/// files alike.
///
/// 1. ``JSONScanner`` checks the syntax strictly (duplicate keys, control characters, invalid
///    UTF-8, trailing text, nesting), naming the line and column.
/// 2. `JSONDecoder` decodes the schema. Schemas read their objects with
///    `Decoder.strictContainer(keyedBy:)`, which refuses unknown keys, and quote a bad value
///    with `Decoder.leaf()`.
/// 3. Every failure becomes a ``JSONDecodingFailure``: a syntax error, or a ``JSONIssue`` with
///    the JSON path (`models[2].drive`), which the file format words in its own message.
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
    let summary: JSONScanner.Summary
    do {
      summary = try JSONScanner.check(bytes)
    } catch {
      throw .syntax(error)
    }
    let decoder = JSONDecoder()
    decoder.userInfo[JSONSource.key] = JSONSource(
      bytes: bytes, hasNonIntegerNumbers: summary.hasNonIntegerNumbers)
    do {
      return try decoder.decode(type, from: Data(bytes))
    } catch let issue as JSONIssue {
      throw .issue(issue)
    } catch let error as DecodingError {
      throw .issue(issue(for: error, in: bytes))
    } catch {
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
    JSONScanner.lengthOfFirstValue(bytes)
  }

  /// The issue a `JSONDecoder` error stands for, with the value found where it failed.
  private static func issue(for error: DecodingError, in bytes: [UInt8]) -> JSONIssue {
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

/// The document being decoded, passed to schemas through the decoder's `userInfo` so that a
/// message can quote a value as the file wrote it.
struct JSONSource: Sendable {
  // swift-format-ignore: NeverForceUnwrap
  /// The `userInfo` key (a valid raw value, so the initializer cannot fail).
  static let key = CodingUserInfoKey(rawValue: "configurator.strictJSONSource")!

  /// The document.
  let bytes: [UInt8]
  /// Whether some number has a fraction or exponent (see ``JSONScanner/Summary``).
  let hasNonIntegerNumbers: Bool
}
