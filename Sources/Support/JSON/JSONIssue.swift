/// A problem with a document that is valid JSON but not what its schema asks for, with the
/// JSON path to it. Each file format words the problem in its own messages (see the catalog
/// and session-file errors); the path is written once, here.
package struct JSONIssue: Error, Equatable {
  /// What is wrong.
  package enum Problem: Equatable, Sendable {
    /// An object lacks a key its schema requires (the path is the object's).
    case missingKey(String)
    /// An object has a key its schema does not know (the path is the key's).
    case unknownKey(String, allowed: [String])
    /// A value has the wrong kind (`expected a string, got the number 1`).
    case wrongType(expected: JSONKind, found: JSONLeaf)
    /// A value breaks a rule of the schema; the text says which.
    case invalid(String)
  }

  /// Where: `models[2].drive`; empty for the document as a whole.
  package let path: String
  /// What is wrong.
  package let problem: Problem

  /// Creates an issue.
  ///
  /// - Parameters:
  ///   - path: The JSON path, as ``path(_:)`` writes it.
  ///   - problem: What is wrong.
  package init(path: String, problem: Problem) {
    self.path = path
    self.problem = problem
  }

  /// Creates an issue at a coding path.
  ///
  /// - Parameters:
  ///   - codingPath: The decoder's keys and indices.
  ///   - problem: What is wrong.
  package init(at codingPath: [any CodingKey], _ problem: Problem) {
    self.init(path: Self.path(codingPath), problem: problem)
  }

  /// A coding path as users read it: `models[2].drive`, `stock[0].quantity`, `""` at the root.
  ///
  /// - Parameter codingPath: Keys and array indices from the root.
  /// - Returns: The path text.
  package static func path(_ codingPath: [any CodingKey]) -> String {
    var text = ""
    for key in codingPath {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return text
  }

  /// The path of a key inside the object at `path`.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - path: The object's path.
  /// - Returns: `path.key`, or `key` at the root.
  package static func path(of key: String, in path: String) -> String {
    path.isEmpty ? key : "\(path).\(key)"
  }
}
