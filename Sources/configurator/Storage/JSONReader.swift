/// A strict JSON parser (RFC 8259) for session files.
///
/// Strict where a lenient reader could lose data silently: a key given twice, invalid UTF-8,
/// control characters inside strings, trailing text after the value and nesting deeper than
/// ``maximumDepth`` are all errors. Numbers are checked against the JSON grammar and kept as
/// text.
struct JSONReader {
  /// Why the text is not JSON, and where (1-based line and column of the byte at fault).
  struct SyntaxError: Error, Equatable {
    let reason: String
    let line: Int
    let column: Int
    /// Whether the text simply stopped, as a truncated file does.
    let atEnd: Bool

    var description: String {
      atEnd
        ? "\(reason) (the file ends too early: is it truncated?)"
        : "\(reason) at line \(line), column \(column)"
    }
  }

  static let maximumDepth = 64

  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0

  private init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Parses one JSON value that makes up the whole text (a UTF-8 byte order mark is allowed).
  static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
    var reader = JSONReader(bytes)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
    reader.skipWhitespace()
    let value = try reader.value()
    reader.skipWhitespace()
    guard reader.index == bytes.count else {
      throw reader.error("unexpected text after the end of the JSON value")
    }
    return value
  }

  // MARK: values

  private mutating func value() throws(SyntaxError) -> JSONValue {
    guard index < bytes.count else { throw error("expected a value") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
    default: throw error("unexpected \(describeByte()) where a value should be")
    }
  }

  private mutating func object() throws(SyntaxError) -> JSONValue {
    try enter()
    defer { depth -= 1 }
    index += 1
    var members = JSONObjectValue()
    skipWhitespace()
    if try peek() == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard try peek() == UInt8(ascii: "\"") else {
        throw error("expected a quoted key, found \(describeByte())")
      }
      let keyStart = index
      let key = try string()
      skipWhitespace()
      try expect(UInt8(ascii: ":"), "':' after a key")
      skipWhitespace()
      let member = try value()
      guard members.add(key, member) else {
        index = keyStart
        throw error("key '\(key)' appears twice in one object")
      }
      skipWhitespace()
      if try peek() == UInt8(ascii: ",") {
        index += 1
        continue
      }
      try expect(UInt8(ascii: "}"), "',' or '}' in an object")
      return .object(members)
    }
  }

  private mutating func array() throws(SyntaxError) -> JSONValue {
    try enter()
    defer { depth -= 1 }
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if try peek() == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try value())
      skipWhitespace()
      if try peek() == UInt8(ascii: ",") {
        index += 1
        continue
      }
      try expect(UInt8(ascii: "]"), "',' or ']' in an array")
      return .array(elements)
    }
  }

  private mutating func literal(_ word: String, _ result: JSONValue) throws(SyntaxError)
    -> JSONValue
  {
    for byte in word.utf8 {
      guard index < bytes.count else { throw error("expected '\(word)'") }
      guard bytes[index] == byte else { throw error("unexpected \(describeByte())") }
      index += 1
    }
    return result
  }

  /// A number per the JSON grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
  private mutating func number() throws(SyntaxError) -> String {
    let start = index
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count, isDigit(bytes[index]) else { throw error("bad number") }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < bytes.count, isDigit(bytes[index]) {
        throw error("bad number (leading zero)")
      }
    } else {
      skipDigits()
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else { throw error("bad number") }
      skipDigits()
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard index < bytes.count, isDigit(bytes[index]) else { throw error("bad number") }
      skipDigits()
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  private mutating func string() throws(SyntaxError) -> String {
    let start = index
    index += 1
    var decoded: [UInt8] = []
    while true {
      guard index < bytes.count else { throw error("unterminated string") }
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        guard let text = String(validating: decoded, as: UTF8.self) else {
          index = start
          throw error("string is not valid UTF-8")
        }
        return text
      case UInt8(ascii: "\\"):
        index += 1
        try escape(into: &decoded)
      case 0..<0x20:
        throw error("control character in a string (write it as an escape, like \\n)")
      default:
        decoded.append(byte)
        index += 1
      }
    }
  }

  private mutating func escape(into decoded: inout [UInt8]) throws(SyntaxError) {
    guard index < bytes.count else { throw error("unterminated string") }
    let byte = bytes[index]
    index += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(byte)
    case UInt8(ascii: "b"): decoded.append(8)
    case UInt8(ascii: "f"): decoded.append(12)
    case UInt8(ascii: "n"): decoded.append(10)
    case UInt8(ascii: "r"): decoded.append(13)
    case UInt8(ascii: "t"): decoded.append(9)
    case UInt8(ascii: "u"):
      var scalar = try hexQuad()
      if (0xD800..<0xDC00).contains(scalar) {
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        else { throw error("unpaired surrogate in a \\u escape") }
        index += 2
        let low = try hexQuad()
        guard (0xDC00..<0xE000).contains(low) else {
          throw error("unpaired surrogate in a \\u escape")
        }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      } else if (0xDC00..<0xE000).contains(scalar) {
        throw error("unpaired surrogate in a \\u escape")
      }
      guard let value = Unicode.Scalar(scalar) else { throw error("bad \\u escape") }
      decoded.append(contentsOf: String(Character(value)).utf8)
    default:
      index -= 1
      throw error("bad escape '\\\(Character(Unicode.Scalar(byte)))' in a string")
    }
  }

  private mutating func hexQuad() throws(SyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count else { throw error("unterminated \\u escape") }
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error("bad \\u escape")
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  // MARK: helpers

  private mutating func enter() throws(SyntaxError) {
    depth += 1
    guard depth <= Self.maximumDepth else {
      throw error("nested more than \(Self.maximumDepth) deep")
    }
  }

  private func peek() throws(SyntaxError) -> UInt8 {
    guard index < bytes.count else { throw error("unexpected end") }
    return bytes[index]
  }

  private mutating func expect(_ byte: UInt8, _ what: String) throws(SyntaxError) {
    guard index < bytes.count else { throw error("expected \(what)") }
    guard bytes[index] == byte else { throw error("expected \(what), found \(describeByte())") }
    index += 1
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private mutating func skipDigits() {
    while index < bytes.count, isDigit(bytes[index]) { index += 1 }
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private func describeByte() -> String {
    guard index < bytes.count else { return "end of file" }
    let byte = bytes[index]
    if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x" + String(byte, radix: 16, uppercase: true)
  }

  private func error(_ reason: String) -> SyntaxError {
    var line = 1
    var column = 1
    for byte in bytes[..<min(index, bytes.count)] {
      if byte == 10 {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return SyntaxError(reason: reason, line: line, column: column, atEnd: index >= bytes.count)
  }
}
