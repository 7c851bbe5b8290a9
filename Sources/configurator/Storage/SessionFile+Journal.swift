internal import CarFactory
internal import Dealership
internal import StockValuation
import Support

/// A store's journal: the records appended after its session document, one per command that
/// changed the session (see ``SessionJournalRecord`` and `Docs/Reliability.md`).
extension SessionFile {
  /// Where a file's parts are: the document, the complete record lines after it, and a torn
  /// last line (a record cut short by a crash), which is not part of the file's contents.
  struct Layout {
    /// The bytes of the session document and the whitespace after it.
    let documentEnd: Int
    /// The complete record lines, each without its newline.
    let records: [Range<Int>]
    /// Where the good contents end: the torn line, if any, starts here.
    let goodLength: Int
  }

  /// The record lines start like this; a torn line is a piece of one.
  static let recordStart = Array(#"{"record":"#.utf8)

  /// Finds the parts of a file, or `nil` when it is not a document followed by records (its
  /// own error comes from reading it as one document).
  ///
  /// - Parameter bytes: The file.
  /// - Returns: The layout.
  static func layout(of bytes: [UInt8]) -> Layout? {
    guard let end = StrictJSON.lengthOfFirstValue(bytes) else { return nil }
    var start = end
    while start < bytes.count, [9, 10, 13, 32].contains(bytes[start]) { start += 1 }
    var records: [Range<Int>] = []
    var lineStart = start
    while lineStart < bytes.count {
      guard let newline = bytes[lineStart...].firstIndex(of: 10) else {
        // No newline: a record cut short, the zeros a power cut may leave, or both (a piece
        // of a record, then zeros where the rest of its block was never written).
        var tail = bytes[lineStart...]
        while tail.last == 0 { tail.removeLast() }
        let isTorn = tail.starts(with: recordStart.prefix(tail.count))
        return isTorn ? Layout(documentEnd: start, records: records, goodLength: lineStart) : nil
      }
      guard bytes[lineStart..<newline].starts(with: recordStart) else { return nil }
      records.append(lineStart..<newline)
      lineStart = newline + 1
    }
    return Layout(documentEnd: start, records: records, goodLength: bytes.count)
  }

  /// A record line for the change from what the store holds to `state`, or `nil` if nothing
  /// changed; `held` then describes `state`.
  ///
  /// - Parameters:
  ///   - number: The record's number.
  ///   - held: What the store holds; updated to `state`.
  ///   - state: The session now.
  ///   - includingMoney: Whether a change of currency or rates counts (and is recorded).
  /// - Returns: The line, newline included.
  static func record(
    number: Int, from held: inout StoreContents, to state: SessionState,
    includingMoney: Bool = true
  ) -> [UInt8]? {
    var object = JSONObject()
    object.add("record", number)
    var changed = false
    let sources = state.modelSources
    if let builds = held.buildChanges(to: state.builds, sources: sources) {
      object.add("builds", builds)
      changed = true
    }
    if state.builds.nextNumber != held.nextBuild {
      object.add("nextBuild", state.builds.nextNumber)
      held.nextBuild = state.builds.nextNumber
      changed = true
    }
    if let splice = StoreContents.splice(from: held.stock, to: state.stock.lines) {
      let specifications = state.stock.specifications
      object.add(
        "stock",
        splice.json { line in
          SessionStockLine.json(
            line, specification: line.stockNumber.flatMap { specifications[$0] },
            sources: sources)
        })
      held.stock = state.stock.lines
      changed = true
    }
    if state.stock.nextNumber != held.nextStock {
      object.add("nextStock", state.stock.nextNumber)
      held.nextStock = state.stock.nextNumber
      changed = true
    }
    if let sales = held.salesChanges(to: state.sales) {
      object.add("sales", sales)
      changed = true
    }
    if let quotes = held.quoteChanges(to: state.quotes) {
      object.add("quotes", quotes)
      changed = true
    }
    if let orders = held.orderChanges(to: state.orders, quotes: state.quotes) {
      object.add("orders", orders)
      changed = true
    }
    if let splice = StoreContents.splice(from: held.summaries, to: state.stock.summaries) {
      object.add("stockSummaries", splice.json(SessionStockSummary.json))
      held.summaries = state.stock.summaries
      changed = true
    }
    if state.car != held.car {
      if let car = state.car {
        object.add("car", SessionCar.json(car))
      } else {
        object.add("car", nil as String?)
      }
      held.car = state.car
      changed = true
    }
    if state.dealer != held.dealer {
      object.add("dealer", raw: state.dealer.map(SessionDealer.json) ?? "null")
      held.dealer = state.dealer
      changed = true
    }
    if state.floorPlan != held.floorPlan {
      object.add("floorPlan", raw: SessionFloorPlan.json(state.floorPlan))
      held.floorPlan = state.floorPlan
      changed = true
    }
    if includingMoney, state.currency != held.currency {
      object.add("currency", state.currency.code)
      held.currency = state.currency
      changed = true
    }
    if state.catalogs.files != held.catalogs {
      object.add("catalogs", rawValues: state.catalogs.files.map(SessionCatalogFile.json))
      held.catalogs = state.catalogs.files
      changed = true
    }
    var text = object.text
    if includingMoney, state.money.rates != held.rates {
      // The document's rates object, on one line: its line breaks are all between tokens.
      let rates = SessionRates.json(state.money.rates).split(separator: "\n")
        .map { $0.drop { $0 == " " } }.joined()
      text += ",\"rates\":" + rates
      held.rates = state.money.rates
      changed = true
    }
    guard changed else { return nil }
    return Array((text + "}\n").utf8)
  }
}

/// What a store holds, kept by its ``StoreKeeper`` to tell what each command changed: enough
/// to write a record, never a copy of the builds (whose arrays the session keeps growing).
struct StoreContents {
  /// The generation of the book held (see ``BuildBook/generation``).
  var bookGeneration: Int
  var nextBuild: Int
  /// The numbers of the builds the store holds, ascending.
  var numbers: [Int]
  var stock: [StockLine]
  var summaries: [StockSummary]
  var currency: Currency
  var rates: RateTable
  var car: WorkingCar?
  var catalogs: [CatalogFile]
  var dealer: DealerProfile?
  var floorPlan: FloorPlan
  var nextStock: Int
  /// The generation and length of the ledger held (entries are only appended).
  var salesGeneration: Int
  var salesCount: Int
  /// The generation and length of the quotes held (quotes are only appended).
  var quotesGeneration: Int
  var quotesCount: Int
  /// The generation and length of the orders held (orders are only appended).
  var ordersGeneration: Int
  var ordersCount: Int

