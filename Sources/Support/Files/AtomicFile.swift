import Synchronization

/// Replaces a file's contents all at once: readers and crashes see the old file or the new
/// one, never a mix or a truncated file.
///
/// The bytes go to a new temporary file in the same directory (a unique name, created with
/// `O_CREAT | O_EXCL`, the given mode or the replaced file's own permissions), which is written
/// whole and `fsync`ed, then renamed over the target; finally the directory is `fsync`ed so
/// the rename itself survives a power cut. On any failure the temporary file is removed and
/// the target is left as it was. A symbolic link is followed: the file it points to is
/// replaced, and the link stays. The one atomic writer of the package (sessions, stores, the
/// prompt's history).
package enum AtomicFile {
  /// Temporary files are named `.NAME.tmp-PID-N`: hidden, and easy to recognize as ours.
  package static func temporaryPrefix(for name: String) -> String { ".\(name).tmp-" }

  private static let counter = Atomic<UInt64>(0)

  /// Writes `bytes` to `path`, replacing any file there.
  ///
  /// - Parameters:
  ///   - bytes: The new contents.
  ///   - path: The file.
  ///   - mode: The permissions of a new file (an existing file keeps its own).
  /// - Throws: ``FileSystemError`` naming the path and the system's reason; the file at
  ///   `path` is then unchanged.
  package static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644)
    throws(FileSystemError)
  {
    let target = resolvingSymbolicLink(path)
    let (directory, name) = split(target)
    var existing = stat()
    let hadFile = stat(target, &existing) == 0 && (existing.st_mode & S_IFMT) == S_IFREG
    let (descriptor, temporary) = try createTemporary(
      in: directory, for: name, mode: mode, reported: path)
    var renamed = false
    defer {
      if !renamed { unlink(temporary) }
    }
    do {
      defer { POSIX.close(descriptor) }
      if hadFile { _ = fchmod(descriptor, existing.st_mode & 0o7777) }
      if let failure = bytes.withUnsafeBytes({ POSIX.writeAll(descriptor, $0) }) {
        throw FileSystemError("write", path: path, code: failure)
      }
      guard fsync(descriptor) == 0 else { throw FileSystemError("write", path: path) }
    }
    guard rename(temporary, target) == 0 else { throw FileSystemError("write", path: path) }
    renamed = true
    try syncDirectory(directory, reported: path)
  }

  /// Removes temporary files a killed writer left next to `path` (call it only while no other
  /// process may be writing there, such as under a store's lock).
  ///
  /// - Parameter path: The file whose leftovers go.
  package static func removeLeftovers(of path: String) {
    let (directory, name) = split(resolvingSymbolicLink(path))
    let prefix = temporaryPrefix(for: name)
    guard let stream = opendir(directory) else { return }
    defer { closedir(stream) }
    var leftovers: [String] = []
    while let entry = readdir(stream) {
      let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if entryName.hasPrefix(prefix) { leftovers.append(entryName) }
    }
    for leftover in leftovers { unlink(directory + "/" + leftover) }
  }

  // MARK: steps

  private static func createTemporary(
    in directory: String, for name: String, mode: mode_t, reported: String
  ) throws(FileSystemError) -> (Int32, String) {
    let prefix = directory + "/" + temporaryPrefix(for: name) + "\(getpid())-"
    while true {
      let serial = counter.add(1, ordering: .relaxed).newValue
      let temporary = prefix + "\(serial)"
      let descriptor = POSIX.retryingInterrupted {
        open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
      }
      if descriptor >= 0 { return (descriptor, temporary) }
      // A name left by an earlier process with our pid: try the next one.
      if errno == EEXIST, serial < 1_000_000 { continue }
      throw FileSystemError("write", path: reported)
    }
  }

  private static func syncDirectory(_ directory: String, reported: String)
    throws(FileSystemError)
  {
    let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw FileSystemError("write", path: reported) }
    defer { POSIX.close(descriptor) }
    // Some file systems cannot sync a directory (EINVAL); the rename is then as durable as
    // they make it.
    guard fsync(descriptor) == 0 || errno == EINVAL else {
      throw FileSystemError("write", path: reported)
    }
  }

  // MARK: paths

  /// The file a symbolic link points to, or the path itself.
  ///
  /// - Parameter path: A path.
  /// - Returns: The resolved path.
  package static func resolvingSymbolicLink(_ path: String) -> String {
    var status = stat()
    guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK,
      let resolved = realpath(path, nil)
    else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The directory (`.` if none) and the last component of a path.
  ///
  /// - Parameter path: A path.
  /// - Returns: Its folder and its name.
  package static func split(_ path: String) -> (directory: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let directory = String(path[..<slash])
    return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
  }
}
