import Support

/// The exclusive lock of a store: `flock` on a sidecar file `STORE.lock`, held until the
/// process ends.
///
/// The lock is not taken on the store itself because every save replaces the store by a
/// rename: a lock on the old file would guard nothing. The sidecar is never removed (removing
/// it would let two processes lock two different files of the same name).
final class StoreLock {
  private let descriptor: Int32
  /// The lock file's device and inode, to recognize it under another name.
  let identity: FileIdentity

  /// Why a lock could not be taken.
  enum Failure: Error {
    /// Another process holds it.
    case busy
    /// The lock file could not be opened or locked.
    case system(FileSystemError)
  }

  /// The sidecar lock file of a store.
  static func lockPath(for store: String) -> String { store + ".lock" }

  /// Takes the lock of `store` at once, or fails without waiting.
  init(store: String) throws(Failure) {
    let path = Self.lockPath(for: store)
    var descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    if descriptor < 0, errno == EACCES || errno == EROFS {
      // A lock file we may not write can still be locked, so a read-only store opens.
      descriptor = open(path, O_RDONLY | O_CLOEXEC)
    }
    guard descriptor >= 0 else { throw .system(FileSystemError("create lock file", path: path)) }
    if POSIX.retryingInterrupted({ flock(descriptor, LOCK_EX | LOCK_NB) }) != 0 {
      let code = errno
      close(descriptor)
      if code == EWOULDBLOCK { throw .busy }
      throw .system(FileSystemError("lock", path: path, code: code))
    }
    self.descriptor = descriptor
    self.identity = FileIdentity(descriptor: descriptor) ?? FileIdentity(device: 0, inode: 0)
  }

  deinit { close(descriptor) }

  /// Whether another process holds the lock of `store` now (a store in use). A store
  /// without a lock file is not in use.
  static func isHeldElsewhere(store: String, except own: StoreLock?) -> Bool {
    let path = lockPath(for: store)
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    if let own, FileIdentity(descriptor: descriptor) == own.identity { return false }
    guard flock(descriptor, LOCK_SH | LOCK_NB) == 0 else { return errno == EWOULDBLOCK }
    flock(descriptor, LOCK_UN)
    return false
  }
}

/// A file's device and inode number: the same file under any name.
struct FileIdentity: Equatable {
  let device: UInt64
  let inode: UInt64

  init(device: UInt64, inode: UInt64) {
    self.device = device
    self.inode = inode
  }

  init?(descriptor: Int32) {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    self.init(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
  }
}