  init(_ state: SavedSession) {
    bookGeneration = state.builds.generation
    nextBuild = state.builds.nextNumber
    numbers = state.builds.listing.numbers
    stock = state.stock.lines
    summaries = state.stock.summaries
    currency = state.currency
    rates = state.rates
    car = state.car
    catalogs = state.catalogs
    dealer = state.dealer
    floorPlan = state.floorPlan
    nextStock = state.stock.nextNumber
    salesGeneration = state.sales.generation
    salesCount = state.sales.entries.count
    quotesGeneration = state.quotes.generation
    quotesCount = state.quotes.entries.count
    ordersGeneration = state.orders.generation
    ordersCount = state.orders.entries.count
  }

  /// The `quotes` object of a record for the change to `book`, or `nil` if it holds the
  /// quotes held: those appended, or all when it is another book (`load`).
  mutating func quoteChanges(to book: QuoteBook) -> JSONObject? {
    let entries = book.entries
    let isSame = book.generation == quotesGeneration && entries.count >= quotesCount
    guard !isSame || entries.count != quotesCount else { return nil }
    var object = JSONObject()
    if !isSame { object.add("replace", true) }
    let added = isSame ? entries[quotesCount...] : entries[...]
    object.add("add", rawValues: added.map(SessionQuote.json))
    quotesGeneration = book.generation
    quotesCount = entries.count
    return object
  }

