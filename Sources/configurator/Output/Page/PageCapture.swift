/// What a text renderer wrote for a printable page, in order: its lines of text and its
/// tables as tables (``TextTable/write(to:width:)`` hands a table here instead of laying it
/// out in columns of spaces), so the page sets every table as an HTML table that fits the
/// paper, whatever the command.
final class PageCapture {
  enum Part {
    case text(String)
    case table(TextTable)
  }

  private(set) var parts: [Part] = []
  /// How much of the stream's text is in ``parts`` already.
  private var taken = 0

  /// Takes a table, after the text written before it.
  func add(_ table: TextTable, after stream: OutputStream) {
    takeText(of: stream)
    parts.append(.table(table))
  }

  /// Takes the text written since the last part.
  func takeText(of stream: OutputStream) {
    let text = stream.text(from: taken)
    taken = stream.count
    if !text.isEmpty { parts.append(.text(text)) }
  }
}
