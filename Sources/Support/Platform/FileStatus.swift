#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What kind of file a status describes (the type bits of `st_mode`).
package enum FileKind: Equatable, Sendable {
  case regular, directory, fifo, characterDevice, blockDevice, socket, symbolicLink
  /// A type this package does not name.
  case other
}

/// What `stat` says about a file, in Swift types: its kind, permissions, owner, identity, size
/// and modification time.
package struct FileStatus: Equatable, Sendable {
  /// The file's kind.
  package let kind: FileKind
  /// The permission bits, set-id and sticky bits included (`st_mode & 0o7777`).
  package let permissions: UInt32
  /// The owner's user id.
  package let owner: UInt32
  /// The device the file is on.
  package let device: UInt64
  /// The file's inode number on that device.
  package let inode: UInt64
  /// Its size in bytes.
  package let size: Int64
  /// When it was last modified: seconds since 1970, and nanoseconds within that second.
  package let modifiedSeconds: Int64
  package let modifiedNanoseconds: Int64

  /// Whether the sticky bit is set (on a directory: only an entry's owner may remove it).
  package var isSticky: Bool { permissions & UInt32(S_ISVTX) != 0 }
  /// Whether others may write it.
  package var isWorldWritable: Bool { permissions & UInt32(S_IWOTH) != 0 }

  private init(_ status: stat) {
    kind =
      switch status.st_mode & S_IFMT {
      case S_IFREG: .regular
      case S_IFDIR: .directory
      case S_IFIFO: .fifo
      case S_IFCHR: .characterDevice
      case S_IFBLK: .blockDevice
      case S_IFSOCK: .socket
      case S_IFLNK: .symbolicLink
      default: .other
      }
    permissions = UInt32(status.st_mode & 0o7777)
    owner = UInt32(status.st_uid)
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
    size = Int64(status.st_size)
    #if canImport(Darwin)
      modifiedSeconds = Int64(status.st_mtimespec.tv_sec)
      modifiedNanoseconds = Int64(status.st_mtimespec.tv_nsec)
    #else
      modifiedSeconds = Int64(status.st_mtim.tv_sec)
      modifiedNanoseconds = Int64(status.st_mtim.tv_nsec)
    #endif
  }

  /// The status of an open file (`fstat`), or `nil` when it fails.
  ///
  /// - Parameter descriptor: The file descriptor.
  /// - Returns: The status.
  package static func of(descriptor: Int32) -> FileStatus? {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    return FileStatus(status)
  }

  /// The status of the file at `path`, following symbolic links (`stat`), or `nil` when
  /// there is none.
  ///
  /// - Parameter path: The path.
  /// - Returns: The status.
  package static func of(path: String) -> FileStatus? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return FileStatus(status)
  }

  /// The status of what is at `path` itself, a symbolic link rather than its target
  /// (`lstat`), or `nil` when there is nothing.
  ///
  /// - Parameter path: The path.
  /// - Returns: The status.
  package static func ofLink(path: String) -> FileStatus? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    return FileStatus(status)
  }

  /// The status of the entry `name` of an open directory, not following a symbolic link
  /// (`fstatat`), or `nil` when there is none.
  ///
  /// - Parameters:
  ///   - name: The entry's name.
  ///   - directory: The directory's descriptor.
  /// - Returns: The status.
  package static func of(entry name: String, in directory: Int32) -> FileStatus? {
    var status = stat()
    guard fstatat(directory, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
    return FileStatus(status)
  }
}
