/// Splits a UVL file into tokens, a byte at a time (never walking `Character`s), with the
/// layout tokens of UVL's indentation-based grammar: `newline`, `indent`, `dedent`.
///
/// Layout follows the reference lexer (`uvl-parser`'s `UVLJavaLexer.g4`): line breaks inside
/// `( )`, `[ ]`, `{ }` and block comments are blanks, so a constraint or an attribute list may
/// continue over lines while a bracket is open; blank and comment-only lines are skipped.
///
/// Indentation is compared as text, not as a tab width: a deeper line's indentation must begin
/// with the indentation of the level around it, and a shallower line must match an open level
/// exactly. Files that indent with tabs, with spaces, or with one consistent mixture all read
/// the same everywhere; a line whose meaning would depend on the width of a tab (a tab where
/// the enclosing level has spaces, or the reverse) is refused, naming the line it disagrees
/// with. (The reference lexer counts a tab as up to eight spaces, which editors do not agree on.)
struct UVLLexer {
  /// The file's bytes.
  let bytes: [UInt8]
  /// The source name for messages.
  let file: String
  var position: Int
  var line = 1
  private var atLineStart = true
  private var reachedEnd = false
  /// The indentation of every open level (byte range and the line that opened it); the
  /// outermost level, with no indentation, is implicit.
  private var indents: [(start: Int, end: Int, line: Int)] = []
  private var pendingDedents = 0
  /// Open brackets with the line each was opened on, for "unclosed" messages.
  var brackets: [(byte: UInt8, line: Int)] = []
  /// Tokens read ahead by ``peek(_:)``, front first.
  private var buffered: [UVLToken] = []

  /// The deepest nesting of brackets accepted.
  static let maximumBracketDepth = 1_000

  /// Creates a lexer; a UTF-8 byte order mark at the start is skipped.
  ///
  /// - Parameters:
  ///   - bytes: The file's bytes.
  ///   - file: The source name for messages.
  init(bytes: [UInt8], file: String) {
    self.bytes = bytes
    self.file = file
    position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
  }

  /// The next token.
  ///
  /// - Returns: The token; `end` again and again once the file is over.
  /// - Throws: ``UVLError`` for a character no token starts with, an unterminated name,
  ///   string or comment, unbalanced brackets or inconsistent indentation.
  mutating func next() throws(UVLError) -> UVLToken {
    if !buffered.isEmpty { return buffered.removeFirst() }
    return try produce()
  }

  /// A token ahead without consuming it.
  ///
  /// - Parameter ahead: How many tokens to look past (0: the next one).
  /// - Returns: The token.
  /// - Throws: As ``next()``.
  mutating func peek(_ ahead: Int = 0) throws(UVLError) -> UVLToken {
    while buffered.count <= ahead { buffered.append(try produce()) }
    return buffered[ahead]
  }

  /// An error on a line of this file.
  func error(_ line: Int?, _ kind: UVLError.Kind, _ message: String) -> UVLError {
    UVLError(file: file, line: line, kind: kind, message: message)
  }

  // MARK: - Layout

