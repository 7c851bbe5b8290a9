import Support

/// Where a store lives, to tell whether another path leads to it (``isStore(at:)``): the
/// same file by device and inode under any name (`./s.json`, an absolute path, `../dir/s.json`,
/// a symbolic link, a hard link), or, for a path that names nothing yet, the same name in the
/// same directory (by the directory's own identity), which writing there would create or
/// replace.
struct StorePlace {
  /// The store's file, as it is now or as it was held.
  let identity: FileIdentity?
  /// The store's directory and its name there, links resolved.
  private let directory: FileIdentity?
  private let name: String?

  /// The place of the store at `path`.
  ///
  /// - Parameters:
  ///   - path: The store as the user named it.
  ///   - identity: The file held (a keeper's); `nil` takes whatever the path leads to now.
  init(_ path: String, identity: FileIdentity? = nil) {
    let entry = try? OpenDirectory.entry(for: path, action: "write")
    self.identity =
      identity ?? entry.flatMap { $0.directory.status(of: $0.name) }.map(FileIdentity.init)
    directory = entry.flatMap { FileStatus.of(descriptor: $0.directory.descriptor) }
      .map(FileIdentity.init)
    name = entry?.name
  }

  /// Whether writing to `path` would write this store.
  ///
  /// - Parameter path: A path (an `--output` file).
  /// - Returns: `true` if it leads to the store's file, or to its name when nothing is there.
  func isStore(at path: String) -> Bool {
    guard let (folder, entry) = try? OpenDirectory.entry(for: path, action: "write") else {
      return false
    }
    if let status = folder.status(of: entry) {
      return FileIdentity(status) == identity
    }
    guard let directory, let status = FileStatus.of(descriptor: folder.descriptor) else {
      return false
    }
    return FileIdentity(status) == directory && entry == name
  }
}
