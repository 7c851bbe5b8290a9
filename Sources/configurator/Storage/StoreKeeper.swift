internal import CarFactory
import Support

/// Keeps a session in its `--store` file for the life of the process.
///
/// Opening a store takes its lock (see ``StoreLock``) and reads the session saved there, if
/// any. After every command the session calls ``commit(_:)``, which saves the session
/// atomically (see ``AtomicFile``) when the command changed it, and does nothing otherwise.
final class StoreKeeper {
  /// The store as the user named it.
  let path: String
  let lock: StoreLock
  /// The session as the store holds it now; `nil` until the store has been written once.
  private var committed: SessionFingerprint?

  /// Why a store could not be opened; the text is the whole message.
  struct OpenError: Error, Equatable, CustomStringConvertible {
    let description: String
  }

  private init(path: String, lock: StoreLock, committed: SessionFingerprint?) {
    self.path = path
    self.lock = lock
    self.committed = committed
  }

  /// Opens a store: takes its lock, removes temporary files a killed run left, and reads the
  /// saved session if the file exists (`state` is `nil` for a new store).
  ///
  /// - Throws: ``OpenError`` if another process holds the store, or the file cannot be read
  ///   or is not a valid session; the file is then left exactly as it was.
  static func open(_ path: String, registry: CarRegistry) throws(OpenError)
    -> (keeper: StoreKeeper, state: SessionState?)
  {
    let lock: StoreLock
    do {
      lock = try StoreLock(store: path)
    } catch {
      switch error {
      case .busy:
        throw OpenError(
          description: "store '\(path)' is in use by another configurator process"
            .escapingControlCharacters)
      case .system(let failure):
        throw OpenError(description: "store '\(path)': \(failure.description)")
      }
    }
    AtomicFile.removeLeftovers(of: path)
    guard POSIX.exists(path) else {
      return (StoreKeeper(path: path, lock: lock, committed: nil), nil)
    }
    let state: SessionState
    do {
      let bytes = try SessionFile.read(path)
      state = try SessionFileDecoder(file: path, registry: registry).decode(bytes)
    } catch let error as SessionFileError {
      throw OpenError(description: "\(error.description); the store was left as it is")
    } catch let error as FileSystemError {
      throw OpenError(description: error.description)
    } catch {
      throw OpenError(description: "cannot read '\(path)': \(error)")
    }
    return (StoreKeeper(path: path, lock: lock, committed: SessionFingerprint(state)), state)
  }

  /// Saves the session if it differs from what the store holds, and (given `before`) if the
  /// command that just ran changed it.
  ///
  /// - Parameters:
  ///   - session: The session to save.
  ///   - before: The session before the command; a command that changed nothing does not
  ///     write, even when an earlier save failed (the next command that changes it does).
  /// - Throws: ``CommandError`` if the store could not be written; it then keeps its last
  ///   saved state.
  func commit(_ session: Session, changedSince before: SessionFingerprint? = nil)
    throws(CommandError)
  {
    let state = session.state
    let fingerprint = SessionFingerprint(state)
    if let before, fingerprint == before { return }
    guard fingerprint != committed else { return }
    do {
      try AtomicFile.write(SessionFile.encode(state), to: path)
    } catch {
      throw CommandError(
        "store not saved: \(error.description) (it keeps its last saved state)")
    }
    committed = fingerprint
  }
}
