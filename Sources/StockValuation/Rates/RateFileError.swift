import Support

/// An error reading a rates file, naming the file and, where it applies, the line.
///
/// Its text is `rates.csv:3: bad rate 'abc' for USD`, or `rates.csv: no rates found` when no
/// single line is at fault.
public struct RateFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file as the caller named it.
  public let file: String
  /// The 1-based line, if one line is at fault.
  public let line: Int?
  /// What is wrong.
  public let reason: String

  /// Creates an error.
  /// - Parameters:
  ///   - file: The file as the caller named it.
  ///   - line: The 1-based line, if one line is at fault.
  ///   - reason: What is wrong.
  public init(file: String, line: Int?, reason: String) {
    self.file = file
    self.line = line
    self.reason = reason
  }

  /// `file:line: reason`, or `file: reason`.
  ///
  /// Control characters in quoted values are escaped (`\n`), so it stays one line.
  public var description: String { unescapedDescription.escapingControlCharacters }

  private var unescapedDescription: String {
    if let line { return "\(file):\(line): \(reason)" }
    return "\(file): \(reason)"
  }
}
