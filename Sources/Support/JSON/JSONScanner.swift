/// The strict syntax check that runs before ``JSONValueDecoder``, and the finder of a value's
/// own text for error messages.
///
/// Foundation's `JSONDecoder` on Linux keeps the first of two equal keys silently, accepts raw
/// control characters inside strings, and says only "The given data was not valid JSON."
/// without a position. This scanner refuses what a lenient reader could lose data on — a key
/// given twice, invalid UTF-8, control characters inside strings, trailing text, nesting deeper
/// than ``maximumDepth`` — and names the line and column. It builds no values (see
/// ``StrictJSON``): to find a key given twice it keeps the hashes of one object's keys at a
/// time, and compares the keys themselves only when two hashes are equal.
struct JSONScanner {
  /// How deep arrays and objects may nest (also bounds the scanner's recursion).
  static let maximumDepth = 64

  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  private var depth = 0

  private init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Checks that the bytes are one JSON value (a UTF-8 byte order mark may come first).
  ///
  /// - Parameter bytes: The document.
  /// - Returns: Where the value starts (after the byte order mark and whitespace).
  /// - Throws: ``JSONSyntaxError`` with the line and column of the byte at fault.
  @discardableResult
  static func check(_ bytes: ArraySlice<UInt8>) throws(JSONSyntaxError) -> Int {
    let outcome = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(JSONSyntaxError) -> Int in
        var scanner = JSONScanner(buffer)
        scanner.skipByteOrderMark()
        scanner.skipWhitespace()
        let start = scanner.index
        try scanner.skipValue()
        scanner.skipWhitespace()
        guard scanner.index == buffer.count else {
          throw scanner.error("unexpected text after the end of the JSON value")
        }
        return start
      }
    }
    return try outcome.get()
  }

  /// ``check(_:)`` for a whole array.
  @discardableResult
  static func check(_ bytes: [UInt8]) throws(JSONSyntaxError) -> Int {
    try check(bytes[...])
  }

  /// The length of the JSON value at the start of `bytes` (after a byte order mark and
  /// whitespace), for files that carry more after it (a store's journal); `nil` if the
  /// bytes do not start with a valid value.
  ///
  /// - Parameter bytes: The bytes.
  /// - Returns: The offset just past the value.
  static func lengthOfFirstValue(_ bytes: ArraySlice<UInt8>) -> Int? {
    bytes.withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(buffer)
      scanner.skipByteOrderMark()
      scanner.skipWhitespace()
      guard (try? scanner.skipValue()) != nil else { return nil }
      return scanner.index
    }
  }

  /// The value at a coding path in a valid document, as a ``JSONLeaf``; `nil` if the path
  /// leads nowhere.
  ///
  /// - Parameters:
  ///   - path: Keys and array indices from the root.
  ///   - bytes: A document that passed ``check(_:)``.
  /// - Returns: The value found there.
  static func leaf(at path: [any CodingKey], in bytes: ArraySlice<UInt8>) -> JSONLeaf? {
    bytes.withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(buffer)
      scanner.skipByteOrderMark()
      return try? scanner.find(path[...])
    }
  }

  // MARK: lookup

  private mutating func find(_ path: ArraySlice<any CodingKey>) throws(JSONSyntaxError)
    -> JSONLeaf?
  {
    skipWhitespace()
    guard let component = path.first else { return try leaf() }
    let rest = path.dropFirst()
    switch try peek() {
    case UInt8(ascii: "{"):
      index += 1
      skipWhitespace()
      if try peek() == UInt8(ascii: "}") { return nil }
      while true {
        skipWhitespace()
        let key = try string()
        skipWhitespace()
        index += 1  // ':'
        if key == component.stringValue { return try find(rest) }
        skipWhitespace()
        try skipValue()
        skipWhitespace()
        guard try peek() == UInt8(ascii: ",") else { return nil }
        index += 1
      }
    case UInt8(ascii: "["):
      guard let wanted = component.intValue else { return nil }
      index += 1
      skipWhitespace()
      if try peek() == UInt8(ascii: "]") { return nil }
      var position = 0
      while true {
        if position == wanted { return try find(rest) }
        skipWhitespace()
        try skipValue()
        skipWhitespace()
        guard try peek() == UInt8(ascii: ",") else { return nil }
        index += 1
        position += 1
      }
    default:
      return nil
    }
  }

  private mutating func leaf() throws(JSONSyntaxError) -> JSONLeaf {
    switch try peek() {
    case UInt8(ascii: "{"): return .object
    case UInt8(ascii: "["): return .array
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return .bool(true)
    case UInt8(ascii: "f"): return .bool(false)
    case UInt8(ascii: "n"): return .null
    default:
      let start = index
      try skipNumber()
      return .number(
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
    }
  }

  // MARK: values

  private mutating func skipValue() throws(JSONSyntaxError) {
    guard index < bytes.count else { throw error("expected a value") }
    switch bytes[index] {
    case UInt8(ascii: "{"): try skipObject()
    case UInt8(ascii: "["): try skipArray()
    case UInt8(ascii: "\""): try skipString()
    case UInt8(ascii: "t"): try literal("true")
    case UInt8(ascii: "f"): try literal("false")
    case UInt8(ascii: "n"): try literal("null")
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try skipNumber()
    default: throw error("unexpected \(describeByte()) where a value should be")
    }
  }

  private mutating func skipObject() throws(JSONSyntaxError) {
    try enter()
    defer { depth -= 1 }
    index += 1
    skipWhitespace()
    if try peek() == UInt8(ascii: "}") {
      index += 1
      return
    }
    let firstKey = index
    var keyHashes: Set<Int> = []
    while true {
      skipWhitespace()
      guard try peek() == UInt8(ascii: "\"") else {
        throw error("expected a quoted key, found \(describeByte())")
      }
      let keyStart = index
      let key = try string()
      if !keyHashes.insert(key.hashValue).inserted,
        appearsEarlier(key, from: firstKey, before: keyStart)
      {
        index = keyStart
        throw error("key '\(key)' appears twice in one object")
      }
      skipWhitespace()
      try expect(UInt8(ascii: ":"), "':' after a key")
      skipWhitespace()
      try skipValue()
      skipWhitespace()
      if try peek() == UInt8(ascii: ",") {
        index += 1
        continue
      }
      try expect(UInt8(ascii: "}"), "',' or '}' in an object")
      return
    }
  }

  /// Whether the object whose first key starts at `first` has `key` before `end` (two keys
  /// with one hash: rare, as string hashes are seeded per process).
  private func appearsEarlier(_ key: String, from first: Int, before end: Int) -> Bool {
    var scanner = JSONScanner(bytes)
    scanner.index = first
    while scanner.index < end {
      scanner.skipWhitespace()
      guard let earlier = try? scanner.string() else { return false }
      if earlier == key { return true }
      scanner.skipWhitespace()
      scanner.index += 1  // ':'
      scanner.skipWhitespace()
      guard (try? scanner.skipValue()) != nil else { return false }
      scanner.skipWhitespace()
      scanner.index += 1  // ','
    }
    return false
  }

  private mutating func skipArray() throws(JSONSyntaxError) {
    try enter()
    defer { depth -= 1 }
    index += 1
    skipWhitespace()
    if try peek() == UInt8(ascii: "]") {
      index += 1
      return
    }
    while true {
      skipWhitespace()
      try skipValue()
      skipWhitespace()
      if try peek() == UInt8(ascii: ",") {
        index += 1
        continue
      }
      try expect(UInt8(ascii: "]"), "',' or ']' in an array")
      return
    }
  }

  private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
    let text = word.description
    for byte in text.utf8 {
      guard index < bytes.count else { throw error("expected '\(text)'") }
      guard bytes[index] == byte else { throw error("unexpected \(describeByte())") }
      index += 1
    }
  }

  /// A number per the JSON grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
  private mutating func skipNumber() throws(JSONSyntaxError) {
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
  }

  /// A string, decoded (keys are compared decoded, so `"a\u0062"` and `"ab"` are one key).
  ///
  /// A string without escapes is checked where it stands and made from its bytes at once;
  /// one with escapes is decoded byte by byte.
  private mutating func string() throws(JSONSyntaxError) -> String {
    let start = index
    guard let body = try plainStringBody() else {
      index = start
      return try escapedString()
    }
    return String(decoding: body, as: UTF8.self)
  }

  /// Moves past a string value without making it.
  private mutating func skipString() throws(JSONSyntaxError) {
    let start = index
    if try plainStringBody() == nil {
      index = start
      _ = try escapedString()
    }
  }

  /// The body of the string at `index` if it has no escapes, checked (no control character,
  /// valid UTF-8), with the scanner moved past it; `nil` at the first escape.
  private mutating func plainStringBody() throws(JSONSyntaxError) -> UnsafeBufferPointer<UInt8>? {
    let start = index
    index += 1
    let bodyStart = index
    var isASCII = true
    while true {
      guard index < bytes.count else { throw error("unterminated string") }
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\\"):
        return nil
      case UInt8(ascii: "\""):
        let body = UnsafeBufferPointer(rebasing: bytes[bodyStart..<index])
        index += 1
        if !isASCII, String(validating: body, as: UTF8.self) == nil {
          index = start
          throw error("string is not valid UTF-8")
        }
        return body
      case 0..<0x20:
        throw error("control character in a string (write it as an escape, like \\n)")
      default:
        if byte >= 0x80 { isASCII = false }
        index += 1
      }
    }
  }

  /// A string with escapes, decoded byte by byte.
  private mutating func escapedString() throws(JSONSyntaxError) -> String {
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

  private mutating func escape(into decoded: inout [UInt8]) throws(JSONSyntaxError) {
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

  private mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
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

  private mutating func skipByteOrderMark() {
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
  }

  private mutating func enter() throws(JSONSyntaxError) {
    depth += 1
    guard depth <= Self.maximumDepth else {
      throw error("nested more than \(Self.maximumDepth) deep")
    }
  }

  private func peek() throws(JSONSyntaxError) -> UInt8 {
    guard index < bytes.count else { throw error("unexpected end") }
    return bytes[index]
  }

  private mutating func expect(_ byte: UInt8, _ what: String) throws(JSONSyntaxError) {
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

  private func error(_ reason: String) -> JSONSyntaxError {
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
    return JSONSyntaxError(reason: reason, line: line, column: column, atEnd: index >= bytes.count)
  }
}
