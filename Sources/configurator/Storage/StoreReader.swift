internal import Dealership
internal import StockValuation
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
  /// What the store held when it was last read.
  private var held: StoreContents
  /// The models in force for a store's setup, as the session that reads it loads them.
  typealias Models = (StoreKeeper.Setup?) throws(StoreKeeper.OpenError) -> Catalogs
  private let models: Models
  /// The setup read last, and the models it gave (used again while the setup stays).
  private var setup: StoreKeeper.Setup?
  private var catalogs: Catalogs
  /// The report currency and rates the store held when it was last read.
  private var currency: Currency
  private var rates: RateTable
  /// The file as it was when it was last read, well or not (`nil`: it was not there): the
  /// store is read again only when it is no longer so.
  private var seen: FileStamp?
  /// How many times the store has been read (tests: nothing is read again while the store
  /// is unchanged).
  private(set) var reads = 1

  private init(
    path: String, state: SavedSession, models: @escaping Models, catalogs: Catalogs,
    stamp: FileStamp
  ) {
    self.path = path
    self.held = StoreContents(state)
    self.models = models
    self.setup = StoreKeeper.Setup(isClean: state.isClean, catalogs: state.catalogs)
    self.catalogs = catalogs
    self.currency = state.currency
    self.rates = state.rates
    self.seen = stamp
  }

  /// Reads the store at `path` as it is now.
  ///
  /// - Parameters:
  ///   - path: The store as the user named it.
  ///   - models: The models in force, given what the store remembers; asked again when the
  ///     store is read again with another setup (see ``refresh()``).
  /// - Returns: The reader, the saved session and the models; `nil` when there is no store
  ///   at `path` yet (a writer creates it).
  /// - Throws: ``StoreKeeper/OpenError`` as ``StoreKeeper/open(_:creatingClean:wait:minimumJournal:models:)``
  ///   does; nothing is written.
  static func open(_ path: String, models: @escaping Models) throws(StoreKeeper.OpenError)
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
    let reader = StoreReader(
      path: path, state: contents.state, models: models, catalogs: catalogs,
      stamp: snapshot.stamp)
    return (reader, contents.state, catalogs)
  }

  /// What the store holds now, read again because it changed since it was last read.
  struct Update {
    /// The store's last committed session.
    let state: SavedSession
    /// The models in force when the store's setup (clean start, catalogs) changed; `nil`
    /// when the session's models stay.
    let catalogs: Catalogs?
    /// The report currency and rates the store held before (a session that showed those
    /// follows the store's new ones; one that set its own keeps them).
    let currency: Currency
    let rates: RateTable
    fileprivate let setup: StoreKeeper.Setup?
    fileprivate let allCatalogs: Catalogs
  }

  /// Reads the store again if it changed since it was last read, by the same path as
  /// ``open(_:models:)`` (the same checks); the reader takes the update once the session
  /// does (``took(_:)``).
  ///
  /// The check is cheap: a `stat` of the path (``FileStamp``), no read of the file. The
  /// holder only appends whole lines, cuts a torn one off, or renames a new file over the
  /// store, so the same identity, size and time mean the same bytes. A store that cannot be
  /// read is not read again until it changes once more.
  ///
  /// - Returns: The update, or `nil` when the store is as it was last read.
  /// - Throws: ``StoreKeeper/OpenError`` when the store is gone or no longer reads; the
  ///   session keeps what it read last.
  func refresh() throws(StoreKeeper.OpenError) -> Update? {
    let now = FileStamp.of(path)
    guard now != seen else { return nil }
    seen = now
    reads += 1
    let snapshot: FileSnapshot?
    do {
      snapshot = try FileSnapshot.read(path, limit: SessionFile.maximumSize)
    } catch {
      throw Self.keeping(StoreKeeper.OpenError(error, path: path, wait: .none))
    }
    guard let snapshot else {
      throw Self.keeping(.gone(path: path))
    }
    seen = snapshot.stamp
    var read: Catalogs?
    var readSetup: StoreKeeper.Setup?
    let (contents, catalogs): (SessionFileDecoder.Contents, Catalogs)
    do {
      (contents, catalogs) = try StoreKeeper.read(snapshot.bytes, path: path) {
        stored throws(StoreKeeper.OpenError) in
        readSetup = stored
        if stored == setup { return self.catalogs }
        let loaded = try models(stored)
        read = loaded
        return loaded
      }
    } catch {
      throw Self.keeping(error)
    }
    return Update(
      state: contents.state, catalogs: read, currency: currency, rates: rates,
      setup: readSetup, allCatalogs: catalogs)
  }

  /// Takes an update the session took: it is what the store holds from now on.
  ///
  /// - Parameter update: The update ``refresh()`` gave.
  func took(_ update: Update) {
    held = StoreContents(update.state)
    setup = update.setup
    catalogs = update.allCatalogs
    currency = update.state.currency
    rates = update.state.rates
  }

  /// An error reading the store again, saying that the session keeps its last state.
  private static func keeping(_ error: StoreKeeper.OpenError) -> StoreKeeper.OpenError {
    .keepingLastRead(error)
  }

  /// Whether the store would have to be written to hold `state` (options such as
  /// `--currency` or `--catalog` that a holder would save).
  ///
  /// - Parameter state: The session.
  /// - Returns: `true` if it differs from what the store holds.
  func wouldChange(to state: SessionState) -> Bool {
    var contents = held
    // The money options (`--currency`, `--rate`, `--rates`) of a command that changes
    // nothing are for its own reading: they never write the store (SPEC §15).
    return SessionFile.record(number: 1, from: &contents, to: state, includingMoney: false)
      != nil
  }

  /// Whether `path` leads to the store's file now (by any name).
  ///
  /// - Parameter path: A path.
  /// - Returns: `true` for the store's file.
  func isStore(at path: String) -> Bool {
    StorePlace(self.path).isStore(at: path)
  }

  /// What the prompt says at the start of a session that only reads its store.
  var notice: String {
    ("Reading only: " + StoreKeeper.held(path) + " (commands that change the session are "
      + "refused).").escapingControlCharacters
  }

  /// The error for a command that would change a store this process only reads, naming the
  /// holder as it is now.
  var refusal: CommandError {
    .file(command: nil, .changeOfReadStore(path: path, holder: FileSnapshot.holder(of: path)))
  }
}
