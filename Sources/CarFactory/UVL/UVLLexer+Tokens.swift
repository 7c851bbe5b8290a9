/// The tokens proper: names, strings, numbers, cardinalities, operators and brackets.
extension UVLLexer {
  /// Scans the token starting at the current byte (not a blank, not a line break).
  mutating func scanToken() throws(UVLError) -> UVLToken {
    let start = position
    let byte = bytes[start]
    func token(_ kind: UVLToken.Kind, length: Int) -> UVLToken {
      position = start + length
      return UVLToken(kind: kind, start: start, end: start + length, line: line)
    }
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
      return token(.word, length: endOfWord(from: start + 1) - start)
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      return token(byte == UInt8(ascii: "'") ? .string : .quotedName, length: try quoted(start))
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      return number(start, digitsFrom: start)
    case UInt8(ascii: "-"):
      if isDigit(start + 1) || (byteIs(start + 1, ".") && isDigit(start + 2)) {
        return number(start, digitsFrom: start + 1)
      }
      return token(.minus, length: 1)
    case UInt8(ascii: "."):
      if isDigit(start + 1) { return number(start, digitsFrom: start) }
      return token(.dot, length: 1)
    case UInt8(ascii: "["):
      if let length = cardinalityLength(start) { return token(.cardinality, length: length) }
      try open(byte)
      return token(.openBracket, length: 1)
    case UInt8(ascii: "{"), UInt8(ascii: "("):
      try open(byte)
      return token(byte == UInt8(ascii: "{") ? .openBrace : .openParen, length: 1)
    case UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ")"):
      try close(byte)
      let kind: UVLToken.Kind =
        byte == UInt8(ascii: "]")
        ? .closeBracket : byte == UInt8(ascii: "}") ? .closeBrace : .closeParen
      return token(kind, length: 1)
    case UInt8(ascii: "!"):
      return byteIs(start + 1, "=") ? token(.notEqual, length: 2) : token(.not, length: 1)
    case UInt8(ascii: "&"): return token(.and, length: 1)
    case UInt8(ascii: "|"): return token(.or, length: 1)
    case UInt8(ascii: "="):
      if byteIs(start + 1, ">") { return token(.implies, length: 2) }
      if byteIs(start + 1, "=") { return token(.equal, length: 2) }
    case UInt8(ascii: "<"):
      if byteIs(start + 1, "="), byteIs(start + 2, ">") { return token(.equivalent, length: 3) }
      return byteIs(start + 1, "=") ? token(.lessEqual, length: 2) : token(.less, length: 1)
    case UInt8(ascii: ">"):
      return byteIs(start + 1, "=") ? token(.greaterEqual, length: 2) : token(.greater, length: 1)
    case UInt8(ascii: "+"): return token(.plus, length: 1)
    case UInt8(ascii: "*"): return token(.star, length: 1)
    case UInt8(ascii: "/"): return token(.slash, length: 1)
    case UInt8(ascii: ","): return token(.comma, length: 1)
    default: break
    }
    throw error(line, .syntax, "unexpected \(describeCharacter(at: start))")
  }

  /// Bytes that continue an unquoted name: the reference grammar's `ID_STRICT`
  /// (`[a-zA-Z0-9_#§%?\\'äüöß;]`), with every non-ASCII letter allowed, not only `§äöüß`.
  static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "#"),
      UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "\\"), UInt8(ascii: "'"),
      UInt8(ascii: ";"), 0x80...0xFF:
      true
    default: false
    }
  }

  private func isDigit(_ index: Int) -> Bool {
    index < bytes.count && bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9")
  }

  private func byteIs(_ index: Int, _ ascii: Unicode.Scalar) -> Bool {
    index < bytes.count && bytes[index] == UInt8(ascii: ascii)
  }

  /// The length of a quoted name or string starting at `start`, quotes included; neither may
  /// span lines.
  private func quoted(_ start: Int) throws(UVLError) -> Int {
    let quote = bytes[start]
    let end = endOfQuoted(from: start + 1, quote: quote)
    let what = quote == UInt8(ascii: "'") ? "string" : "quoted name"
    guard end < bytes.count, bytes[end] == quote else {
      let text = String(decoding: bytes[start..<end], as: UTF8.self)
      throw error(line, .syntax, "the \(what) \(UVLError.quote(text)) is not closed on its line")
    }
    if quote == UInt8(ascii: "\""), end == start + 1 {
      throw error(line, .syntax, "empty quoted name '\"\"'")
    }
    return end + 1 - start
  }

  /// An integer or decimal: digits, then `.` and digits for a decimal (`-?[0-9]*.[0-9]+`).
  private mutating func number(_ start: Int, digitsFrom first: Int) -> UVLToken {
    var end = first
    while isDigit(end) { end += 1 }
    var kind = UVLToken.Kind.integer
    if byteIs(end, "."), isDigit(end + 1) {
      kind = .decimal
      end += 1
      while isDigit(end) { end += 1 }
    }
    position = end
    return UVLToken(kind: kind, start: start, end: end, line: line)
  }

  /// The length of a group cardinality at `start` (`[n]`, `[n..m]`, `[n..*]`, no blanks), or
  /// `nil` when the bracket opens something else.
  private func cardinalityLength(_ start: Int) -> Int? {
    var index = start + 1
    guard isDigit(index) else { return nil }
    while isDigit(index) { index += 1 }
    if byteIs(index, "."), byteIs(index + 1, ".") {
      index += 2
      if byteIs(index, "*") {
        index += 1
      } else {
        guard isDigit(index) else { return nil }
        while isDigit(index) { index += 1 }
      }
    }
    guard byteIs(index, "]") else { return nil }
    return index + 1 - start
  }

  private mutating func open(_ byte: UInt8) throws(UVLError) {
    guard brackets.count < Self.maximumBracketDepth else {
      throw error(line, .limit, "brackets nested more than \(Self.maximumBracketDepth) deep")
    }
    brackets.append((byte, line))
  }

  private mutating func close(_ byte: UInt8) throws(UVLError) {
    let closing = Character(Unicode.Scalar(byte))
    guard let open = brackets.last else {
      throw error(line, .syntax, "unexpected '\(closing)' with no bracket open")
    }
    let expected: UInt8 =
      switch open.byte {
      case UInt8(ascii: "("): UInt8(ascii: ")")
      case UInt8(ascii: "["): UInt8(ascii: "]")
      default: UInt8(ascii: "}")
      }
    guard byte == expected else {
      let opening = Character(Unicode.Scalar(open.byte))
      throw error(
        line, .syntax,
        "unexpected '\(closing)': the '\(opening)' opened on line \(open.line) is still open")
    }
    brackets.removeLast()
  }

  /// The character at `index` for a message: `'é'`, `NUL byte`, or `invalid UTF-8 byte 0xFF`.
  private func describeCharacter(at index: Int) -> String {
    let byte = bytes[index]
    if byte == 0 { return "NUL byte" }
    if byte < 0x80 { return "character '\(Character(Unicode.Scalar(byte)))'" }
    var iterator = bytes[index..<min(bytes.count, index + 4)].makeIterator()
    var decoder = UTF8()
    if case .scalarValue(let scalar) = decoder.decode(&iterator) {
      return "character '\(Character(scalar))' (names starting with it must be quoted)"
    }
    let hex = String(byte, radix: 16, uppercase: true)
    return "invalid UTF-8 byte 0x\(hex)"
  }

  // MARK: - Text

  /// The source text of a byte range, decoded leniently; for messages and kept attribute text.
  func source(_ start: Int, _ end: Int) -> String {
    String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// The text of a `word` token short enough to be a keyword (at most 11 bytes: `alternative`,
  /// `cardinality`), else `nil`: the long names of real models cost no allocation here.
  func keyword(_ token: UVLToken) -> String? {
    guard token.kind == .word, token.end - token.start <= 11 else { return nil }
    return source(token.start, token.end)
  }

  /// The source text of a token, for messages.
  func source(_ token: UVLToken) -> String {
    switch token.kind {
    case .newline: "end of line"
    case .indent: "indentation"
    case .dedent: "end of an indented block"
    case .end: "end of file"
    default: source(token.start, token.end)
    }
  }

  /// The source text of a byte range that is kept (an attribute value), checked to be UTF-8.
  ///
  /// - Throws: ``UVLError`` when the bytes are not valid UTF-8.
  func validText(_ start: Int, _ end: Int, line: Int) throws(UVLError) -> String {
    guard let text = validString(start, end) else {
      throw error(line, .syntax, "invalid UTF-8 in \(UVLError.quote(source(start, end)))")
    }
    return text
  }

  /// The name a `word` or `quotedName` token stands for (a quoted name without its quotes).
  ///
  /// - Throws: ``UVLError`` when the bytes are not valid UTF-8.
  func name(_ token: UVLToken) throws(UVLError) -> String {
    let start = token.kind == .quotedName ? token.start + 1 : token.start
    let end = token.kind == .quotedName ? token.end - 1 : token.end
    guard let text = validString(start, end) else {
      throw error(
        token.line, .syntax, "invalid UTF-8 in the name \(UVLError.quote(source(start, end)))")
    }
    return text
  }

  /// The bytes of a range as a string, or `nil` when they are not valid UTF-8. ASCII (every
  /// name of the public models) is copied at once; only other bytes go through the standard
  /// library's validation, which is generic and costs a thousand instructions a name.
  private func validString(_ start: Int, _ end: Int) -> String? {
    bytes.withUnsafeBufferPointer { buffer in
      let range = UnsafeBufferPointer(rebasing: buffer[start..<end])
      if !range.contains(where: { $0 >= 0x80 }) { return String(decoding: range, as: UTF8.self) }
      return String(validating: range, as: UTF8.self)
    }
  }

  /// Whether `token` is the `word` spelled `keyword`, compared byte by byte: no `String`
  /// is made for the names that are not.
  func isWord(_ token: UVLToken, _ keyword: StaticString) -> Bool {
    guard token.kind == .word, token.end - token.start == keyword.utf8CodeUnitCount else {
      return false
    }
    return keyword.withUTF8Buffer { key in
      key.indices.allSatisfy { bytes[token.start + $0] == key[$0] }
    }
  }
}
