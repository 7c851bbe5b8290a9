import Support

/// A catalog file (JSON or UVL) a session loaded: its path, made absolute, and the SHA-256 of
/// the bytes loaded. A store remembers its catalogs this way and loads them again when it is
/// opened without `--catalog` (SPEC §12), refusing a file that is missing or has changed.
struct CatalogFile: Equatable {
  /// The file, absolute (a relative path is taken from the directory it was loaded in).
  let path: String
  /// Where the digest comes from: worked out the first time a store or a session file needs
  /// it, so a one-shot command without `--store` does not hash its catalogs (13 ms for
  /// Automotive01's 269 kB).
  private let digest: Digest

  /// The SHA-256 of its bytes, 64 lower-case hexadecimal digits.
  var sha256: String { digest.text }

  /// A file loaded from `path` with these bytes.
  ///
  /// - Parameters:
  ///   - path: The file as the user named it.
  ///   - bytes: What was read from it.
  init(loadedFrom path: String, bytes: [UInt8]) {
    self.path = Self.absolute(path)
    digest = Digest(bytes: bytes)
  }

  /// A remembered file.
  init(path: String, sha256: String) {
    self.path = path
    digest = Digest(text: sha256)
  }

  static func == (lhs: CatalogFile, rhs: CatalogFile) -> Bool {
    lhs.path == rhs.path && lhs.sha256 == rhs.sha256
  }

  /// A digest worked out once, when first asked for; the bytes are let go then.
  private final class Digest {
    private var bytes: [UInt8]
    private var known: String?

    init(bytes: [UInt8]) { self.bytes = bytes }

    init(text: String) {
      bytes = []
      known = text
    }

    var text: String {
      if let known { return known }
      let text = SHA256.hexDigest(of: bytes)
      known = text
      bytes = []
      return text
    }
  }

  /// A path made absolute against the current directory, without `.` components or repeated
  /// slashes (`..` and symbolic links are left as they are: they are not lexical).
  ///
  /// - Parameter path: The path as given.
  /// - Returns: The absolute path, or `path` itself if the current directory is unknown.
  static func absolute(_ path: String) -> String {
    var full = path
    if !path.hasPrefix("/") {
      guard let directory = POSIX.currentDirectory else { return path }
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
