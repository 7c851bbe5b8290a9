internal import Support

/// The one rule for text that goes on a customer's document as typed: the dealer's name and
/// the customer. Printed on paper and on an HTML page, so it is one line of printable
/// characters, not too long to fit.
package enum DocumentText {
  /// The longest name kept, in characters.
  package static let maximumLength = 120

  /// What can be wrong with a name on a document.
  package enum Problem: Equatable {
    case empty
    case controlCharacter
    /// Longer than ``DocumentText/maximumLength`` characters.
    case tooLong
  }

  /// What is wrong with `text` as a name on a document, or `nil` when it is fine.
  ///
  /// - Parameter text: The name as typed.
  /// - Returns: The problem, or `nil`.
  package static func problem(_ text: String) -> Problem? {
    if text.isEmpty || text.allSatisfy({ $0 == " " }) { return .empty }
    // Bidirectional controls too: invisible, they reorder a printed line (issue 49).
    if text.containsControlOrBidi { return .controlCharacter }
    if text.count > maximumLength { return .tooLong }
    return nil
  }
}
