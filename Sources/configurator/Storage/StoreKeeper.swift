internal import CarFactory
internal import Dealership
import Support

/// Keeps a session in its `--store` file for the life of the process, at a constant cost per
/// command however large the session grows.
///
/// The store is a session file (the document `save` writes) followed by a journal: one line
/// per command that changed the session, with only what it changed (see
/// ``SessionJournalRecord``). Each record is appended with one write and made durable with
/// `fdatasync` before the next command runs; a record cut short by a crash has no newline and
/// is dropped when the store is next opened. When the journal grows past the document (and
/// past ``minimumJournalToCompact``), and on opening a store whose journal is that long, the
/// store is compacted: the whole session is written as a new document, atomically (see
/// ``LockedFile/replace(with:)``).
///
/// The store is held with an exclusive lock on the file itself (``LockedFile``): a second
/// process is refused whatever path it takes to the same file, and before every write the
/// keeper checks that its path still leads to the file it holds.
final class StoreKeeper {
  /// The store as the user named it.
  let path: String
  private let file: LockedFile
  /// What the store holds now.
  private var held: StoreContents
  /// The bytes of the store's document; the journal follows.
  private var documentLength: Int
  /// Where the store's good contents end (the next record goes there).
  private var end: Int
  private var recordCount: Int

  /// A journal shorter than this is never compacted (a small store would be rewritten often).
  static let minimumJournalToCompact = 1 << 20
  /// This store's own threshold (tests use a small one).
  private let minimumJournal: Int

  /// Why a store could not be opened, as data; its words are in
  /// `StoreKeeper+Messages.swift`.
  indirect enum OpenError: Error {
    /// Another process holds the store, and who if it is known; `waited` is how long this
    /// one waited for it.
    case busy(path: String, holder: LockHolder?, waited: StoreWait)
    /// The path names something other than a regular file (`a FIFO`, `a directory`, …).
    case notRegular(path: String, kind: String)
    /// A system call on the store failed (opening, locking).
    case system(path: String, FileSystemError)
    /// The store's bytes could not be read.
    case unreadable(FileSystemError)
    /// The store is not a valid session; it was left as it is.
    case invalid(SessionFileError)
    /// Something else kept it from being read.
    case failed(path: String, any Error)
    /// A store read before is no longer there.
    case gone(path: String)
    /// A store created without `--clean`, opened with it.
    case notClean(path: String)
    /// The models the store remembers could not be loaded; `path` names the store when
    /// the failure is a file's.
    case models(path: String?, CommandError)
    /// Reading the store again failed; the session keeps what it read before.
    case keepingLastRead(OpenError)

    /// Whether another process holds the store (a reader may still read it).
    var isBusy: Bool {
      if case .busy = self { return true }
      return false
    }
  }

  private init(
    path: String, file: LockedFile, held: StoreContents, documentLength: Int, end: Int,
    recordCount: Int, minimumJournal: Int
  ) {
    self.minimumJournal = minimumJournal
    self.path = path
    self.file = file
    self.held = held
    self.documentLength = documentLength
    self.end = end
    self.recordCount = recordCount
  }

  /// What a store remembers of how its session started, which decides the models in force
  /// before its builds are read.
  struct Setup: Equatable {
    /// Whether the store was created clean (`--clean`): no built-in models.
    let isClean: Bool
    /// The catalog files it loads when opened without `--catalog`.
    let catalogs: [CatalogFile]
  }

  /// Opens a store over models that do not depend on what it remembers (tests).
  ///
  /// - Parameters:
  ///   - path: The store as the user named it.
  ///   - catalogs: The models a saved build may name.
  ///   - wait: How long to wait for another process to let the store go.
  ///   - minimumJournal: The journal length below which the store is never compacted.
  /// - Returns: The keeper and the saved session (`nil` for a new store).
  /// - Throws: ``OpenError``, as ``open(_:creatingClean:wait:minimumJournal:models:)``.
  static func open(
    _ path: String, catalogs: Catalogs, wait: StoreWait = .none,
    minimumJournal: Int = minimumJournalToCompact
  ) throws(OpenError) -> (keeper: StoreKeeper, state: SavedSession?) {
    let opened = try open(
      path, creatingClean: catalogs.isClean, wait: wait, minimumJournal: minimumJournal
    ) { _ throws(OpenError) in catalogs }
    return (opened.keeper, opened.state)
  }

