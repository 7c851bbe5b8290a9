/// A JSON value as a message quotes it: a string or a number with its own text, `true` or
/// `false`, `null`, or just the kind of a list or an object.
package enum JSONLeaf: Equatable, Sendable {
  /// A string, decoded.
  case string(String)
  /// A number, as written in the file (`275.00`, `1e3`).
  case number(String)
  /// `true` or `false`.
  case bool(Bool)
  /// `null`.
  case null
  /// A list.
  case array
  /// An object.
  case object
}

/// What a field expected, for `expected a string, got …` messages.
package enum JSONKind: Equatable, Sendable {
  /// Text.
  case string
  /// A whole number.
  case wholeNumber
  /// `true` or `false`.
  case bool
  /// A list.
  case array
  /// An object.
  case object
  /// Something else (a decoder's own type).
  case other(String)

  /// The kind a `Decodable` type is read as.
  ///
  /// - Parameter type: The type a decoder expected.
  /// - Returns: Its JSON kind.
  package static func of(_ type: Any.Type) -> JSONKind {
    switch type {
    case is String.Type, is Substring.Type: .string
    case is Bool.Type: .bool
    case is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type, is UInt64.Type: .wholeNumber
    default:
      "\(type)".hasPrefix("Array<")
        ? .array
        : "\(type)".hasPrefix("Dictionary<") ? .object : .other("\(type)")
    }
  }
}
