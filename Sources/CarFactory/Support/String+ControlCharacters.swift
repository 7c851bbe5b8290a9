extension String {
  /// The text with control characters written as escapes (`\n`, `\r`, `\t`, `\u{1B}`), so that
  /// a message quoting a bad value stays on one line and cannot drive the terminal.
  ///
  /// `package` so the command-line front can use it for its own messages.
  package var escapingControlCharacters: String {
    guard unicodeScalars.contains(where: \.needsEscape) else { return self }
    var result = ""
    for scalar in unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.needsEscape:
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

extension Unicode.Scalar {
  /// Control characters and the Unicode line and paragraph separators.
  fileprivate var needsEscape: Bool {
    switch properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator: true
    default: false
    }
  }
}
