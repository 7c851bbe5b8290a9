/// Text made to fit a number of terminal columns, measured by ``DisplayWidth``: cut short with
/// `…`, wrapped at spaces, or a long line folded under its own indentation.
enum TextWrap {
  /// The ellipsis that ends a cut cell: one column.
  static let ellipsis: Character = "…"

  /// `text` as it is when it fits in `width` columns, else its start and `…` in `width`
  /// columns.
  ///
  /// - Parameters:
  ///   - text: The text, one line.
  ///   - width: The columns it may take (at least 1 for anything to show).
  /// - Returns: The text, at most `width` columns wide.
  static func elide(_ text: String, to width: Int) -> String {
    guard DisplayWidth.of(text) > width else { return text }
    guard width > 0 else { return "" }
    var kept = ""
    var used = 0
    for character in text {
      let columns = DisplayWidth.of(character)
      if used + columns > width - 1 { break }
      kept.append(character)
      used += columns
    }
    kept.append(ellipsis)
    return kept
  }

  /// `text` in lines of at most `width` columns, broken at spaces (a word wider than the
  /// width is broken where the width ends). Spaces at a break are dropped.
  ///
  /// - Parameters:
  ///   - text: The text, one line.
  ///   - width: The columns a line may take; below 1, the text is one line as it is.
  /// - Returns: At least one line.
  static func wrap(_ text: String, width: Int) -> [String] {
    lines(of: text, first: width, rest: width)
  }

  /// A line too wide for `width` columns, folded: the first piece as wide as the width
  /// allows, the rest indented under the line's own text (a term's description, after the
  /// gap of two spaces that sets it off, or two columns past the line's leading blanks).
  ///
  /// - Parameters:
  ///   - line: One line, without its line break.
  ///   - width: The columns a line may take.
  /// - Returns: The line when it fits, else its pieces.
  static func fold(_ line: String, width: Int) -> [String] {
    guard width > 0, DisplayWidth.of(line) > width else { return [line] }
    let indent = continuationIndent(of: line, width: width)
    let pieces = lines(of: line, first: width, rest: width - indent, keepingLeadingBlanks: true)
    let margin = String(repeating: " ", count: indent)
    return pieces.enumerated().map { $0.offset == 0 ? $0.element : margin + $0.element }
  }

  /// Where a folded line's next pieces start: under a description set off by two spaces in
  /// the first half of the line, else two columns past its leading blanks (never more than
  /// half the width, so a piece keeps room).
  private static func continuationIndent(of line: String, width: Int) -> Int {
    var column = 0
    var leading = 0
    var inLeadingBlanks = true
    var blanks = 0
    var sawText = false
    for character in line {
      if character == " " {
        blanks += 1
        if inLeadingBlanks { leading += 1 }
      } else {
        if sawText, blanks >= 2, column < width / 2 { return column }
        inLeadingBlanks = false
        sawText = true
        blanks = 0
      }
      column += DisplayWidth.of(character)
    }
    return min(leading + 2, width / 2)
  }

  /// The text in pieces: the first at most `first` columns, the others at most `rest`.
  private static func lines(
    of text: String, first: Int, rest: Int, keepingLeadingBlanks: Bool = false
  ) -> [String] {
    guard first > 0, rest > 0 else { return [text] }
    var pieces: [String] = []
    var remaining = Substring(text)
    if !keepingLeadingBlanks { remaining = remaining.drop { $0 == " " } }
    var limit = first
    while true {
      // The last space that leaves a piece within the limit, else a hard break; the scan
      // stops at the limit, so a long text is measured once.
      var used = 0
      var lastSpace: Substring.Index?
      var index = remaining.startIndex
      var sawText = false
      var fits = true
      while index < remaining.endIndex {
        let character = remaining[index]
        let columns = DisplayWidth.of(character)
        if used + columns > limit {
          fits = false
          // A space that does not fit is where the piece ends.
          if character == " ", sawText { lastSpace = index }
          break
        }
        if character == " ", sawText { lastSpace = index }
        if character != " " { sawText = true }
        used += columns
        index = remaining.index(after: index)
      }
      if fits { break }
      if index == remaining.startIndex { index = remaining.index(after: index) }
      let end = lastSpace ?? index
      var piece = String(remaining[..<end])
      while piece.last == " " { piece.removeLast() }
      pieces.append(piece)
      remaining = remaining[end...].drop { $0 == " " }
      limit = rest
    }
    if !remaining.isEmpty || pieces.isEmpty { pieces.append(String(remaining)) }
    return pieces
  }
}