  /// Opens a store: takes its lock (creating it, `0600`, with an empty session, if nothing is
  /// there), removes temporary files a killed run left, reads what the store remembers of
  /// its start (``Setup``), asks `models` for the models in force, and reads the session
  /// saved there (`state` is `nil` for a new store). A torn last record is cut off; a long
  /// journal is compacted.
  ///
  /// - Parameters:
  ///   - path: The store as the user named it.
  ///   - creatingClean: Whether a new store starts clean (`--clean`).
  ///   - wait: How long to wait for another process to let the store go (`--wait`; 0
  ///     fails at once).
  ///   - minimumJournal: The journal length below which the store is never compacted.
  ///   - models: The models in force, given what the store remembers (`nil` for a new
  ///     store); the saved builds are checked against them.
  /// - Returns: The keeper, the saved session (`nil` for a new store) and the models.
  /// - Throws: ``OpenError`` if another process holds the store (still, after `wait`), the
  ///   path is not a regular file, the file cannot be read or is not a valid session, or
  ///   `models` fails; the file is then left exactly as it was, and nothing is created.
  static func open(
    _ path: String, creatingClean: Bool, wait: StoreWait = .none,
    minimumJournal: Int = minimumJournalToCompact,
    models: (Setup?) throws(OpenError) -> Catalogs
  ) throws(OpenError)
    -> (keeper: StoreKeeper, state: SavedSession?, catalogs: Catalogs)
  {
    let file: LockedFile
    let empty = SavedSession.empty(clean: creatingClean)
    do {
      file = try LockedFile.open(path, waitingUpTo: wait.milliseconds) {
        SessionFile.encode(empty)
      }
    } catch {
      throw OpenError(error, path: path, wait: wait)
    }
    file.removeLeftovers()
    // Recorded at once, so that a process refused while this one reads the store names it.
    file.recordHolder()
    do throws(OpenError) {
      return try load(
        file, path: path, empty: empty, minimumJournal: minimumJournal, models: models)
    } catch {
      file.eraseHolderRecord()
      throw error
    }
  }

  /// Reads the store just locked (see ``open(_:creatingClean:wait:minimumJournal:models:)``).
  private static func load(
    _ file: LockedFile, path: String, empty: SavedSession, minimumJournal: Int,
    models: (Setup?) throws(OpenError) -> Catalogs
  ) throws(OpenError) -> (keeper: StoreKeeper, state: SavedSession?, catalogs: Catalogs) {
    if file.wasCreated {
      let catalogs: Catalogs
      do {
        catalogs = try models(nil)
      } catch {
        file.removeCreated()
        throw error
      }
      let size = file.size
      let keeper = StoreKeeper(
        path: path, file: file, held: StoreContents(empty), documentLength: size,
        end: size,
        recordCount: 0, minimumJournal: minimumJournal)
      return (keeper, nil, catalogs)
    }
    let bytes: [UInt8]
    do {
      bytes = try file.readAll(limit: SessionFile.maximumSize)
    } catch {
      throw OpenError.unreadable(error)
    }
    let size = bytes.count
    let (contents, catalogs) = try read(bytes, path: path, models: models)
    let keeper = StoreKeeper(
      path: path, file: file, held: StoreContents(contents.state),
      documentLength: contents.documentLength, end: contents.goodLength,
      recordCount: contents.recordCount, minimumJournal: minimumJournal)
    // A torn record goes now, before anything is appended after it (a read-only store keeps
    // it: nothing will be appended).
    if contents.goodLength < size { try? file.truncate(to: contents.goodLength) }
    if keeper.journalIsLong {
      try? keeper.compact(
        SessionFile.encode(contents.state, sources: catalogs.modelSources), contents.state)
    }
    return (keeper, contents.state, catalogs)
  }

  /// Reads a store's bytes: the document, the complete records after it (a torn last one is
  /// left out), then the builds checked against the models `models` gives.
  ///
  /// - Parameters:
  ///   - bytes: The store file.
  ///   - path: The store as the user named it.
  ///   - models: The models in force, given what the store remembers.
  /// - Returns: What the store holds, and the models.
  /// - Throws: ``OpenError`` naming the store and the problem.
  static func read(
    _ bytes: [UInt8], path: String, models: (Setup?) throws(OpenError) -> Catalogs
  ) throws(OpenError) -> (SessionFileDecoder.Contents, Catalogs) {
    do {
      let parsed = try SessionFileDecoder.parse(bytes, file: path)
      let catalogs = try models(Setup(isClean: parsed.isClean, catalogs: parsed.catalogs))
      return (try SessionFileDecoder(file: path, catalogs: catalogs).contents(of: parsed), catalogs)
    } catch let error as SessionFileError {
      throw OpenError.invalid(error)
    } catch let error as OpenError {
      throw error
    } catch {
      throw OpenError.failed(path: path, error)
    }
  }

