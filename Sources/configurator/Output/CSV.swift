/// RFC 4180 output: fields quoted when they hold a comma, quote or line break.
enum CSV {
  static func field(_ text: String) -> String {
    guard mayNeedQuotes(text),
      text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
    else {
      return text
    }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  static func row(_ fields: [String]) -> String {
    var row = ""
    for (index, text) in fields.enumerated() {
      if index > 0 { row += "," }
      row += field(text)
    }
    return row
  }

  /// Whether a field holds a comma, quote, CR or LF byte at all: without one, no character
  /// of it is one, and the field is checked by its bytes rather than by its characters.
  private static func mayNeedQuotes(_ text: String) -> Bool {
    let answer = text.utf8.withContiguousStorageIfAvailable { bytes in
      for byte in bytes where byte == 0x2C || byte == 0x22 || byte == 0x0A || byte == 0x0D {
        return true
      }
      return false
    }
    // Text not stored contiguously is checked by its characters.
    return answer ?? true
  }
}

extension String {
  fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
