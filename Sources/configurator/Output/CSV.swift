internal import Dealership

/// RFC 4180 output: fields quoted when they hold a comma, quote or line break.
///
/// Decided on bytes, as a CSV reader reads them: a comma, quote, CR or LF byte is one
/// whatever follows it (a combining accent after a comma, or CR LF, are one `Character` each,
/// which a check by characters would miss, leaving the field unquoted).
enum CSV {
  static func field(_ text: String) -> String {
    let quote = UInt8(ascii: "\"")
    guard text.utf8.contains(where: needsQuotes) else { return text }
    var bytes: [UInt8] = [quote]
    bytes.reserveCapacity(text.utf8.count + 8)
    for byte in text.utf8 {
      bytes.append(byte)
      // A quote inside is doubled; ASCII bytes added to UTF-8 keep it valid.
      if byte == quote { bytes.append(quote) }
    }
    bytes.append(quote)
    return String(decoding: bytes, as: UTF8.self)
  }

  static func row(_ fields: [String]) -> String {
    var row = ""
    for (index, text) in fields.enumerated() {
      if index > 0 { row += "," }
      row += field(text)
    }
    return row
  }

  /// Whether a byte makes its field quoted: a comma, quote, CR or LF.
  private static func needsQuotes(_ byte: UInt8) -> Bool {
    byte == 0x2C || byte == 0x22 || byte == 0x0A || byte == 0x0D
  }
}
