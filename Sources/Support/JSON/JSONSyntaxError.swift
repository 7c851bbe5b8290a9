/// Why a text is not JSON, and where (1-based line and column of the character at fault).
package struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
  /// What is wrong (`expected a quoted key, found ','`).
  package let reason: String
  /// The line of the character at fault.
  package let line: Int
  /// The column of the character at fault, counted in characters.
  package let column: Int
  /// Whether the text simply stopped, as a truncated file does.
  package let atEnd: Bool

  /// The reason with its place: `… at line 7, column 18`, or a hint at truncation.
  package var description: String {
    atEnd
      ? "\(reason) (the file ends too early: is it truncated?)"
      : "\(reason) at line \(line), column \(column)"
  }
}
