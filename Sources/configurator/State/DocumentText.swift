/// The one rule for text that goes on a customer's document as typed: the dealer's name and
/// the customer. Printed on paper and on an HTML page, so it is one line of printable
/// characters, not too long to fit.
enum DocumentText {
  /// The longest name kept, in characters.
  static let maximumLength = 120

  /// What is wrong with `text` as a name on a document, or `nil` when it is fine.
  ///
  /// - Parameter text: The name as typed.
  /// - Returns: The problem (`contains a control character`), or `nil`.
  static func problem(_ text: String) -> String? {
    if text.isEmpty || text.allSatisfy({ $0 == " " }) { return "is empty" }
    if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      return "contains a control character"
    }
    if text.count > maximumLength { return "is longer than \(maximumLength) characters" }
    return nil
  }
}
