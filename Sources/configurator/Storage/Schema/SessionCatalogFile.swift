internal import Dealership
import Support

/// A catalog file in a session file (version 3): `{"path":"/srv/dealer/lineup.json",
/// "sha256":"…"}`, the file a store loads again when it is opened without `--catalog`.
struct SessionCatalogFile: Decodable {
  let file: CatalogFile

  enum CodingKeys: String, CodingKey, CaseIterable {
    case path, sha256
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
    let pathField = try container.requiredDecoder(forKey: .path)
    guard let path = pathField.string() else { throw pathField.wrongType(expected: .string) }
    guard path.hasPrefix("/") else {
      throw pathField.invalid("expected an absolute path, got '\(path)'")
    }
    let digest = try Self.digest(container.requiredDecoder(forKey: .sha256))
    file = CatalogFile(path: path, sha256: digest)
  }

  /// A SHA-256 as a session file writes it, 64 lower-case hexadecimal digits.
  static func digest(_ field: any Decoder) throws -> String {
    guard let digest = field.string() else { throw field.wrongType(expected: .string) }
    let isHex = digest.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    guard digest.utf8.count == 64, isHex else {
      throw field.invalid("expected 64 lower-case hexadecimal digits")
    }
    return digest
  }

  /// The file's object on one line, in the key order above.
  static func json(_ file: CatalogFile) -> String {
    var object = JSONObject()
    object.add("path", file.path)
    object.add("sha256", file.sha256)
    return object.rendered
  }
}
