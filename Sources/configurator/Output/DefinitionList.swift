/// Terms and their descriptions as help lays them out (clap, argparse, git): the term
/// indented, the descriptions in one column and wrapped in it, a term too wide for the column
/// with its description on the next line, every line within the width.
struct DefinitionList {
  /// The terms and descriptions, in order.
  var entries: [(term: String, description: String)] = []

  /// How far terms are indented.
  var indent = 2
  /// The widest term column; a wider term has its description on the next line.
  var widestTerm = 30
  /// The term column, when lists are to align with each other (help's tasks); else that of
  /// the widest term no wider than ``widestTerm``.
  var termColumn: Int?
  /// The narrowest description column worth keeping beside the terms; a narrower
  /// terminal shows every description under its term.
  static let narrowestDescription = 24

  /// The list's lines at `width` columns.
  ///
  /// - Parameter width: The columns a line may take.
  /// - Returns: The lines, without trailing blanks.
  func lines(width: Int) -> [String] {
    let termWidths = entries.map { DisplayWidth.of($0.term) }
    let fitting = termWidths.filter { $0 <= widestTerm }
    var termColumn = self.termColumn ?? fitting.max() ?? widestTerm
    var descriptionColumn = indent + termColumn + 2
    var beside = true
    if width - descriptionColumn < Self.narrowestDescription {
      beside = false
      termColumn = 0
      descriptionColumn = indent + 4
    }
    let margin = String(repeating: " ", count: descriptionColumn)
    let lead = String(repeating: " ", count: indent)
    var lines: [String] = []
    for (index, entry) in entries.enumerated() {
      let description = TextWrap.wrap(entry.description, width: width - descriptionColumn)
        .filter { !$0.isEmpty }
      var rest = description[...]
      let term = TextWrap.wrap(entry.term, width: width - indent)
      for (line, piece) in term.enumerated() {
        let head = lead + (line == 0 ? "" : "  ") + piece
        if beside, term.count == 1, termWidths[index] <= termColumn,
          let first = rest.first
        {
          let padding = String(repeating: " ", count: termColumn - DisplayWidth.of(piece))
          lines.append(head + padding + "  " + first)
          rest = rest.dropFirst()
        } else {
          lines.append(head)
        }
      }
      for piece in rest { lines.append(margin + piece) }
    }
    return lines.map { line in
      var trimmed = line
      while trimmed.last == " " { trimmed.removeLast() }
      return trimmed
    }
  }
}
