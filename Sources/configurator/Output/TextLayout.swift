/// How wide the text renderer's lines may be, which the driver decides (``Screen``): a
/// terminal's width, `--width N`, or no limit for pipes and files, whose lines scripts read.
///
/// A reference the driver keeps: at the prompt the width is read again before each command,
/// as the terminal may have been resized.
final class TextLayout {
  /// The columns a line may take; `nil` for no limit.
  var width: Int?

  /// A layout of `width` columns (`nil` or 0: no limit).
  init(width: Int? = nil) {
    self.width = width.flatMap { $0 > 0 ? $0 : nil }
  }

  /// The width help is laid out in: the layout's, and never past 80 columns, so help reads
  /// alike in a terminal, a pipe and the man page (SPEC §14).
  var helpWidth: Int { min(width ?? Self.helpColumns, Self.helpColumns) }

  /// The widest help gets.
  static let helpColumns = 80
}
