internal import CarFactory
internal import Dealership
import Support

/// Why a session file was refused: the file, where in its JSON, and what is wrong.
///
/// Its text is `dealer.json: stock[3].quantity: must not be negative, got -1`; the JSON path
/// is left out when the file as a whole is at fault (`dealer.json: not valid JSON: …`).
struct SessionFileError: Error, Equatable, CustomStringConvertible {
  /// The file as the user named it.
  let file: String
  /// Where in the JSON the problem is (`builds[0].model`), or empty for the whole file.
  let path: String
  /// What is wrong, naming the bad value.
  let reason: String

  /// The one-line message; control characters are escaped so it stays one line.
  var description: String {
    let text = path.isEmpty ? "\(file): \(reason)" : "\(file): \(path): \(reason)"
    return text.escapingControlCharacters
  }
}
