/// A file's device and inode number: the same file under any name (a symbolic link, a hard
/// link, `./x` and `x`).
package struct FileIdentity: Equatable, Sendable {
  /// The device the file is on.
  package let device: UInt64
  /// The file's inode number on that device.
  package let inode: UInt64

  /// The identity of a file as `stat` describes it.
  ///
  /// - Parameter status: The file's status.
  package init(_ status: stat) {
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
  }

  /// The identity of an open file, or `nil` if `fstat` fails.
  ///
  /// - Parameter descriptor: The file descriptor.
  package init?(descriptor: Int32) {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    self.init(status)
  }
}

/// What kind of file a `stat` mode describes, in words for messages.
package enum FileKind {
  /// `a directory`, `a FIFO`, `a character device`, … for the type bits of a mode.
  ///
  /// - Parameter mode: A `st_mode`.
  /// - Returns: The kind with its article.
  package static func describe(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFREG: "a regular file"
    case S_IFDIR: "a directory"
    case S_IFIFO: "a FIFO"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    case S_IFLNK: "a symbolic link"
    default: "not a regular file"
    }
  }

  /// Whether a mode is a regular file's.
  ///
  /// - Parameter mode: A `st_mode`.
  /// - Returns: `true` for a regular file.
  package static func isRegular(_ mode: mode_t) -> Bool { mode & S_IFMT == S_IFREG }
}

/// What tells whether a file changed since it was read, without reading it: its identity,
/// size and modification time. A `--store`'s holder only appends to its file (the size
/// grows, the time moves), cuts a torn line off (the size shrinks) or renames a new file over
/// it (another identity), so a stamp that did not change means the same bytes.
package struct FileStamp: Equatable, Sendable {
  /// The file.
  package let identity: FileIdentity
  /// Its size in bytes.
  package let size: Int64
  /// When it was last modified: seconds and nanoseconds since 1970.
  package let seconds: Int64
  package let nanoseconds: Int64

  /// The stamp of a file as `stat` describes it.
  ///
  /// - Parameter status: The file's status.
  package init(_ status: stat) {
    identity = FileIdentity(status)
    size = Int64(status.st_size)
    #if canImport(Darwin)
      seconds = Int64(status.st_mtimespec.tv_sec)
      nanoseconds = Int64(status.st_mtimespec.tv_nsec)
    #else
      seconds = Int64(status.st_mtim.tv_sec)
      nanoseconds = Int64(status.st_mtim.tv_nsec)
    #endif
  }

  /// The stamp of the file at `path` now, or `nil` when there is none (or the path cannot be
  /// followed). Costs a `stat` of each component of the path; the file is not opened.
  ///
  /// - Parameter path: The file as the user named it.
  /// - Returns: The stamp.
  package static func of(_ path: String) -> FileStamp? {
    guard let (directory, name) = try? OpenDirectory.entry(for: path, action: "open"),
      let status = directory.status(of: name)
    else { return nil }
    return FileStamp(status)
  }
}