  /// The `orders` object of a record for the change to `book`, or `nil` if it holds the
  /// orders held: those appended, or all when it is another book (`load`).
  mutating func orderChanges(to book: OrderBook, quotes: QuoteBook) -> JSONObject? {
    let entries = book.entries
    let isSame = book.generation == ordersGeneration && entries.count >= ordersCount
    guard !isSame || entries.count != ordersCount else { return nil }
    var object = JSONObject()
    if !isSame { object.add("replace", true) }
    let added = isSame ? entries[ordersCount...] : entries[...]
    object.add("add", rawValues: added.map { SessionOrder.json($0, quotes: quotes) })
    ordersGeneration = book.generation
    ordersCount = entries.count
    return object
  }

  /// The `sales` object of a record for the change to `ledger`, or `nil` if it holds the
  /// entries held: the entries appended, or the whole ledger when it is another (`load`).
  mutating func salesChanges(to ledger: SalesLedger) -> JSONObject? {
    let entries = ledger.entries
    let isSame = ledger.generation == salesGeneration && entries.count >= salesCount
    guard !isSame || entries.count != salesCount else { return nil }
    var object = JSONObject()
    if !isSame { object.add("replace", true) }
    let added = isSame ? entries[salesCount...] : entries[...]
    object.add("add", rawValues: added.map(SessionSale.json))
    salesGeneration = ledger.generation
    salesCount = entries.count
    return object
  }

  init(_ state: SessionState) {
    self.init(state.saved)
  }

  /// The `builds` object of a record for the change to `book`, or `nil` if its builds are
  /// the ones held; the held numbers are updated.
  ///
  /// Within one book (same generation) builds are only added at the end (numbers from
  /// `nextBuild` on) or removed, so the change is found without comparing every build; a
  /// new book (`load`) is written whole.
  mutating func buildChanges(
    to book: BuildBook, sources: [ModelID: SessionState.ModelSource]
  ) -> JSONObject? {
    var object = JSONObject()
    if book.generation != bookGeneration, book.isEmpty, numbers.isEmpty {
      // Another empty book (a new session's): nothing to write.
      bookGeneration = book.generation
      return nil
    }
    guard book.generation == bookGeneration, book.nextNumber >= nextBuild,
      book.nextNumber - nextBuild <= book.count
    else {
      let records = book.records
      object.add("replace", true)
      object.add("add", rawValues: records.map { SessionBuild.json($0, source: sources[$0.model]) })
      bookGeneration = book.generation
      numbers = records.map(\.number)
      return object
    }
    var added: [BuildRecord] = []
    for number in nextBuild..<book.nextNumber {
      if let record = book.record(number) { added.append(record) }
    }
    var removed: [Int] = []
    if book.count - added.count < numbers.count {
      removed = numbers.filter { book.record($0) == nil }
      let gone = Set(removed)
      numbers.removeAll { gone.contains($0) }
    }
    guard !added.isEmpty || !removed.isEmpty else { return nil }
    numbers += added.map(\.number)
    if !removed.isEmpty { object.add("remove", rawValues: removed.map(String.init)) }
    if !added.isEmpty {
      object.add("add", rawValues: added.map { SessionBuild.json($0, source: sources[$0.model]) })
    }
    return object
  }

  /// The smallest replacement of a range that turns `old` into `new`, or `nil` if they are
  /// equal (at once when they share storage).
  static func splice<Element: Equatable>(from old: [Element], to new: [Element])
    -> Splice<Element>?
  {
    guard old != new else { return nil }
    let common = min(old.count, new.count)
    var prefix = 0
    while prefix < common, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < common - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
      suffix += 1
    }
    return Splice(
      at: prefix, remove: old.count - prefix - suffix,
      insert: new[prefix..<(new.count - suffix)])
  }

  /// A change to a list, as a record writes it.
  struct Splice<Element> {
    let at: Int
    let remove: Int
    let insert: ArraySlice<Element>

    func json(_ element: (Element) -> String) -> JSONObject {
      var object = JSONObject()
      object.add("at", at)
      object.add("remove", remove)
      object.add("insert", rawValues: insert.map(element))
      return object
    }
  }
}
