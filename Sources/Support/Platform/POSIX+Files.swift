#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The calls on paths and on the entries of an open directory. Every descriptor is opened
// close-on-exec; an entry of a directory is opened without following a symbolic link and
// without blocking (a FIFO cannot hang the opener).
extension POSIX {
  /// `open(2)` for reading, retried when interrupted, close-on-exec.
  ///
  /// - Parameter path: The file.
  /// - Returns: The descriptor, or -1 (``Errno/current`` says why).
  package static func openForReading(_ path: String) -> Int32 {
    retryingInterrupted { open(path, O_RDONLY | O_CLOEXEC) }
  }

  /// Opens a file for reading, refusing a directory with `EISDIR` like a failed open.
  ///
  /// - Parameter path: The file.
  /// - Returns: The descriptor, or -1 (``Errno/current`` says why).
  package static func openRegularForReading(_ path: String) -> Int32 {
    let descriptor = openForReading(path)
    guard descriptor >= 0 else { return descriptor }
    if isDirectory(descriptor) {
      close(descriptor)
      Errno.current = .isDirectory
      return -1
    }
    return descriptor
  }

  /// Opens a directory (to open, create, rename and sync its entries by descriptor).
  ///
  /// - Parameter path: The directory.
  /// - Returns: The descriptor, or -1 (``Errno/current`` says why).
  package static func openDirectory(_ path: String) -> Int32 {
    retryingInterrupted { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
  }

  /// Opens a file for appending, creating it with `permissions` if it is missing.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - permissions: A new file's permission bits (the umask applies).
  /// - Returns: The descriptor, or -1 (``Errno/current`` says why).
  package static func openForAppending(_ path: String, creatingWith permissions: UInt32)
    -> Int32
  {
    retryingInterrupted {
      open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, mode_t(truncatingIfNeeded: permissions))
    }
  }

  /// Opens the entry `name` of an open directory, not following a symbolic link and without
  /// blocking.
  ///
  /// - Parameters:
  ///   - name: The entry's name.
  ///   - directory: The directory's descriptor.
  ///   - writable: Whether to open it for reading and writing, else for reading.
  /// - Returns: The descriptor, or -1 (``Errno/current`` says why; `ELOOP` for a link).
  package static func openEntry(_ name: String, in directory: Int32, writable: Bool = false)
    -> Int32
  {
    let access = writable ? O_RDWR : O_RDONLY
    return retryingInterrupted {
      openat(directory, name, access | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
    }
  }

  /// Creates the entry `name` of an open directory for reading and writing, failing with
  /// `EEXIST` if anything has that name (a symbolic link included).
  ///
  /// - Parameters:
  ///   - name: The new entry's name.
  ///   - directory: The directory's descriptor.
  ///   - permissions: Its permission bits (the umask applies).
  /// - Returns: The descriptor, or -1 (``Errno/current`` says why).
  package static func createEntry(_ name: String, in directory: Int32, permissions: UInt32)
    -> Int32
  {
    retryingInterrupted {
      openat(
        directory, name, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
        mode_t(truncatingIfNeeded: permissions))
    }
  }

  /// Renames an entry of an open directory over another one there (`renameat`): atomic.
  ///
  /// - Parameters:
  ///   - name: The entry.
  ///   - directory: The directory's descriptor.
  ///   - newName: Its new name; an entry of that name is replaced.
  /// - Returns: Whether it succeeded.
  package static func renameEntry(_ name: String, in directory: Int32, to newName: String)
    -> Bool
  {
    renameat(directory, name, directory, newName) == 0
  }

  /// Gives an entry of an open directory a second name there (`linkat`), failing with
  /// `EEXIST` rather than replace anything.
  ///
  /// - Parameters:
  ///   - name: The entry.
  ///   - directory: The directory's descriptor.
  ///   - newName: The second name.
  /// - Returns: Whether it succeeded.
  package static func linkEntry(_ name: String, in directory: Int32, to newName: String) -> Bool {
    linkat(directory, name, directory, newName, 0) == 0
  }

  /// Removes an entry (not a directory) of an open directory (`unlinkat`).
  ///
  /// - Parameters:
  ///   - name: The entry.
  ///   - directory: The directory's descriptor.
  /// - Returns: Whether it succeeded.
  @discardableResult
  package static func removeEntry(_ name: String, in directory: Int32) -> Bool {
    unlinkat(directory, name, 0) == 0
  }

  /// The names in an open directory (without `.` and `..`), in directory order; empty when
  /// it cannot be read. The descriptor stays open and is not moved.
  ///
  /// - Parameter directory: The directory's descriptor.
  /// - Returns: The names.
  package static func entryNames(in directory: Int32) -> [String] {
    let copy = dup(directory)
    guard copy >= 0 else { return [] }
    guard let stream = fdopendir(copy) else {
      close(copy)
      return []
    }
    defer { closedir(stream) }
    return names(of: stream, limit: Int.max).map(\.name)
  }

  /// The entries of the directory at `path` (without `.` and `..`) and whether each is a
  /// directory, a symbolic link to one counted as one; empty when it cannot be read.
  ///
  /// - Parameters:
  ///   - path: The directory.
  ///   - limit: The most entries listed.
  /// - Returns: The names and whether each is a directory, in directory order.
  package static func directoryEntries(of path: String, limit: Int)
    -> [(name: String, isDirectory: Bool)]
  {
    guard let stream = opendir(path) else { return [] }
    defer { closedir(stream) }
    return names(of: stream, limit: limit).map { entry in
      // A link, or a file system that does not say: the entry's own status tells.
      guard entry.type != Int(DT_LNK), entry.type != Int(DT_UNKNOWN) else {
        let full = path.hasSuffix("/") ? path + entry.name : path + "/" + entry.name
        return (entry.name, FileStatus.of(path: full)?.kind == .directory)
      }
      return (entry.name, entry.type == Int(DT_DIR))
    }
  }

  /// The names of a directory stream and their types (`DT_…`, `DT_UNKNOWN` where the file
  /// system does not say).
  private static func names(of stream: OpaquePointer, limit: Int)
    -> [(name: String, type: Int)]
  {
    var names: [(name: String, type: Int)] = []
    while names.count < limit, let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name != ".", name != ".." else { continue }
      names.append((name, Int(entry.pointee.d_type)))
    }
    return names
  }

