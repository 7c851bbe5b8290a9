/// A file held under an exclusive `flock` on its own descriptor for the life of this object:
/// one file, whatever path reached it (a symbolic link, a hard link, `./x`), can be held by one
/// process at a time. A `--store`.
///
/// The lock is on the file itself, not on a sidecar lock file that could be deleted or reached
/// by another name. Replacing the file (``replace(with:)``) writes a new file, locks it before
/// it gets the name, renames it over the old one and only then lets the old one go; an opener
/// checks after locking that the name still leads to the file it locked, and tries again if
/// not, so it can never hold a file that has been replaced.
///
/// Only regular files are held: a directory, FIFO, device or socket is refused before it is
/// opened for writing (and opened without blocking, so a FIFO cannot hang the opener), and a
/// refusal leaves nothing behind. Nor is a file held that another user owns in a
/// world-writable sticky directory (see ``SafePath``).
package final class LockedFile {
  /// Why a file could not be held.
  package enum OpenError: Error {
    /// Another open file description holds the lock (another process).
    case busy
    /// The path names something other than a regular file (`a FIFO`, `a directory`, …).
    case notRegular(String)
    /// A system call failed.
    case system(FileSystemError)
  }

  /// The path as the user named it, for messages.
  package let path: String
  private let directory: OpenDirectory
  private let name: String
  /// The held file's descriptor (read-write, or read-only for a file we may not write).
  package private(set) var descriptor: Int32
  /// Why the file cannot be written (`EACCES`, `EROFS`), or `nil` if it can.
  package let readOnlyReason: Errno?
  /// Whether the file was created by ``open(_:creatingWith:)``.
  package let wasCreated: Bool

  private init(
    path: String, directory: OpenDirectory, name: String, descriptor: Int32,
    readOnlyReason: Errno?, wasCreated: Bool
  ) {
    self.path = path
    self.directory = directory
    self.name = name
    self.descriptor = descriptor
    self.readOnlyReason = readOnlyReason
    self.wasCreated = wasCreated
  }

  deinit { POSIX.close(descriptor) }

  /// The pause between two tries while waiting for another process's lock: short enough
  /// that a lock released is taken soon after, long enough that a wait costs no real CPU.
  package static let pollInterval = 20

  /// Opens and locks the regular file at `path`, creating it (mode `0600`) with the bytes
  /// `initial` gives if nothing is there; while another process holds the lock, tries again
  /// every ``pollInterval`` milliseconds for up to `milliseconds`.
  ///
  /// The lock is only ever tried without blocking (`LOCK_NB`), so the wait is bounded
  /// whatever the holder does; `milliseconds` of 0 fails at once.
  ///
  /// - Parameters:
  ///   - path: The file as the user named it (symbolic links are followed as ``SafePath``
  ///     allows).
  ///   - milliseconds: The longest wait for another process's lock (0 or more).
  ///   - initial: The contents of a new file.
  /// - Returns: The held file.
  /// - Throws: ``OpenError``; ``OpenError/busy`` when the lock is still held after the wait.
  ///   Nothing is created or changed then.
  package static func open(
    _ path: String, waitingUpTo milliseconds: Int, creatingWith initial: () -> [UInt8]
  ) throws(OpenError) -> LockedFile {
    // Clamped so the deadline cannot overflow (a caller's bound is far below this: days).
    let deadline = SystemClock.monotonicMilliseconds + min(max(0, milliseconds), 1 << 40)
    while true {
      do {
        return try open(path, creatingWith: initial)
      } catch .busy {
        let left = deadline - SystemClock.monotonicMilliseconds
        guard left > 0 else { throw .busy }
        // A signal may end the pause early: the deadline is checked again.
        SystemClock.sleep(milliseconds: min(left, pollInterval))
      }
    }
  }

  /// Opens and locks the regular file at `path`, creating it (mode `0600`) with the bytes
  /// `initial` gives if nothing is there; fails at once if another process holds it.
  ///
  /// - Parameters:
  ///   - path: The file as the user named it (symbolic links are followed as ``SafePath``
  ///     allows).
  ///   - initial: The contents of a new file.
  /// - Returns: The held file.
  /// - Throws: ``OpenError``; nothing is created or changed then.
  package static func open(_ path: String, creatingWith initial: () -> [UInt8])
    throws(OpenError) -> LockedFile
  {
    let directory: OpenDirectory
    let name: String
    do {
      (directory, name) = try OpenDirectory.entry(for: path, action: "open")
    } catch {
      throw .system(error)
    }
    // A file replaced between our open and our lock, or created and removed by another
    // opener meanwhile, sends us round again; a few rounds settle any real race.
    for _ in 0..<100 {
      if let status = directory.status(of: name) {
        guard status.kind == .regular else { throw .notRegular(status.kind.description) }
        var readOnlyReason: Errno?
        var descriptor = POSIX.openEntry(name, in: directory.descriptor, writable: true)
        if descriptor < 0, [.permissionDenied, .readOnlyFileSystem].contains(Errno.current) {
          readOnlyReason = .current
          descriptor = POSIX.openEntry(name, in: directory.descriptor)
        }
        guard descriptor >= 0 else {
          if [.noSuchFileOrDirectory, .tooManySymbolicLinkLevels].contains(Errno.current) {
            continue
          }
          throw .system(FileSystemError("open", path: path))
        }
        if !POSIX.tryLock(descriptor, .exclusive) {
          let code = Errno.current
          POSIX.close(descriptor)
          if code == .wouldBlock { throw .busy }
          throw .system(FileSystemError("lock", path: path, code: code))
        }
        let file = LockedFile(
          path: path, directory: directory, name: name, descriptor: descriptor,
          readOnlyReason: readOnlyReason, wasCreated: false)
        guard let identity = FileIdentity(descriptor: descriptor), file.isNamed(identity) else {
          continue
        }
        guard file.isRegular else {
          throw .notRegular("not a regular file")
        }
        guard let held = FileStatus.of(descriptor: descriptor) else {
          throw .system(FileSystemError("open", path: path))
        }
        do {
          try directory.checkOwner(of: held, named: name, for: "open", reported: path)
        } catch {
          throw .system(error)
        }
        return file
      }
      let created: Int32?
      do {
        created = try AtomicFile.create(
          name, in: directory, with: initial(), mode: 0o600, reported: path)
      } catch {
        throw .system(error)
      }
      guard let created else { continue }
      return LockedFile(
        path: path, directory: directory, name: name, descriptor: created,
        readOnlyReason: nil, wasCreated: true)
    }
    throw .busy
  }

  private var isRegular: Bool { FileStatus.of(descriptor: descriptor)?.kind == .regular }

  /// Whether the path still leads to the held file (not moved, removed or replaced by
  /// another program since it was locked).
  package var isStillNamed: Bool {
    guard let identity = FileIdentity(descriptor: descriptor) else { return false }
    return isNamed(identity)
  }

  private func isNamed(_ identity: FileIdentity) -> Bool {
    guard let status = directory.status(of: name) else { return false }
    return FileIdentity(status) == identity
  }

  /// The held file's identity.
  package var identity: FileIdentity? { FileIdentity(descriptor: descriptor) }

  /// The file's size in bytes.
  package var size: Int { FileStatus.of(descriptor: descriptor).map { Int($0.size) } ?? 0 }

  /// The whole file, if it has at most `limit` bytes.
  ///
  /// - Parameter limit: The most bytes accepted.
  /// - Returns: The file's bytes.
  /// - Throws: ``FileSystemError`` (`read`), also past the limit.
  package func readAll(limit: Int) throws(FileSystemError) -> [UInt8] {
    let size = self.size
    guard size <= limit else {
      throw FileSystemError(
        "read", path: path, reason: "file is larger than \(FileInput.describe(limit))")
    }
    var bytes = [UInt8](repeating: 0, count: size)
    var offset = 0
    while offset < size {
      let count = bytes.withUnsafeMutableBytes { raw in
        POSIX.read(
          descriptor, into: UnsafeMutableRawBufferPointer(rebasing: raw[offset...]), at: offset)
      }
      guard count >= 0 else { throw FileSystemError("read", path: path) }
      if count == 0 { break }
      offset += count
    }
    return Array(bytes[..<offset])
  }

  /// A failure ``append(_:at:)`` meets on purpose (tests): the system calls it names fail
  /// with `code`, as on a full disk (`ENOSPC`) or a failing device (`EIO`).
  package struct AppendFault: Sendable {
    /// Which calls fail.
    package enum Step: Sendable {
      /// The write stops after this many bytes, then fails.
      case write(after: Int)
      /// `fdatasync` fails after the whole write.
      case sync
      /// `fdatasync` fails, and so does the `ftruncate` that undoes the write.
      case syncAndCut
    }
    /// Which calls fail.
    package var step: Step
    /// The error they fail with.
    package var code: Errno

    /// A fault at `step`, failing with `code`.
    package init(_ step: Step, code: Errno) {
      self.step = step
      self.code = code
    }
  }

  /// The failure the next appends meet (tests); `nil` in use.
  package var fault: AppendFault?
  /// Where the file must be cut before anything more is appended: a failed append whose
  /// bytes could not be cut off (`ftruncate` failed too) left them after it.
  package private(set) var pendingCut: Int?

  /// Appends bytes at `offset` (the end of the file's committed contents) and makes them
  /// durable (`fdatasync`); on any failure the file is cut back to `offset`. If that cut
  /// fails too, nothing more is appended until a cut succeeds: a shorter record written over
  /// the bytes left would leave their tail after it, and the store would no longer read.
  ///
  /// - Parameters:
  ///   - bytes: What to append.
  ///   - offset: Where the file's good contents end.
  /// - Throws: ``FileSystemError`` (`write`); the file then ends at `offset` again, or will
  ///   be cut there before the next append.
  package func append(_ bytes: [UInt8], at offset: Int) throws(FileSystemError) {
    try checkWritable()
    if let cut = pendingCut {
      guard POSIX.truncate(descriptor, to: cut), POSIX.synchronizeData(descriptor) else {
        throw FileSystemError("write", path: path)
      }
      pendingCut = nil
    }
    var written = 0
    var limit = bytes.count
    if case .write(let after) = fault?.step { limit = min(max(after, 0), bytes.count) }
    while written < bytes.count {
      let count =
        written < limit
        ? bytes.withUnsafeBytes { raw in
          POSIX.write(
            descriptor, UnsafeRawBufferPointer(rebasing: raw[written..<limit]),
            at: offset + written)
        } : -1
      guard count > 0 else {
        let code: Errno =
          written >= limit ? fault?.code ?? .ioError : count < 0 ? .current : .ioError
        throw undo(FileSystemError("write", path: path, code: code), at: offset)
      }
      written += count
    }
    let syncFails: Bool
    switch fault?.step {
    case .sync?, .syncAndCut?: syncFails = true
    default: syncFails = !POSIX.synchronizeData(descriptor)
    }
    guard !syncFails else {
      let code = fault.map(\.code) ?? .current
      throw undo(FileSystemError("write", path: path, code: code), at: offset)
    }
  }

  /// Cuts off a failed append's bytes, or remembers to (``pendingCut``); returns `failure`.
  private func undo(_ failure: FileSystemError, at offset: Int) -> FileSystemError {
    let cutFails: Bool
    if case .syncAndCut? = fault?.step {
      cutFails = true
    } else {
      cutFails = !POSIX.truncate(descriptor, to: offset)
    }
    if cutFails { pendingCut = offset }
    return failure
  }

  /// Cuts the file to `length` bytes (a torn last record).
  ///
  /// - Parameter length: The new length.
  /// - Throws: ``FileSystemError`` (`write`).
  package func truncate(to length: Int) throws(FileSystemError) {
    try checkWritable()
    guard POSIX.truncate(descriptor, to: length), POSIX.synchronizeData(descriptor) else {
      throw FileSystemError("write", path: path)
    }
    pendingCut = nil
  }

  /// Replaces the file's contents atomically with `bytes` (a new file renamed over it, which
  /// this object then holds); the file keeps its permissions.
  ///
  /// - Parameter bytes: The new contents.
  /// - Throws: ``FileSystemError``: the file cannot be written, or its path no longer leads
  ///   to it; the file is then as it was.
  package func replace(with bytes: [UInt8]) throws(FileSystemError) {
    try checkWritable()
    let mode = FileStatus.of(descriptor: descriptor)?.permissions ?? 0o600
    let replacement = try AtomicFile.replace(
      name, in: directory, with: bytes, mode: mode, reported: path, keepingOpen: true
    ) { () throws(FileSystemError) in try self.checkStillNamed() }
    guard let replacement else { throw FileSystemError("write", path: path, code: .ioError) }
    POSIX.close(descriptor)
    descriptor = replacement
    pendingCut = nil
  }

  /// Refuses to write when the path no longer leads to the held file.
  ///
  /// - Throws: ``FileSystemError`` (`write`) saying so.
  package func checkStillNamed() throws(FileSystemError) {
    guard isStillNamed else {
      throw FileSystemError(
        "write", path: path,
        reason: "it is no longer the file this process opened (moved, removed or replaced)")
    }
  }

  /// Removes temporary files a killed writer left beside the file (we hold its lock, so no
  /// other writer of ours is at work there).
  package func removeLeftovers() {
    AtomicFile.removeLeftovers(of: name, in: directory)
  }

  /// Removes the file this process created (``wasCreated``), if its path still leads to it:
  /// how an opener that cannot go on after creating it leaves nothing behind.
  package func removeCreated() {
    guard wasCreated, isStillNamed else { return }
    POSIX.removeEntry(name, in: directory.descriptor)
  }

  /// Records this process as the holder (``LockHolder``), atomically, beside the file; a
  /// directory we may not write keeps no record (the lock holds all the same).
  package func recordHolder() {
    let record = LockHolder.recordName(for: name)
    if let descriptor = try? AtomicFile.replace(
      record, in: directory, with: LockHolder.current.line, mode: 0o600, reported: record,
      keepingOpen: false)
    {
      POSIX.close(descriptor)
    }
  }

  /// Removes this process's holder record, when the process lets the file go.
  package func eraseHolderRecord() {
    let record = LockHolder.recordName(for: name)
    let descriptor = POSIX.openEntry(record, in: directory.descriptor)
    guard descriptor >= 0 else { return }
    var bytes = [UInt8](repeating: 0, count: LockHolder.maximumSize)
    let count = bytes.withUnsafeMutableBytes { raw in
      POSIX.read(descriptor, into: raw, at: 0)
    }
    POSIX.close(descriptor)
    // Another holder's record (ours was replaced after we let go) stays.
    guard count > 0,
      LockHolder(parsing: Array(bytes[..<count]))?.processID == POSIX.processID
    else { return }
    POSIX.removeEntry(record, in: directory.descriptor)
  }

  private func checkWritable() throws(FileSystemError) {
    if let readOnlyReason { throw FileSystemError("write", path: path, code: readOnlyReason) }
  }
}
