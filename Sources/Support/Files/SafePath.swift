/// Resolves the symbolic links of a path before a file is written there, following each link
/// only where the kernel's `protected_symlinks` would: never one in a world-writable sticky
/// directory (like `/tmp`) that belongs to someone else; and refuses, as `protected_regular`
/// does, to use another user's regular file there (``checkOwner(of:in:name:path:_:)``).
///
/// `fs.protected_symlinks` guards `open`, but a program that resolves a path itself (as a
/// writer must, to rename a new file over the link's target) bypasses it; this type applies
/// the same rule to every link on the way: a link is followed when it is outside a sticky
/// world-writable directory, or it belongs to the process's effective user, or to the owner
/// of its directory.
package enum SafePath {
  /// The most links followed in one path, as the kernel's own limit.
  static let maximumLinks = 40

  /// The path with every symbolic link replaced by its target, refusing an unsafe link.
  ///
  /// Components that do not exist (yet) are kept as written; a relative path stays relative.
  ///
  /// - Parameters:
  ///   - path: The path as the user gave it.
  ///   - action: What is being done, for messages (`write`).
  /// - Returns: A path without symbolic links (as far as it exists).
  /// - Throws: ``FileSystemError`` naming `path`: an unsafe link, or `ELOOP`.
  package static func resolve(_ path: String, for action: String) throws(FileSystemError)
    -> String
  {
    var pending = Array(path.split(separator: "/", omittingEmptySubsequences: true).reversed())
      .map(String.init)
    var resolved = path.hasPrefix("/") ? "/" : ""
    var links = 0
    while let component = pending.popLast() {
      if component == "." { continue }
      if component == ".." {
        resolved = parent(of: resolved)
        continue
      }
      let candidate = join(resolved, component)
      guard let status = FileStatus.ofLink(path: candidate), status.kind == .symbolicLink else {
        // A missing component: the rest is kept as written, for the caller's own error.
        resolved = candidate
        continue
      }
      links += 1
      guard links <= maximumLinks else {
        throw FileSystemError(action, path: path, code: .tooManySymbolicLinkLevels)
      }
      try checkFollowing(link: candidate, owner: status.owner, in: resolved, path: path, action)
      guard let target = POSIX.linkTarget(candidate) else {
        throw FileSystemError(action, path: path)
      }
      if target.hasPrefix("/") { resolved = "/" }
      pending += target.split(separator: "/", omittingEmptySubsequences: true).reversed()
        .map(String.init)
    }
    return resolved.isEmpty ? "." : resolved
  }

  /// Refuses a link in a sticky world-writable directory whose owner is neither the process's
  /// effective user nor the directory's owner.
  private static func checkFollowing(
    link: String, owner: UInt32, in directory: String, path: String, _ action: String
  ) throws(FileSystemError) {
    guard let folder = FileStatus.of(path: directory.isEmpty ? "." : directory) else { return }
    guard isForeign(owner: owner, in: folder) else { return }
    throw FileSystemError(
      action, path: path,
      reason:
        "refusing to follow the symbolic link '\(link)': it is in a world-writable sticky "
        + "directory and belongs to another user")
  }

  /// Refuses to use a regular file (a store, a `save` target) that belongs neither to the
  /// process's effective user nor to the owner of its world-writable sticky directory: the
  /// rule of Linux's `fs.protected_regular`, whatever the system's setting. Such a file's
  /// owner can read it and change it, so a session written there (by root, say) could be read
  /// and forged by the user who planted it.
  ///
  /// - Parameters:
  ///   - file: The file's status.
  ///   - directory: The status of its directory.
  ///   - name: The file as messages name it.
  ///   - path: The path as the user gave it.
  ///   - action: What is being done, for messages (`write`, `open`).
  /// - Throws: ``FileSystemError`` naming `path`.
  package static func checkOwner(
    of file: FileStatus, in directory: FileStatus, name: String, path: String, _ action: String
  ) throws(FileSystemError) {
    guard isForeign(owner: file.owner, in: directory) else { return }
    throw FileSystemError(
      action, path: path,
      reason:
        "refusing to use the file '\(name)': it is in a world-writable sticky directory and "
        + "belongs to another user")
  }

  /// Whether an entry with this owner, in a directory with this status, is another user's in
  /// a shared folder: the directory is world-writable and sticky (like `/tmp`), and the owner
  /// is neither the process's effective user nor the directory's owner.
  private static func isForeign(owner: UInt32, in directory: FileStatus) -> Bool {
    let shared = directory.isSticky && directory.isWorldWritable
    return shared && owner != POSIX.effectiveUserID && owner != directory.owner
  }

  private static func join(_ directory: String, _ name: String) -> String {
    if directory.isEmpty { return name }
    return directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }

  /// The parent of a resolved path (which has no links, so `..` can be taken literally).
  private static func parent(of path: String) -> String {
    if path == "/" { return "/" }
    if path.isEmpty || path == ".." || path.hasSuffix("/..") { return join(path, "..") }
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}
