internal import CarFactory
internal import Dealership
internal import StockValuation
import Support

/// The session file: a versioned JSON document holding a ``SessionState``, written by `save`
/// and `--store`, read by `load` and `--store` (format: `Docs/UserGuide.md`, "Session files").
///
/// Money, rates and tax percents are exact decimal strings (`"76550.00"`, `"0.60338"`), never
/// JSON numbers, so no reader need pass them through a floating-point type. Whole numbers
/// (build numbers, quantities) are JSON integers. One build or stock line per line of text
/// keeps the file readable and its diffs small.
enum SessionFile {
  /// The value of the `format` key that marks a session file.
  static let formatName = "configurator-session"
  /// The version this build writes. Version 9 records with each build (and stock line's
  /// specification) the SHA-256 of the catalog file its model came from (`"catalog"`).
  /// Version 8 may keep the floor plan's rates (`"floorPlan"`,
  /// ``SessionFloorPlan``) and a sale's floor-plan interest (`"floorPlan"`). Version 7 may keep the dealer's whole profile (`"dealer"`
  /// as an object, ``SessionDealer``) where earlier versions kept a name, and the recorded
  /// quotes and orders (`"quotes"`, ``SessionQuote``; `"orders"`, ``SessionOrder``). Version 6 may keep whole cars in a working car's
  /// history (the car `configure` or `edit N` replaced, `"replaced"`, with the changes
  /// `"kind":"configure"` and `"kind":"edit"`). Version 5 keeps a working car's changes as data
  /// (`"edit"`, ``CarEdit``) where version 4 kept their words. Version 4 numbers the stock lines (`"number"`,
  /// `"nextStock"`), keeps a line's VIN and specification (`"vin"`, `"build"`) and the sales
  /// ledger (`"sales"`); version 3 may mark a clean start (`"clean": true`) and list the
  /// catalog files loaded (`"catalogs"`); version 2 keeps a build's notes as data (version 1
  /// kept their words). All nine are read.
  static let version = 9
  /// The versions this build reads.
  static let readableVersions: ClosedRange<Int64> = 1...9
  /// The largest session file read (a million builds take about 80 MiB).
  static let maximumSize = 256 << 20

  /// The bytes of a session file, at most ``maximumSize``.
  ///
  /// - Parameter path: The file.
  /// - Returns: Its bytes.
  /// - Throws: ``FileSystemError`` (`cannot read 'x': …`).
  static func read(_ path: String) throws(FileSystemError) -> [UInt8] {
    do {
      return try FileInput.readAll(path: path, limit: maximumSize)
    } catch {
      throw error.describedAs("read")
    }
  }

  /// Writes a session file (`save FILE`), atomically, `0600` if new; see ``AtomicFile`` for
  /// what may be replaced. Another process's store is refused; this session's own store is
  /// compacted (its document then holds the session, its journal is empty).
  ///
  /// - Parameters:
  ///   - state: The session.
  ///   - path: The file as the user named it.
  ///   - store: This session's store, if it has one.
  /// - Throws: ``FileSystemError`` naming the path and the reason.
  static func save(_ state: SessionState, to path: String, store: StoreKeeper?)
    throws(FileSystemError)
  {
    if let store, store.isStore(at: path) {
      try store.compact(state)
      return
    }
    try AtomicFile.write(encode(state), to: path) { _, isLocked in
      isLocked ? "it is the store of another configurator process; save elsewhere" : nil
    }
  }

  /// The file's bytes for a state, ending with a newline: one build, stock line or rate per
  /// line, written in the key order of the schema types (`SessionBuild` and the others).
  static func encode(_ state: SessionState) -> [UInt8] {
    encode(state.saved, sources: state.modelSources)
  }

  /// The file's bytes for a saved session, the UVL models its builds use recorded with them.
  static func encode(_ state: SavedSession, sources: [ModelID: SessionState.ModelSource] = [:])
    -> [UInt8]
  {
    var text = "{\n"
    text += "  \"format\": " + quoted(formatName) + ",\n"
    text += "  \"version\": \(version),\n"
    if state.isClean { text += "  \"clean\": true,\n" }
    if !state.catalogs.isEmpty {
      text +=
        "  \"catalogs\": " + list(state.catalogs.map(SessionCatalogFile.json), indent: "  ") + ",\n"
    }
    text +=
      "  \"builds\": "
      + list(
        state.builds.records.map { SessionBuild.json($0, source: sources[$0.model]) },
        indent: "  ") + ",\n"
    text += "  \"nextBuild\": \(state.builds.nextNumber),\n"
    text +=
      "  \"stock\": "
      + list(
        state.stock.lines.map { line in
          SessionStockLine.json(
            line, specification: line.stockNumber.flatMap { state.stock.specifications[$0] },
            sources: sources)
        }, indent: "  ") + ",\n"
    text += "  \"nextStock\": \(state.stock.nextNumber),\n"
    if !state.stock.summaries.isEmpty {
      text +=
        "  \"stockSummaries\": "
        + list(state.stock.summaries.map(SessionStockSummary.json), indent: "  ") + ",\n"
    }
    if let car = state.car { text += "  \"car\": " + SessionCar.json(car).rendered + ",\n" }
    if let dealer = state.dealer { text += "  \"dealer\": " + SessionDealer.json(dealer) + ",\n" }
    if state.floorPlan.isSet {
      text += "  \"floorPlan\": " + SessionFloorPlan.json(state.floorPlan) + ",\n"
    }
    if !state.sales.entries.isEmpty {
      text +=
        "  \"sales\": " + list(state.sales.entries.map(SessionSale.json), indent: "  ") + ",\n"
    }
    if !state.quotes.entries.isEmpty {
      text +=
        "  \"quotes\": " + list(state.quotes.entries.map(SessionQuote.json), indent: "  ") + ",\n"
    }
    if !state.orders.entries.isEmpty {
      let orders = state.orders.entries.map { SessionOrder.json($0, quotes: state.quotes) }
      text += "  \"orders\": " + list(orders, indent: "  ") + ",\n"
    }
    text += "  \"currency\": " + quoted(state.currency.code) + ",\n"
    text += "  \"rates\": " + SessionRates.json(state.rates) + "\n"
    text += "}\n"
    return Array(text.utf8)
  }

  /// A JSON list with one element per line.
  static func list(_ elements: [String], indent: String) -> String {
    guard !elements.isEmpty else { return "[]" }
    return "[\n" + elements.map { indent + "  " + $0 }.joined(separator: ",\n") + "\n\(indent)]"
  }

  /// A JSON string.
  static func quoted(_ value: String) -> String {
    var text = ""
    JSONObject.appendString(value, to: &text)
    return text
  }
}
