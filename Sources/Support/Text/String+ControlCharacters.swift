extension String {
  /// The text with control characters written as escapes (`\n`, `\r`, `\t`, `\u{1B}`), so that
  /// a message quoting a bad value stays on one line and cannot drive the terminal.
  ///
  /// The one escaping of the package: every error type's description goes through it.
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

  /// The text cut to at most `limit` characters, ending with `…` when it was cut, so that a
  /// message quoting a runaway value stays readable.
  ///
  /// - Parameter limit: The most characters kept, the `…` included.
  /// - Returns: The text, or its start and `…`.
  package func capped(at limit: Int) -> String {
    guard limit > 0, count > limit else { return self }
    return prefix(limit - 1) + "…"
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
