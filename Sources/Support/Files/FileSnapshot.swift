/// A file read as it is now, without its lock and without writing anything: how a process
/// reads a `--store` that another one holds (see ``LockedFile``).
///
/// The holder only ever appends whole lines to its file and replaces it by renaming a new
/// file over it, so the bytes read are a document followed by complete lines and at most one
/// line cut short at the end, which the reader leaves out. A file renamed away while it is
/// read stays whole under its open descriptor.
package struct FileSnapshot {
  /// The file's bytes.
  package let bytes: [UInt8]
  /// The file read (a compaction puts a new file under the same name).
  package let identity: FileIdentity
  /// The file's identity, size and time when it was read: the bytes are that many (a line
  /// appended after it is the next reader's).
  package let stamp: FileStamp

  /// Reads the regular file at `path`, refusing what ``LockedFile`` refuses (a FIFO, a
  /// directory, another user's file in a world-writable sticky directory).
  ///
  /// - Parameters:
  ///   - path: The file as the user named it.
  ///   - limit: The most bytes accepted.
  /// - Returns: The bytes, or `nil` when there is no file at `path`.
  /// - Throws: ``LockedFile/OpenError``; nothing is created or changed.
  package static func read(_ path: String, limit: Int) throws(LockedFile.OpenError)
    -> FileSnapshot?
  {
    let directory: OpenDirectory
    let name: String
    do {
      (directory, name) = try OpenDirectory.entry(for: path, action: "open")
    } catch {
      throw .system(error)
    }
    guard let status = directory.status(of: name) else { return nil }
    guard status.kind == .regular else { throw .notRegular(status.kind.description) }
    let descriptor = POSIX.openEntry(name, in: directory.descriptor)
    guard descriptor >= 0 else {
      if Errno.current == .noSuchFileOrDirectory { return nil }
      throw .system(FileSystemError("open", path: path))
    }
    defer { POSIX.close(descriptor) }
    guard let held = FileStatus.of(descriptor: descriptor) else {
      throw .system(FileSystemError("open", path: path))
    }
    guard held.kind == .regular else { throw .notRegular("not a regular file") }
    do {
      try directory.checkOwner(of: held, named: name, for: "open", reported: path)
    } catch {
      throw .system(error)
    }
    let size = Int(held.size)
    guard size <= limit else {
      throw .system(
        FileSystemError(
          "read", path: path, reason: "file is larger than \(FileInput.describe(limit))"))
    }
    // The size of the moment: lines appended after it are the next reader's.
    var bytes = [UInt8](repeating: 0, count: size)
    var offset = 0
    while offset < size {
      let count = bytes.withUnsafeMutableBytes { raw in
        POSIX.read(
          descriptor, into: UnsafeMutableRawBufferPointer(rebasing: raw[offset...]), at: offset)
      }
      guard count >= 0 else { throw .system(FileSystemError("read", path: path)) }
      if count == 0 { break }
      offset += count
    }
    return FileSnapshot(
      bytes: Array(bytes[..<offset]), identity: FileIdentity(held), stamp: FileStamp(held))
  }

  /// The process recorded as holding the file at `path`'s lock (see ``LockHolder``), if the
  /// record is there and its process still runs.
  ///
  /// - Parameter path: The file as the user named it.
  /// - Returns: The holder.
  package static func holder(of path: String) -> LockHolder? {
    guard let (directory, name) = try? OpenDirectory.entry(for: path, action: "open") else {
      return nil
    }
    let descriptor = POSIX.openEntry(LockHolder.recordName(for: name), in: directory.descriptor)
    guard descriptor >= 0 else { return nil }
    defer { POSIX.close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: LockHolder.maximumSize)
    let count = bytes.withUnsafeMutableBytes { raw in
      POSIX.read(descriptor, into: raw, at: 0)
    }
    guard count > 0, let holder = LockHolder(parsing: Array(bytes[..<count])), holder.isAlive
    else { return nil }
    return holder
  }
}
