import Synchronization

/// Replaces a file's contents all at once: readers and crashes see the old file or the new
/// one, never a mix or a truncated file.
///
/// The bytes go to a new temporary file in the same directory (a unique name, created with
/// `O_CREAT | O_EXCL`), which is written whole and `fsync`ed, then renamed over the target;
/// finally the directory is `fsync`ed so the rename itself survives a power cut. On any
/// failure the temporary file is removed and the target is left as it was.
///
/// What may be replaced (SPEC §10): only a regular file. A symbolic link is followed (the file
/// it points to is replaced, the link stays) unless it lies in a world-writable sticky
/// directory and belongs to another user (see ``SafePath``); a directory, FIFO, device or
/// socket is refused, and so is a regular file that another user owns in such a directory. New files are created `0600`; a replaced file keeps its permissions.
/// The one atomic writer of the package (sessions, stores, the prompt's history).
package enum AtomicFile {
  /// Temporary files are named `.NAME.tmp-PID-N`: hidden, and easy to recognize as ours.
  package static func temporaryPrefix(for name: String) -> String { ".\(name).tmp-" }

  private static let counter = Atomic<UInt64>(0)

  /// Writes `bytes` to `path`, replacing the regular file there if there is one.
  ///
  /// - Parameters:
  ///   - bytes: The new contents.
  ///   - path: The file.
  ///   - mode: The permissions of a new file (an existing file keeps its own).
  ///   - removingLeftovers: Whether to remove first the temporary files killed writers of
  ///     `path` left (``removeLeftoversOfDeadWriters(of:in:)``).
  ///   - check: Called with the identity of an existing file and whether another open file
  ///     description holds a `flock` on it; a reason it returns refuses the write.
  /// - Throws: ``FileSystemError`` naming the path and the reason; the file at `path` is then
  ///   unchanged.
  package static func write(
    _ bytes: [UInt8], to path: String, mode: UInt32 = 0o600, removingLeftovers: Bool = false,
    check: (_ existing: FileIdentity, _ isLocked: Bool) -> String? = { _, _ in nil }
  ) throws(FileSystemError) {
    let (directory, name) = try OpenDirectory.entry(for: path, action: "write")
    var newMode = mode
    if let existing = directory.status(of: name) {
      guard existing.kind == .regular else {
        throw FileSystemError(
          "write", path: path, reason: "not a regular file (it is \(existing.kind))")
      }
      try directory.checkOwner(of: existing, named: name, for: "write", reported: path)
      if let reason = check(FileIdentity(existing), isLocked(name, in: directory)) {
        throw FileSystemError("write", path: path, reason: reason)
      }
      newMode = existing.permissions
    }
    if removingLeftovers { removeLeftoversOfDeadWriters(of: name, in: directory) }
    let descriptor = try replace(
      name, in: directory, with: bytes, mode: newMode, reported: path, keepingOpen: false)
    if let descriptor { POSIX.close(descriptor) }
  }

  /// Writes a new file beside `name`, then renames it over `name`.
  ///
  /// - Parameters:
  ///   - name: The file's name in `directory`.
  ///   - directory: Its directory.
  ///   - bytes: The new contents.
  ///   - mode: The new file's permissions (set exactly, whatever the umask).
  ///   - reported: The path to name in messages.
  ///   - keepingOpen: Whether to return the new file's descriptor, locked with `flock`
  ///     before it got its name, so that no other process can lock it first.
  ///   - beforeRename: A last check before the rename; its error abandons the write.
  /// - Returns: The new file's descriptor when `keepingOpen`, else `nil`.
  /// - Throws: ``FileSystemError``; the old file is then unchanged.
  package static func replace(
    _ name: String, in directory: OpenDirectory, with bytes: [UInt8], mode: UInt32,
    reported: String, keepingOpen: Bool,
    beforeRename: () throws(FileSystemError) -> Void = {}
  ) throws(FileSystemError) -> Int32? {
    let (descriptor, temporary) = try createTemporary(
      in: directory, for: name, mode: mode, reported: reported)
    var done = false
    defer {
      if !done {
        POSIX.removeEntry(temporary, in: directory.descriptor)
        POSIX.close(descriptor)
      }
    }
    POSIX.setPermissions(descriptor, mode)
    if keepingOpen, !POSIX.tryLock(descriptor, .exclusive) {
      throw FileSystemError("lock", path: reported)
    }
    try writeDurably(bytes, to: descriptor, reported: reported)
    try beforeRename()
    guard POSIX.renameEntry(temporary, in: directory.descriptor, to: name) else {
      throw FileSystemError("write", path: reported)
    }
    done = true
    guard keepingOpen else {
      POSIX.close(descriptor)
      try directory.sync(reported: reported)
      return nil
    }
    do {
      try directory.sync(reported: reported)
    } catch {
      POSIX.close(descriptor)
      throw error
    }
    return descriptor
  }

  /// Creates `name` with `bytes` if nothing has that name yet: the bytes go to a temporary
  /// file that is then linked to `name` (`linkat` fails rather than replace), so the file is
  /// never seen empty or half-written.
  ///
  /// - Parameters:
  ///   - name: The file's name in `directory`.
  ///   - directory: Its directory.
  ///   - bytes: The contents.
  ///   - mode: The new file's permissions.
  ///   - reported: The path to name in messages.
  /// - Returns: The new file's descriptor, locked with `flock` before it got its name; `nil`
  ///   if another file took the name first.
  /// - Throws: ``FileSystemError``.
  package static func create(
    _ name: String, in directory: OpenDirectory, with bytes: [UInt8], mode: UInt32,
    reported: String
  ) throws(FileSystemError) -> Int32? {
    let (descriptor, temporary) = try createTemporary(
      in: directory, for: name, mode: mode, reported: reported)
    defer { POSIX.removeEntry(temporary, in: directory.descriptor) }
    var linked = false
    defer { if !linked { POSIX.close(descriptor) } }
    guard POSIX.tryLock(descriptor, .exclusive) else {
      throw FileSystemError("lock", path: reported)
    }
    try writeDurably(bytes, to: descriptor, reported: reported)
    guard POSIX.linkEntry(temporary, in: directory.descriptor, to: name) else {
      if Errno.current == .fileExists { return nil }
      throw FileSystemError("create", path: reported)
    }
    linked = true
    return descriptor
  }

  /// Removes temporary files a killed writer left next to `name` (call it only while no other
  /// process may be writing there, such as under a store's lock).
  ///
  /// - Parameters:
  ///   - name: The file whose leftovers go.
  ///   - directory: Its directory.
  package static func removeLeftovers(of name: String, in directory: OpenDirectory) {
    for leftover in directory.names(startingWith: temporaryPrefix(for: name)) {
      POSIX.removeEntry(leftover, in: directory.descriptor)
    }
  }

  /// Removes the temporary files of `name` that writers which are no longer running left
  /// (killed during a write): ours (owned by this user), named with a process id that no
  /// running process has. A running writer's file stays, whoever it is.
  ///
  /// - Parameters:
  ///   - name: The file whose leftovers go.
  ///   - directory: Its directory.
  package static func removeLeftoversOfDeadWriters(of name: String, in directory: OpenDirectory) {
    let prefix = temporaryPrefix(for: name)
    for leftover in directory.names(startingWith: prefix) {
      let rest = leftover.dropFirst(prefix.count)
      guard let dash = rest.firstIndex(of: "-"), let writer = Int32(rest[..<dash]), writer > 0,
        writer != POSIX.processID, !POSIX.isRunning(writer),
        let status = directory.status(of: leftover), status.kind == .regular,
        status.owner == POSIX.effectiveUserID
      else { continue }
      POSIX.removeEntry(leftover, in: directory.descriptor)
    }
  }

  // MARK: steps

  private static func writeDurably(_ bytes: [UInt8], to descriptor: Int32, reported: String)
    throws(FileSystemError)
  {
    if let failure = bytes.withUnsafeBytes({ POSIX.writeAll(descriptor, $0) }) {
      throw FileSystemError("write", path: reported, code: failure)
    }
    guard POSIX.synchronize(descriptor) else { throw FileSystemError("write", path: reported) }
  }

  /// Whether another open file description holds a `flock` on the file (a shared lock is
  /// refused then; the lock taken to ask is let go at once).
  private static func isLocked(_ name: String, in directory: OpenDirectory) -> Bool {
    let descriptor = POSIX.openEntry(name, in: directory.descriptor)
    guard descriptor >= 0 else { return false }
    defer { POSIX.close(descriptor) }
    guard POSIX.tryLock(descriptor, .shared) else { return Errno.current == .wouldBlock }
    return false
  }

  private static func createTemporary(
    in directory: OpenDirectory, for name: String, mode: UInt32, reported: String
  ) throws(FileSystemError) -> (Int32, String) {
    let prefix = temporaryPrefix(for: name) + "\(POSIX.processID)-"
    while true {
      let serial = counter.add(1, ordering: .relaxed).newValue
      let temporary = prefix + "\(serial)"
      let descriptor = POSIX.createEntry(temporary, in: directory.descriptor, permissions: mode)
      if descriptor >= 0 { return (descriptor, temporary) }
      // A name left by an earlier process with our pid: try the next one.
      if Errno.current == .fileExists, serial < 1_000_000 { continue }
      throw FileSystemError("write", path: reported)
    }
  }
}
