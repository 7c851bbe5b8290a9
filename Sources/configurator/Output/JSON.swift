internal import Dealership

/// A small JSON writer for JSON Lines output: one object per result, keys in the order
/// written, strings escaped per RFC 8259. Numbers are written from integers only, so money
/// never passes through a floating-point type.
struct JSONObject {
  private(set) var text = "{"
  private var first = true

  private mutating func key(_ name: String) {
    if !first { text += "," }
    first = false
    JSONObject.appendString(name, to: &text)
    text += ":"
  }

  mutating func add(_ name: String, _ value: String) {
    key(name)
    JSONObject.appendString(value, to: &text)
  }

  mutating func add(_ name: String, _ value: String?) {
    key(name)
    if let value { JSONObject.appendString(value, to: &text) } else { text += "null" }
  }

  mutating func add(_ name: String, _ value: Int) {
    key(name)
    text += String(value)
  }

  /// A whole number, or `null`.
  mutating func add(_ name: String, _ value: Int?) {
    key(name)
    text += value.map(String.init) ?? "null"
  }

  mutating func add(_ name: String, _ value: Int64) {
    key(name)
    text += String(value)
  }

  mutating func add(_ name: String, _ value: Bool) {
    key(name)
    text += value ? "true" : "false"
  }

  mutating func add(_ name: String, _ value: JSONObject) {
    key(name)
    text += value.text
    text += "}"
  }

  mutating func add(_ name: String, _ values: [JSONObject]) {
    key(name)
    // Each object's text added in place: no rendered copy of each, no joined array.
    text += "["
    for (index, value) in values.enumerated() {
      if index > 0 { text += "," }
      text += value.text
      text += "}"
    }
    text += "]"
  }

  /// Adds a value that is already JSON text.
  mutating func add(_ name: String, raw value: String) {
    key(name)
    text += value
  }

  /// Adds a list of values that are already JSON text.
  mutating func add(_ name: String, rawValues values: [String]) {
    key(name)
    text += "[" + values.joined(separator: ",") + "]"
  }

  mutating func add(_ name: String, strings values: [String]) {
    key(name)
    text += "["
    for (index, value) in values.enumerated() {
      if index > 0 { text += "," }
      JSONObject.appendString(value, to: &text)
    }
    text += "]"
  }

  var rendered: String { text + "}" }

  static func appendString(_ value: String, to text: inout String) {
    // Most strings (names, atoms, amounts) hold no byte to escape: added whole.
    if needsNoEscape(value) {
      text += "\""
      text += value
      text += "\""
      return
    }
    // The bytes between escapes are added as runs: every escaped character is one ASCII
    // byte, so the runs start and end on character boundaries.
    text += "\""
    let bytes = value.utf8
    var run = bytes.startIndex
    var index = run
    while index < bytes.endIndex {
      let byte = bytes[index]
      guard byte < 0x20 || byte == 0x22 || byte == 0x5C else {
        index = bytes.index(after: index)
        continue
      }
      text += value[run..<index]
      switch byte {
      case 0x22: text += "\\\""
      case 0x5C: text += "\\\\"
      case 0x0A: text += "\\n"
      case 0x0D: text += "\\r"
      case 0x09: text += "\\t"
      default:
        let hex = String(byte, radix: 16)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      }
      index = bytes.index(after: index)
      run = index
    }
    text += value[run..<bytes.endIndex]
    text += "\""
  }

  /// Whether a string holds no byte that ``appendString(_:to:)`` escapes: no quote, no
  /// backslash, no control below 0x20 (each a single byte in UTF-8, so a byte test is exact).
  private static func needsNoEscape(_ value: String) -> Bool {
    let answer = value.utf8.withContiguousStorageIfAvailable { bytes in
      for byte in bytes where byte < 0x20 || byte == 0x22 || byte == 0x5C { return false }
      return true
    }
    // Text not stored contiguously takes the general path.
    return answer ?? false
  }
}
