/// A file's device and inode number: the same file under any name (a symbolic link, a hard
/// link, `./x` and `x`).
package struct FileIdentity: Equatable, Sendable {
  /// The device the file is on.
  package let device: UInt64
  /// The file's inode number on that device.
  package let inode: UInt64

  /// The identity of a file as its status describes it.
  ///
  /// - Parameter status: The file's status.
  package init(_ status: FileStatus) {
    device = status.device
    inode = status.inode
  }

  /// The identity of an open file, or `nil` if `fstat` fails.
  ///
  /// - Parameter descriptor: The file descriptor.
  package init?(descriptor: Int32) {
    guard let status = FileStatus.of(descriptor: descriptor) else { return nil }
    self.init(status)
  }
}

extension FileKind: CustomStringConvertible {
  /// `a directory`, `a FIFO`, `a character device`, …: the kind with its article, for
  /// messages.
  package var description: String {
    switch self {
    case .regular: "a regular file"
    case .directory: "a directory"
    case .fifo: "a FIFO"
    case .characterDevice: "a character device"
    case .blockDevice: "a block device"
    case .socket: "a socket"
    case .symbolicLink: "a symbolic link"
    case .other: "not a regular file"
    }
  }
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

  /// The stamp of a file as its status describes it.
  ///
  /// - Parameter status: The file's status.
  package init(_ status: FileStatus) {
    identity = FileIdentity(status)
    size = status.size
    seconds = status.modifiedSeconds
    nanoseconds = status.modifiedNanoseconds
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