  /// Creates a directory.
  ///
  /// - Parameters:
  ///   - path: The new directory.
  ///   - permissions: Its permission bits (the umask applies).
  /// - Returns: Whether it succeeded (``Errno/current`` is `EEXIST` when something is
  ///   there already).
  package static func makeDirectory(_ path: String, permissions: UInt32) -> Bool {
    mkdir(path, mode_t(truncatingIfNeeded: permissions)) == 0
  }

  /// The target of a symbolic link (`readlink`), or `nil` when `path` is not one.
  ///
  /// - Parameter path: The link.
  /// - Returns: The target as written in the link.
  package static func linkTarget(_ path: String) -> String? {
    var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = buffer.withUnsafeMutableBufferPointer { raw -> Int in
      guard let base = raw.baseAddress else { return -1 }
      return base.withMemoryRebound(to: CChar.self, capacity: raw.count) {
        readlink(path, $0, raw.count - 1)
      }
    }
    guard count >= 0 else { return nil }
    return String(decoding: buffer[..<count], as: UTF8.self)
  }

  /// The current directory (`getcwd`), or `nil` when it cannot be known.
  package static var currentDirectory: String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return nil }
    return String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Whether an open descriptor is a directory.
  ///
  /// - Parameter descriptor: The file descriptor.
  /// - Returns: `true` for a directory.
  package static func isDirectory(_ descriptor: Int32) -> Bool {
    FileStatus.of(descriptor: descriptor)?.kind == .directory
  }

  /// Whether anything exists at the path (a dangling symbolic link counts).
  ///
  /// - Parameter path: The path.
  /// - Returns: `true` if `lstat` finds something there.
  package static func exists(_ path: String) -> Bool {
    FileStatus.ofLink(path: path) != nil
  }

  /// Whether the path is a file this process may run (`access(X_OK)`, not a directory).
  ///
  /// - Parameter path: The path.
  /// - Returns: Whether it can be run.
  package static func isExecutableFile(_ path: String) -> Bool {
    guard access(path, X_OK) == 0 else { return false }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return true }
    defer { close(descriptor) }
    return !isDirectory(descriptor)
  }
}