  /// Lets the store go: the holder record goes (the lock goes with the process).
  func letGo() {
    file.eraseHolderRecord()
  }

  /// Records what changed in the session since the store was last written, if anything.
  ///
  /// - Parameters:
  ///   - state: The session to save.
  ///   - includingMoney: Whether its currency and rates are saved too (not when the store
  ///     is opened: the run's money options wait for a command that changes the session).
  /// - Throws: ``CommandError`` if the store could not be written; it then keeps its last
  ///   saved state.
  func commit(_ state: SessionState, includingMoney: Bool = true) throws(CommandError) {
    // A build that leaves its catalog's digest to the file's record of its catalogs
    // (``SessionBuild``) would be read under the new digest if a record changed them: the
    // store is written whole instead, each build made under another digest saying so.
    if state.catalogs.files != held.catalogs {
      do {
        try file.checkStillNamed()
        try compact(state)
      } catch {
        throw .file(command: nil, .storeNotSaved(error))
      }
      return
    }
    var next = held
    guard
      let record = SessionFile.record(
        number: recordCount + 1, from: &next, to: state, includingMoney: includingMoney)
    else { return }
    do {
      try file.checkStillNamed()
      // A store must stay readable: past the size limit, the session is written whole
      // instead, if it fits.
      guard end + record.count <= SessionFile.maximumSize else {
        try compact(state)
        return
      }
      try file.append(record, at: end)
    } catch {
      throw .file(command: nil, .storeNotSaved(error))
    }
    held = next
    end += record.count
    recordCount += 1
    // The record is durable already: a failed compaction is tried again after more records.
    if journalIsLong { try? compact(state) }
  }

  /// The failure the store's next appends meet on purpose (tests; ``LockedFile/fault``).
  var fault: LockedFile.AppendFault? {
    get { file.fault }
    set { file.fault = newValue }
  }

  /// The session as the store last saved it, read back from its good bytes (what a failed
  /// command is undone to: the session then holds what the store holds).
  ///
  /// - Parameter catalogs: The models in force, which the saved builds are checked against.
  /// - Returns: The saved session.
  /// - Throws: ``OpenError`` if the store can no longer be read.
  func lastSaved(catalogs: Catalogs) throws(OpenError) -> SavedSession {
    let bytes: [UInt8]
    do {
      bytes = try file.readAll(limit: SessionFile.maximumSize)
    } catch {
      throw OpenError.unreadable(error)
    }
    // Only what was saved: bytes past the end are a failed append's.
    let good = Array(bytes.prefix(end))
    return try Self.read(good, path: path) { _ throws(OpenError) in catalogs }.0.state
  }

  /// Takes `state` as what the store holds (after ``lastSaved(catalogs:)`` was adopted), so
  /// the next record holds only the next change.
  func holds(_ state: SessionState) {
    held = StoreContents(state)
  }

  /// Writes the whole session as the store's document, with an empty journal (atomically;
  /// `save` to the store's own path does this too).
  ///
  /// - Parameter state: The session.
  /// - Throws: ``FileSystemError``; the store then keeps its document and journal.
  func compact(_ state: SessionState) throws(FileSystemError) {
    try compact(SessionFile.encode(state), StoreContents(state))
  }

  private func compact(_ bytes: [UInt8], _ contents: StoreContents) throws(FileSystemError) {
    guard bytes.count <= SessionFile.maximumSize else {
      throw FileSystemError(
        "write", path: path,
        reason: "the session is larger than \(FileInput.describe(SessionFile.maximumSize)), "
          + "the most a session file may hold")
    }
    try file.replace(with: bytes)
    held = contents
    documentLength = bytes.count
    end = bytes.count
    recordCount = 0
  }

  private func compact(_ bytes: [UInt8], _ state: SavedSession) throws(FileSystemError) {
    try compact(bytes, StoreContents(state))
  }

  /// Whether `path` leads to this store's file (by any name).
  ///
  /// - Parameter path: A path.
  /// - Returns: `true` for the store's own file.
  func isStore(at path: String) -> Bool {
    StorePlace(self.path, identity: file.identity).isStore(at: path)
  }

  /// Whether the journal is long enough to be compacted: past the document's own size, or
  /// making the store half as large as a session file may be.
  private var journalIsLong: Bool {
    let journal = end - documentLength
    return journal > max(minimumJournal, documentLength)
      || (journal > 0 && end > SessionFile.maximumSize / 2)
  }
}
