import Support

/// A catalog file (JSON or UVL) a session loaded: its path, made absolute, and the SHA-256 of
/// the bytes loaded. A store remembers its catalogs this way and loads them again when it is
/// opened without `--catalog` (SPEC §12), refusing a file that is missing or has changed.
struct CatalogFile: Equatable {
  /// The file, absolute (a relative path is taken from the directory it was loaded in).
  let path: String
  /// The SHA-256 of its bytes, 64 lower-case hexadecimal digits.
  let sha256: String

  /// A file loaded from `path` with these bytes.
  ///
  /// - Parameters:
  ///   - path: The file as the user named it.
  ///   - bytes: What was read from it.
  init(loadedFrom path: String, bytes: [UInt8]) {
    self.path = Self.absolute(path)
    sha256 = SHA256.hexDigest(of: bytes)
  }

  /// A remembered file.
  init(path: String, sha256: String) {
    self.path = path
    self.sha256 = sha256
  }

  /// A path made absolute against the current directory, without `.` components or repeated
  /// slashes (`..` and symbolic links are left as they are: they are not lexical).
  ///
  /// - Parameter path: The path as given.
  /// - Returns: The absolute path, or `path` itself if the current directory is unknown.
  static func absolute(_ path: String) -> String {
    var full = path
    if !path.hasPrefix("/") {
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      guard getcwd(&buffer, buffer.count) != nil else { return path }
      let directory = String(
        decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      full = directory + "/" + path
    }
    let parts = full.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
    return "/" + parts.joined(separator: "/")
  }

  /// This list with `file` in it: in place of an entry of the same path (none, as
  /// ``Catalogs`` refuses a file loaded already), else at the end.
  ///
  /// - Parameters:
  ///   - file: The file loaded.
  ///   - files: The files loaded before.
  /// - Returns: The files loaded now.
  static func recording(_ file: CatalogFile, in files: [CatalogFile]) -> [CatalogFile] {
    var files = files
    if let index = files.firstIndex(where: { $0.path == file.path }) {
      files[index] = file
    } else {
      files.append(file)
    }
    return files
  }
}
