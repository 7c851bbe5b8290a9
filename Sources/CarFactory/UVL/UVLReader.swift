import Foundation

/// Reads UVL feature models (`.uvl` files) at the Boolean level.
///
/// What it reads and what it refuses is listed in `Docs/UVL.md`; every refusal is a
/// ``UVLError`` with the file and line.
package enum UVLReader {
  /// The largest model read, so a wrong file (or `/dev/zero`) cannot exhaust memory: 16 MiB,
  /// twenty times the largest public automotive model.
  package static let maximumFileSize = 16 << 20

  /// Reads a model from its bytes.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents (UTF-8; a byte order mark is skipped).
  ///   - file: The name used in messages, usually the path.
  /// - Returns: The checked model.
  /// - Throws: ``UVLError`` naming the file, the line and the bad token.
  package static func read(_ bytes: [UInt8], file: String) throws(UVLError) -> UVLModel {
    guard bytes.count <= maximumFileSize else {
      throw UVLError(
        file: file, line: nil, kind: .limit,
        message: "the model is larger than 16 MiB (\(bytes.count) bytes)")
    }
    var parser = UVLParser(bytes: bytes, file: file)
    return try parser.parse()
  }

  /// Reads a model from a file, reading no more than ``maximumFileSize`` bytes of it.
  ///
  /// - Parameter path: The file.
  /// - Returns: The checked model.
  /// - Throws: ``UVLError`` when the file cannot be read, is too large, or is not a model.
  package static func read(contentsOf path: String) throws(UVLError) -> UVLModel {
    try read(try bytes(of: path), file: path)
  }

  /// The bytes of a file, at most ``maximumFileSize`` of them.
  ///
  /// - Parameter path: The file.
  /// - Returns: Its contents.
  /// - Throws: ``UVLError`` when it cannot be read or is larger than the limit.
  package static func bytes(of path: String) throws(UVLError) -> [UInt8] {
    func fail(_ kind: UVLError.Kind, _ message: String) -> UVLError {
      UVLError(file: path, line: nil, kind: kind, message: message)
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw fail(.unreadable, "cannot read the model (no such file)")
    }
    guard !isDirectory.boolValue else {
      throw fail(.unreadable, "cannot read the model (it is a directory)")
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw fail(.unreadable, "cannot read the model (permission denied or not a regular file)")
    }
    defer { try? handle.close() }
    var bytes: [UInt8] = []
    do {
      // Read in chunks up to one byte past the limit, so a device or FIFO that never ends
      // costs no more than the limit.
      while bytes.count <= maximumFileSize {
        let want = min(1 << 20, maximumFileSize + 1 - bytes.count)
        guard let chunk = try handle.read(upToCount: want), !chunk.isEmpty else { break }
        bytes.append(contentsOf: chunk)
      }
    } catch {
      throw fail(.unreadable, "cannot read the model (\(error.localizedDescription))")
    }
    guard bytes.count <= maximumFileSize else {
      throw fail(.limit, "the model is larger than 16 MiB")
    }
    return bytes
  }
}