  private mutating func produce() throws(UVLError) -> UVLToken {
    if pendingDedents > 0 {
      pendingDedents -= 1
      return UVLToken(kind: .dedent, start: position, end: position, line: line)
    }
    if reachedEnd { return UVLToken(kind: .end, start: position, end: position, line: line) }
    if atLineStart {
      atLineStart = false
      if let layout = try layoutLine() { return layout }
    }
    try skipBlanks()
    guard position < bytes.count else {
      if let open = brackets.last {
        throw error(
          open.line, .syntax, "'\(Character(Unicode.Scalar(open.byte)))' is never closed")
      }
      // The last line has no line break: end it, then close the open levels.
      atLineStart = true
      return UVLToken(kind: .newline, start: position, end: position, line: line)
    }
    let byte = bytes[position]
    if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
      let token = UVLToken(kind: .newline, start: position, end: position + 1, line: line)
      consumeLineBreak()
      atLineStart = true
      return token
    }
    return try scanToken()
  }

  /// At the start of a line: skips blank and comment-only lines, then compares the next
  /// line's indentation with the open levels.
  ///
  /// - Returns: `indent`, the first `dedent` (the others pending), `end` at the end of the
  ///   file, or `nil` when the line stays on the current level.
  private mutating func layoutLine() throws(UVLError) -> UVLToken? {
    while true {
      let indentStart = position
      while position < bytes.count,
        bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t")
      {
        position += 1
      }
      let indentEnd = position
      try skipBlanks()
      guard position < bytes.count else {
        reachedEnd = true
        pendingDedents = indents.count
        indents.removeAll()
        if pendingDedents > 0 {
          pendingDedents -= 1
          return UVLToken(kind: .dedent, start: position, end: position, line: line)
        }
        return UVLToken(kind: .end, start: position, end: position, line: line)
      }
      let byte = bytes[position]
      if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
        consumeLineBreak()
        continue
      }
      return try indentation(start: indentStart, end: indentEnd)
    }
  }

  private mutating func indentation(start: Int, end: Int) throws(UVLError) -> UVLToken? {
    let top = indents.last ?? (start: 0, end: 0, line: 0)
    let length = end - start
    let topLength = top.end - top.start
    guard sameBytes(start, top.start, count: min(length, topLength)) else {
      throw inconsistentIndentation(with: top.line)
    }
    if length == topLength { return nil }
    if length > topLength {
      indents.append((start, end, line))
      return UVLToken(kind: .indent, start: start, end: end, line: line)
    }
    // The open levels no deeper than this line stay open.
    let kept = indents.lastIndex { $0.end - $0.start <= length }.map { $0 + 1 } ?? 0
    let level = kept > 0 ? indents[kept - 1] : (start: 0, end: 0, line: 0)
    guard level.end - level.start == length else {
      let known = ([0] + indents.map { $0.end - $0.start }).map(String.init)
      throw error(
        line, .syntax,
        "indentation of \(length) characters matches no enclosing level "
          + "(open levels: \(known.joined(separator: ", ")))")
    }
    pendingDedents = indents.count - kept - 1
    indents.removeSubrange(kept...)
    return UVLToken(kind: .dedent, start: start, end: end, line: line)
  }

  private func inconsistentIndentation(with other: Int) -> UVLError {
    let tabs = "tabs and spaces"
    guard other > 0 else {
      return error(line, .syntax, "indentation mixes \(tabs) inconsistently")
    }
    return error(
      line, .syntax,
      "indentation mixes \(tabs) differently from line \(other), so its depth depends on the "
        + "tab width; indent both the same way")
  }

  private func sameBytes(_ a: Int, _ b: Int, count: Int) -> Bool {
    var index = 0
    while index < count {
      if bytes[a + index] != bytes[b + index] { return false }
      index += 1
    }
    return true
  }

  private mutating func consumeLineBreak() {
    if bytes[position] == UInt8(ascii: "\r"), position + 1 < bytes.count,
      bytes[position + 1] == UInt8(ascii: "\n")
    {
      position += 1
    }
    position += 1
    line += 1
  }

  /// Skips spaces, tabs and comments, and line breaks while a bracket is open.
  private mutating func skipBlanks() throws(UVLError) {
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
        position += 1
      } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count,
        bytes[position + 1] == UInt8(ascii: "/")
      {
        position = endOfLine(from: position)
      } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count,
        bytes[position + 1] == UInt8(ascii: "*")
      {
        try skipBlockComment()
      } else if !brackets.isEmpty, byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
        consumeLineBreak()
      } else {
        return
      }
    }
  }

  private mutating func skipBlockComment() throws(UVLError) {
    let opened = line
    position += 2
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "*"), position + 1 < bytes.count,
        bytes[position + 1] == UInt8(ascii: "/")
      {
        position += 2
        return
      }
      if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
        consumeLineBreak()
      } else {
        position += 1
      }
    }
    throw error(opened, .syntax, "the comment '/*' is never closed with '*/'")
  }
}
