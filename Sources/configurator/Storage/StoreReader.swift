import Support

/// A `--store` read by a process that does not hold it: the store's last committed state —
/// its document and the complete records of its journal, never a record cut short — read
/// without the lock and without writing anything (no torn record cut off, no compaction, no
/// leftovers removed: that is the holder's work).
///
/// Commands that change nothing run on it (``Invocation/changesNothing``); a command that
/// would change the session is refused naming the holder (``refusal``).
final class StoreReader {
  /// The store as the user named it.
  let path: String
  /// What the store held when it was read.
  private let held: StoreContents

  private init(path: String, held: StoreContents) {
    self.path = path
    self.held = held
  }

  /// Reads the store at `path` as it is now.
  ///
  /// - Parameters:
  ///   - path: The store as the user named it.
  ///   - models: The models in force, given what the store remembers.
  /// - Returns: The reader, the saved session and the models; `nil` when there is no store
  ///   at `path` yet (a writer creates it).
  /// - Throws: ``StoreKeeper/OpenError`` as ``StoreKeeper/open(_:creatingClean:wait:minimumJournal:models:)``
  ///   does; nothing is written.
  static func open(
    _ path: String, models: (StoreKeeper.Setup?) throws(StoreKeeper.OpenError) -> Catalogs
  ) throws(StoreKeeper.OpenError)
    -> (reader: StoreReader, state: SavedSession, catalogs: Catalogs)?
  {
    let snapshot: FileSnapshot?
    do {
      snapshot = try FileSnapshot.read(path, limit: SessionFile.maximumSize)
    } catch {
      throw StoreKeeper.OpenError(error, path: path, wait: .none)
    }
    guard let snapshot else { return nil }
    let (contents, catalogs) = try StoreKeeper.read(snapshot.bytes, path: path, models: models)
    return (StoreReader(path: path, held: StoreContents(contents.state)), contents.state, catalogs)
  }

  /// Whether the store would have to be written to hold `state` (options such as
  /// `--currency` or `--catalog` that a holder would save).
  ///
  /// - Parameter state: The session.
  /// - Returns: `true` if it differs from what the store holds.
  func wouldChange(to state: SessionState) -> Bool {
    var contents = held
    return SessionFile.record(number: 1, from: &contents, to: state) != nil
  }

  /// Whether `path` leads to the store's file now (by any name).
  ///
  /// - Parameter path: A path.
  /// - Returns: `true` for the store's file.
  func isStore(at path: String) -> Bool {
    guard let (directory, name) = try? OpenDirectory.entry(for: path, action: "write"),
      let status = directory.status(of: name),
      let (storeDirectory, storeName) = try? OpenDirectory.entry(for: self.path, action: "write"),
      let store = storeDirectory.status(of: storeName)
    else { return false }
    return FileIdentity(status) == FileIdentity(store)
  }

  /// What the prompt says at the start of a session that only reads its store.
  var notice: String {
    ("Reading only: " + StoreKeeper.held(path) + " (commands that change the session are "
      + "refused).").escapingControlCharacters
  }

  /// The error for a command that would change a store this process only reads, naming the
  /// holder as it is now.
  var refusal: CommandError {
    .file(
      command: nil,
      reason: StoreKeeper.held(path)
        + "; this session only reads it (start again when that process quits, "
        + "or with --wait SECONDS)")
  }
}
