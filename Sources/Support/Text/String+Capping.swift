extension String {
  /// The longest a quoted value stays in a message, in characters, `…` included.
  package static let quotedValueLimit = 120
  /// The longest a message gets, in characters, `…` included.
  package static let messageLimit = 1000

  /// The message with every quoted value (between `'` or `"` marks) longer than
  /// ``quotedValueLimit`` cut to its start and `…`, and the whole message then cut to
  /// ``messageLimit``: a 50 MB bad value gives a readable one-line error, not a 50 MB line.
  ///
  /// An unclosed quote runs to the end of the message.
  package var cappingQuotedValues: String {
    guard utf8.count > Self.quotedValueLimit else { return self }
    var result = ""
    var rest = self[...]
    while let open = rest.firstIndex(where: { $0 == "'" || $0 == "\"" }) {
      let mark = rest[open]
      result += rest[...open]
      let valueStart = rest.index(after: open)
      let close = rest[valueStart...].firstIndex(of: mark) ?? rest.endIndex
      let value = rest[valueStart..<close]
      // Measured only up to the limit: a value of megabytes is not walked twice.
      let isLong =
        value.index(value.startIndex, offsetBy: Self.quotedValueLimit, limitedBy: value.endIndex)
        .map { $0 < value.endIndex } ?? false
      result += isLong ? value.prefix(Self.quotedValueLimit - 1) + "…" : value
      rest = rest[close...]
      guard let first = rest.first else { break }
      result.append(first)
      rest = rest.dropFirst()
    }
    result += rest
    return result.capped(at: Self.messageLimit)
  }
}
