/// A JSON value as the session file reader sees it.
///
/// Numbers keep their source text, so an amount never passes through a floating-point type;
/// objects keep their keys in file order, so errors can name the first bad key.
enum JSONValue {
  case object(JSONObjectValue)
  case array([JSONValue])
  case string(String)
  case number(String)
  case bool(Bool)
  case null

  /// What kind of value this is, for messages (`expected a string, got a number`).
  var kindName: String {
    switch self {
    case .object: "an object"
    case .array: "an array"
    case .string: "a string"
    case .number: "a number"
    case .bool: "true or false"
    case .null: "null"
    }
  }
}

/// The members of a JSON object: keys in file order, each once.
struct JSONObjectValue {
  private(set) var keys: [String] = []
  private var values: [String: JSONValue] = [:]

  /// Adds a member; returns `false` if the key is already there.
  mutating func add(_ key: String, _ value: JSONValue) -> Bool {
    guard values.updateValue(value, forKey: key) == nil else { return false }
    keys.append(key)
    return true
  }

  subscript(key: String) -> JSONValue? { values[key] }
}
