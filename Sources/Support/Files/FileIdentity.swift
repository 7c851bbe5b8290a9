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
