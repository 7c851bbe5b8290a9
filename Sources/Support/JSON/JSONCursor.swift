/// A reader of a document that ``JSONScanner/check(_:)`` has passed: it walks the bytes
/// without checking them again, and builds nothing but what it is asked for (a key, a string,
/// a number's text). ``JSONValueDecoder`` decodes with it straight from the bytes.
///
/// On bytes that were not checked it cannot crash (every index is bounds-checked and every
/// loop moves forward) but may read nonsense.
struct JSONCursor {
  /// The document.
  let bytes: UnsafeBufferPointer<UInt8>
  /// Where the cursor is.
  var index: Int

  /// The kind of value that starts at `index`.
  enum Kind {
    case object, array, string, number, bool, null
  }

  /// The kind of the value at `index` (after whitespace has been skipped).
  var kind: Kind {
    guard index < bytes.count else { return .null }
    switch bytes[index] {
    case UInt8(ascii: "{"): return .object
    case UInt8(ascii: "["): return .array
    case UInt8(ascii: "\""): return .string
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
    case UInt8(ascii: "n"): return .null
    default: return .number
    }
  }

  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  /// Moves past the value at `index`: a string by its quotes, a list or object by counting
  /// brackets outside strings, anything else up to the next delimiter.
  mutating func skipValue() {
    guard index < bytes.count else { return }
    switch bytes[index] {
    case UInt8(ascii: "\""): skipString()
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var depth = 0
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "\""):
          skipString()
          continue
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          if depth == 0 {
            index += 1
            return
          }
        default: break
        }
        index += 1
      }
    default:
      while index < bytes.count, !Self.isDelimiter(bytes[index]) { index += 1 }
    }
  }

  /// Moves past the string at `index` (its opening quote).
  mutating func skipString() {
    index += 1
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\\"): index += 2
      case UInt8(ascii: "\""):
        index += 1
        return
      default: index += 1
      }
    }
  }

  /// The string at `index`, decoded; the cursor moves past it.
  mutating func readString() -> String {
    index += 1
    let start = index
    var hasEscapes = false
    while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
      if bytes[index] == UInt8(ascii: "\\") {
        hasEscapes = true
        index += 1
      }
      index += 1
    }
    let end = min(index, bytes.count)
    index = min(index + 1, bytes.count)
    let raw = UnsafeBufferPointer(rebasing: bytes[start..<end])
    guard hasEscapes else { return String(decoding: raw, as: UTF8.self) }
    return String(decoding: Self.unescaped(raw), as: UTF8.self)
  }

  /// The text of the number, `true`, `false` or `null` at `index`; the cursor moves past it.
  mutating func readWord() -> String {
    let start = index
    while index < bytes.count, !Self.isDelimiter(bytes[index]) { index += 1 }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
  }

  /// Moves into the object or list at `index`, to its first member or element; `false` if it
  /// is empty (the cursor is then past it).
  mutating func enterContainer() -> Bool {
    index += 1
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") || bytes[index] == UInt8(ascii: "]") {
      index += 1
      return false
    }
    return true
  }

  /// Moves from the end of a member or element to the next one; `false` at the end of the
  /// container (the cursor is then past it).
  mutating func advanceInContainer() -> Bool {
    skipWhitespace()
    guard index < bytes.count else { return false }
    let byte = bytes[index]
    index += 1
    guard byte == UInt8(ascii: ",") else { return false }
    skipWhitespace()
    return true
  }

  /// Reads the key of the member at `index` and moves to its value.
  mutating func readKey() -> String {
    let key = readString()
    skipWhitespace()
    index += 1  // ':'
    skipWhitespace()
    return key
  }

  /// The number of elements of the list, or members of the object, at `index` (the cursor
  /// does not move).
  func count() -> Int {
    var cursor = self
    guard cursor.enterContainer() else { return 0 }
    let isObject = bytes[index] == UInt8(ascii: "{")
    var count = 0
    repeat {
      if isObject { cursor.skipString() }
      cursor.skipWhitespace()
      if isObject {
        cursor.index += 1
        cursor.skipWhitespace()
      }
      cursor.skipValue()
      count += 1
    } while cursor.advanceInContainer()
    return count
  }

  private static func isDelimiter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x09, 0x0A, 0x0D: true
    default: false
    }
  }

  /// The bytes of a checked string body with its escapes replaced.
  private static func unescaped(_ raw: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(raw.count)
    var index = 0
    func hex(at position: Int) -> UInt32 {
      var value: UInt32 = 0
      for offset in 0..<4 where position + offset < raw.count {
        let byte = raw[position + offset]
        let digit: UInt8 =
          switch byte {
          case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
          case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
          default: byte &- UInt8(ascii: "A") &+ 10
          }
        value = value << 4 | UInt32(digit & 0xF)
      }
      return value
    }
    while index < raw.count {
      let byte = raw[index]
      guard byte == UInt8(ascii: "\\"), index + 1 < raw.count else {
        result.append(byte)
        index += 1
        continue
      }
      let escape = raw[index + 1]
      index += 2
      switch escape {
      case UInt8(ascii: "b"): result.append(8)
      case UInt8(ascii: "f"): result.append(12)
      case UInt8(ascii: "n"): result.append(10)
      case UInt8(ascii: "r"): result.append(13)
      case UInt8(ascii: "t"): result.append(9)
      case UInt8(ascii: "u"):
        var scalar = hex(at: index)
        index += 4
        // The checker let through only whole surrogate pairs.
        if (0xD800..<0xDC00).contains(scalar), index + 6 <= raw.count,
          raw[index] == UInt8(ascii: "\\")
        {
          let low = hex(at: index + 2)
          index += 6
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + ((low &- 0xDC00) & 0x3FF)
        }
        let character = Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}"
        result.append(contentsOf: String(character).utf8)
      default: result.append(escape)
      }
    }
    return result
  }
}
