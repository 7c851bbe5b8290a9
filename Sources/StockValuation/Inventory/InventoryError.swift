import Support

/// An error reading an inventory CSV, naming file, line and field.
///
/// Its text is `stock.csv:7: unit_price: bad number '12abc'`; the field is left out when the
/// whole record is at fault (`stock.csv:5: expected 4 fields, found 3`), the line when the
/// whole file is (`stock.csv: cannot open: No such file or directory`).
public struct InventoryError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file as the caller named it.
  public let file: String
  /// The 1-based line where the faulty record starts, if one record is at fault.
  public let line: Int?
  /// The column name, if one field is at fault.
  public let field: String?
  /// What is wrong.
  public let reason: String

  /// Creates an error.
  /// - Parameters:
  ///   - file: The file as the caller named it.
  ///   - line: The 1-based line, if one record is at fault.
  ///   - field: The column name, if one field is at fault.
  ///   - reason: What is wrong.
  public init(file: String, line: Int?, field: String?, reason: String) {
    self.file = file
    self.line = line
    self.field = field
    self.reason = reason
  }

  /// `file:line: field: reason`, leaving out the parts that do not apply.
  ///
  /// Control characters in quoted values are escaped (`\n`), so it stays one line.
  public var description: String { unescapedDescription.escapingControlCharacters }

  private var unescapedDescription: String {
    var text = file
    if let line { text += ":\(line)" }
    if let field { text += ": \(field)" }
    return text + ": " + reason
  }
}
