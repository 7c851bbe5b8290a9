/// A directory held open, so that the files of one operation are created, renamed and synced
/// in the directory that was checked, whatever happens to its path meanwhile (`openat`,
/// `renameat`, `fstatat`).
package final class OpenDirectory {
  /// The directory's descriptor, open until this object goes.
  package let descriptor: Int32
  /// The path it was opened by.
  package let path: String

  /// Opens a directory.
  ///
  /// - Parameters:
  ///   - path: The directory.
  ///   - action: What is being done, for messages.
  ///   - reported: The path to name in messages (the file the user named).
  /// - Throws: ``FileSystemError`` naming `reported`.
  package init(_ path: String, for action: String, reported: String) throws(FileSystemError) {
    let descriptor = POSIX.openDirectory(path)
    guard descriptor >= 0 else { throw FileSystemError(action, path: reported) }
    self.descriptor = descriptor
    self.path = path
  }

  deinit { POSIX.close(descriptor) }

  /// The status of an entry, not following a symbolic link; `nil` if there is none.
  ///
  /// - Parameter name: A name in the directory.
  /// - Returns: The entry's status.
  package func status(of name: String) -> FileStatus? {
    FileStatus.of(entry: name, in: descriptor)
  }

  /// Refuses a file of this directory that another user owns when the directory is a
  /// world-writable sticky one (see ``SafePath/checkOwner(of:in:name:path:_:)``).
  ///
  /// - Parameters:
  ///   - file: The status of the file (an entry of this directory).
  ///   - name: Its name here.
  ///   - action: What is being done, for messages.
  ///   - reported: The path to name in messages.
  /// - Throws: ``FileSystemError`` naming `reported`.
  package func checkOwner(
    of file: FileStatus, named name: String, for action: String, reported: String
  ) throws(FileSystemError) {
    guard let folder = FileStatus.of(descriptor: descriptor) else {
      throw FileSystemError(action, path: reported)
    }
    let shown = path == "." ? name : path.hasSuffix("/") ? path + name : path + "/" + name
    try SafePath.checkOwner(of: file, in: folder, name: shown, path: reported, action)
  }

  /// Makes the directory's entries durable (a rename or a new name survives a power cut).
  ///
  /// - Parameter reported: The path to name in messages.
  /// - Throws: ``FileSystemError`` (`write`).
  package func sync(reported: String) throws(FileSystemError) {
    // Some file systems cannot sync a directory (EINVAL); the rename is then as durable as
    // they make it.
    guard POSIX.synchronize(descriptor) || Errno.current == .invalidArgument else {
      throw FileSystemError("write", path: reported)
    }
  }

  /// The names in the directory that start with `prefix`.
  ///
  /// - Parameter prefix: The start of the names wanted.
  /// - Returns: The names, in directory order.
  package func names(startingWith prefix: String) -> [String] {
    POSIX.entryNames(in: descriptor).filter { $0.hasPrefix(prefix) }
  }

  /// Where a path's file lives: its resolved directory, opened, and its name there.
  ///
  /// The path's symbolic links are resolved first (``SafePath``), so the name is the file
  /// itself, never a link to it.
  ///
  /// - Parameters:
  ///   - path: The path as the user gave it.
  ///   - action: What is being done, for messages.
  /// - Returns: The directory and the name.
  /// - Throws: ``FileSystemError`` naming `path`.
  package static func entry(for path: String, action: String) throws(FileSystemError)
    -> (directory: OpenDirectory, name: String)
  {
    let resolved = try SafePath.resolve(path, for: action)
    let (folder, name) = split(resolved)
    return (try OpenDirectory(folder, for: action, reported: path), name)
  }

  /// The directory (`.` if none) and the last component of a path without links; `/` is the
  /// entry `.` of `/`.
  ///
  /// - Parameter path: A path.
  /// - Returns: Its folder and its name.
  package static func split(_ path: String) -> (directory: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let directory = String(path[..<slash])
    let name = String(path[path.index(after: slash)...])
    return (directory.isEmpty ? "/" : directory, name.isEmpty ? "." : name)
  }
}
