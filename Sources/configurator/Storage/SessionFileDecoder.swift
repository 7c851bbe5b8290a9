internal import CarFactory
internal import Dealership
internal import StockValuation
import Support

/// Reads a session file into a ``SessionState``, refusing the whole file at the first problem
/// and naming its JSON path (`stock[3].quantity`).
///
/// The JSON goes through the package's one strict decoding (`StrictJSON`) into the
/// ``SessionDocument`` schema; this type then checks what needs the registry and the whole
/// document: every build must still be buildable with the registered models, build numbers
/// must be distinct, and the stock's totals must fit the money type.
struct SessionFileDecoder {
  /// The file as the user named it, for messages.
  let file: String
  /// The models builds are checked against.
  let catalogs: Catalogs

  /// Decodes the bytes of a session file (a store's journal included).
  ///
  /// - Throws: ``SessionFileError`` naming the file, the JSON path and the problem.
  func decode(_ bytes: [UInt8]) throws(SessionFileError) -> SavedSession {
    try decodeStore(bytes).state
  }

  /// What a store file holds: the session, and where the file's good contents end.
  struct Contents {
    /// The session: the document with every record applied.
    let state: SavedSession
    /// The bytes of the document (and the whitespace after it).
    let documentLength: Int
    /// The number of records after it.
    let recordCount: Int
    /// Where the last complete record ends; a torn record after it is not part of the store.
    let goodLength: Int
  }

  /// Decodes a session file or a store: its document, then the journal's records in order.
  ///
  /// - Throws: ``SessionFileError`` naming the file, the JSON path (`record 3, stock.insert[0]`
  ///   for a record) and the problem.
  func decodeStore(_ bytes: [UInt8]) throws(SessionFileError) -> Contents {
    try contents(of: Self.parse(bytes, file: file))
  }

  /// A session file or store read as far as it goes without the models: the document with
  /// the journal's records applied, its builds not yet checked. A store is read this far
  /// first, so that what it remembers of its models (a clean start) decides the models its
  /// builds are checked against.
  struct Parsed {
    fileprivate(set) var document: SessionDocument
    /// The bytes of the document (and the whitespace after it).
    let documentLength: Int
    /// The number of records after it.
    let recordCount: Int
    /// Where the last complete record ends.
    let goodLength: Int

    /// Whether the session started without the built-in models.
    var isClean: Bool { document.isClean }
    /// The catalog files the session loaded.
    var catalogs: [CatalogFile] { document.catalogs }
  }

  /// Reads a session file or a store up to its builds' check (see ``Parsed``).
  ///
  /// - Parameters:
  ///   - bytes: The file.
  ///   - file: The file as the user named it, for messages.
  /// - Returns: The document with the records applied.
  /// - Throws: ``SessionFileError`` naming the file, the JSON path and the problem.
  static func parse(_ bytes: [UInt8], file: String) throws(SessionFileError) -> Parsed {
    guard bytes.contains(where: { !($0 == 32 || $0 == 9 || $0 == 10 || $0 == 13) }) else {
      throw SessionFileError(
        file: file, path: "", reason: "the file is empty (expected a configurator session)")
    }
    let layout = SessionFile.layout(of: bytes)
    let documentBytes = layout.map { bytes[..<$0.documentEnd] } ?? bytes[...]
    var document: SessionDocument
    do {
      document = try StrictJSON.decode(SessionDocument.self, from: documentBytes)
    } catch {
      throw SessionFileError(file: file, failure: error)
    }
    let records = layout?.records ?? []
    if !records.isEmpty {
      try apply(records.map { Array(bytes[$0]) }, to: &document, file: file)
    }
    return Parsed(
      document: document, documentLength: layout?.documentEnd ?? bytes.count,
      recordCount: records.count, goodLength: layout?.goodLength ?? bytes.count)
  }

  /// Checks a read file's builds and stock against the models in force.
  ///
  /// - Parameter parsed: The file, read by ``parse(_:file:)``.
  /// - Returns: The session and where the file's good contents end.
  /// - Throws: ``SessionFileError`` naming the file, the JSON path and the problem.
  func contents(of parsed: Parsed) throws(SessionFileError) -> Contents {
    var document = parsed.document
    let builds = try builds(document.builds, remembered: document.catalogs)
    document.builds = []  // held as records now: freed before the book sorts its copy
    let stock = try stock(document)
    let quoteBook = try quotes(document.quotes)
    let state = SavedSession(
      builds: BuildBook(records: builds, nextNumber: Int(document.nextBuild)),
      stock: stock, currency: document.currency,
      rates: document.rates.table, car: try document.car.map(checked),
      isClean: document.isClean, catalogs: document.catalogs, dealer: document.dealer,
      sales: try sales(document.sales, stock: stock), quotes: quoteBook,
      orders: try orders(document.orders, quotes: quoteBook), floorPlan: document.floorPlan)
    return Contents(
      state: state, documentLength: parsed.documentLength, recordCount: parsed.recordCount,
      goodLength: parsed.goodLength)
  }

  /// Applies a journal's records, in order, to the document they follow.
  ///
  /// The builds stay in one array sorted by number (a removed build is marked, not moved), so
  /// a store of a million builds holds no second copy of them in a dictionary.
  private static func apply(_ lines: [[UInt8]], to document: inout SessionDocument, file: String)
    throws(SessionFileError)
  {
    func fail(_ path: String, _ reason: String) -> SessionFileError {
      SessionFileError(file: file, path: path, reason: reason)
    }
    var builds = document.builds
    document.builds = []  // held in `builds` now
    if !builds.indices.dropFirst().allSatisfy({ builds[$0 - 1].number < builds[$0].number }) {
      builds.sort { $0.number < $1.number }
    }
    for index in builds.indices.dropFirst() where builds[index - 1].number == builds[index].number {
      throw fail(builds[index].path + ".number", "build #\(builds[index].number) appears twice")
    }
    var removed = [Bool](repeating: false, count: builds.count)
    /// Builds the records add, by number (each store session adds a few).
    var added: [Int: SessionBuild] = [:]
    func position(of number: Int) -> Int? {
      var low = 0
      var high = builds.count
      while low < high {
        let middle = low + (high - low) / 2
        if builds[middle].number < number { low = middle + 1 } else { high = middle }
      }
      return low < builds.count && builds[low].number == number && !removed[low] ? low : nil
    }
    for (index, line) in lines.enumerated() {
      let place = "record \(index + 1)"
      let record: SessionJournalRecord
      do {
        record = try StrictJSON.decode(SessionJournalRecord.self, from: line)
      } catch {
        let failure = SessionFileError(file: file, failure: error)
        throw fail(failure.path.isEmpty ? place : place + ", " + failure.path, failure.reason)
      }
      guard record.number == index + 1 else {
        throw fail(place, "out of order (numbered \(record.number))")
      }
      if let changes = record.builds {
        if changes.replace {
          removed = [Bool](repeating: true, count: builds.count)
          added = [:]
        }
        for number in changes.remove {
          let number = Int(truncatingIfNeeded: number)
          if added.removeValue(forKey: number) != nil { continue }
          guard let at = position(of: number) else {
            throw fail(place + ", builds.remove", "there is no build #\(number)")
          }
          removed[at] = true
        }
        for build in changes.add {
          guard position(of: build.number) == nil,
            added.updateValue(build, forKey: build.number) == nil
          else {
            throw fail(build.path + ".number", "build #\(build.number) appears twice")
          }
        }
      }
      if let next = record.nextBuild { document.nextBuild = next }
      if let next = record.nextStock { document.nextStock = next }
      if let quotes = record.quotes {
        if quotes.replace { document.quotes = [] }
        document.quotes += quotes.add
      }
      if let orders = record.orders {
        if orders.replace { document.orders = [] }
        document.orders += orders.add
      }
      if let sales = record.sales {
        if sales.replace { document.sales = [] }
        document.sales += sales.add
      }
      if let splice = record.stock, !splice.apply(to: &document.stock) {
        throw fail(place + ", stock", "does not fit the \(document.stock.count) stock lines")
      }
      if let splice = record.stockSummaries, !splice.apply(to: &document.stockSummaries) {
        throw fail(
          place + ", stockSummaries",
          "does not fit the \(document.stockSummaries.count) summaries")
      }
      if let car = record.car { document.car = car }
      if let dealer = record.dealer { document.dealer = dealer }
      if let plan = record.floorPlan { document.floorPlan = plan }
      if let currency = record.currency { document.currency = currency }
      if let rates = record.rates { document.rates = rates }
      if let catalogs = record.catalogs { document.catalogs = catalogs }
    }
    var kept = 0
    for index in builds.indices where !removed[index] {
      builds.swapAt(kept, index)
      kept += 1
    }
    builds.removeLast(builds.count - kept)
    builds += added.values.sorted { $0.number < $1.number }
    builds.sort { $0.number < $1.number }
    if let last = builds.last?.number, document.nextBuild <= last {
      throw fail(
        "record \(lines.count), nextBuild",
        "must be greater than every build number, got \(document.nextBuild) (largest: \(last))")
    }
    document.builds = builds
  }

  private func builds(_ entries: [SessionBuild], remembered: [CatalogFile])
    throws(SessionFileError) -> [BuildRecord]
  {
    var records: [BuildRecord] = []
    records.reserveCapacity(entries.count)
    var seen: Set<Int> = []
    let models = catalogs.modelIDs
    // Builds repeat a few configurations: each is checked (its car made) once.
    var names: [BuildBook.Configuration: String?] = [:]
    var stamps: [ModelID: String?] = [:]
    for entry in entries {
      guard seen.insert(entry.number).inserted else {
        throw fail(entry.path + ".number", "build #\(entry.number) appears twice")
      }
      let model = ModelID(entry.model)
      guard models.contains(model), let line = catalogs.line(model) else {
        throw fail(
          entry.path + ".model",
          BuildError.unknownModel(entry.model, known: models).description
            + "; is its catalog missing? (add it with --catalog FILE)")
      }
      let key = BuildBook.Configuration(
        model: model, options: entry.options, price: entry.price, values: entry.values,
        notes: entry.notes, choices: entry.choices)
      let name: String?
      if let known = names[key] {
        name = known
      } else {
        name = try check(entry, line: line)
        names[key] = name
      }
      let catalog: String?
      if let recorded = entry.catalog {
        catalog = recorded
      } else if let known = stamps[model] {
        catalog = known
      } else {
        catalog = madeUnder(model, remembered: remembered)
        stamps[model] = catalog
      }
      records.append(
        BuildRecord(
          number: entry.number, model: model, options: entry.options, price: entry.price,
          values: entry.values, notes: entry.notes, carName: name, choices: entry.choices,
          catalog: catalog))
    }
    return records  // BuildBook(records:) puts them in order
  }

  /// The catalog a build that recorded none (a file from before version 9) was made under:
  /// the version of its model's file the store remembers, the best there is to know.
  ///
  /// - Parameters:
  ///   - model: The build's model.
  ///   - remembered: The catalog files the session file remembers.
  /// - Returns: The SHA-256 recorded for the file that defines the model now; `nil` for a
  ///   built-in model or a file the session did not remember.
  func madeUnder(_ model: ModelID, remembered: [CatalogFile]) -> String? {
    guard let file = catalogs.modelFiles[model] else { return nil }
    return remembered.first { $0.path == file.path }?.sha256
  }

  /// A build as the models in force read it. A build made under another version of its
  /// model — a UVL file of another digest, a part, value or feature the model no longer has
  /// — is kept as recorded, without a car name, so the store still opens and `revalidate`
  /// says what became of it (SPEC §16); the session says on opening how many there are.
  ///
  /// - Returns: The build's car's name as stock lists it; `nil` for a build of features or
  ///   one its model can no longer make.
  func check(_ entry: SessionBuild, line: ProductLine) throws(SessionFileError)
    -> String?
  {
    let model = line.model
    if line.buildsAreFeatures, let digest = entry.modelDigest, digest != line.digest {
      return nil
    }
    if !line.buildsAreFeatures,
      (try? Car(model: model, options: entry.options, registry: catalogs.registry)) == nil
    {
      return nil
    }
    if let choices = entry.choices, (try? line.choices(from: choices)) == nil { return nil }
    if entry.values.contains(where: { line.valueIndex(forAtom: $0) == nil }) { return nil }
    guard let selected = line.selection(options: entry.options, atoms: entry.values),
      let car = try? line.makeCar(holding: selected, price: entry.price)
    else { return nil }
    return car.stockName
  }

  /// A working car's model must be registered and its choices still the model's.
  private func checked(_ entry: SessionCar) throws(SessionFileError) -> WorkingCar {
    let models = catalogs.modelIDs
    guard models.contains(entry.car.model), let line = catalogs.line(entry.car.model) else {
      throw fail(
        entry.path + ".model",
        BuildError.unknownModel(entry.car.model.rawValue, known: models).description
          + "; is its catalog missing? (add it with --catalog FILE)")
    }
    let lists =
      [("choices", entry.car.choices)] + entry.car.undo.map { ("undo", $0.choices) }
      + entry.car.redo.map { ("redo", $0.choices) }
      + entry.car.waysOut.map { ("waysOut", $0.choices) }
    // A choice of a value the model no longer has is kept as recorded (the car opens
    // without it, `revalidate` names it); one that is no choice at all is refused.
    for (key, atoms) in lists {
      do {
        _ = try Interpreter.kept(atoms, of: line)
      } catch {
        throw fail(entry.path + "." + key, error.description)
      }
    }
    // The cars its history holds (one deep), checked alike.
    for replaced in entry.replaced { _ = try checked(replaced) }
    return entry.car
  }

  func fail(_ path: String, _ reason: String) -> SessionFileError {
    SessionFileError(file: file, path: path, reason: reason)
  }

  /// The recorded quotes: numbered from 1 in order, each once.
  func quotes(_ entries: [SessionQuote]) throws(SessionFileError) -> QuoteBook {
    var book = QuoteBook()
    for entry in entries {
      guard entry.quote.number == book.nextNumber else {
        throw fail(
          entry.path + ".quote", "expected quote \(book.nextNumber), got \(entry.quote.number)")
      }
      book.append(entry.quote)
    }
    return book
  }

  /// The orders: numbered from 1 in order, each of a recorded quote in its currency, one
  /// order a quote.
  func orders(_ entries: [SessionOrder], quotes: QuoteBook) throws(SessionFileError)
    -> OrderBook
  {
    var book = OrderBook()
    for entry in entries {
      let order = entry.order
      if order.cancels {
        guard let placed = book.entry(order.number), placed.quote == order.quote else {
          throw fail(
            entry.path + ".order",
            "cancels O-\(order.number) of Q-\(order.quote), which is no order")
        }
        if book.cancellation(of: order.number) != nil {
          throw fail(entry.path + ".order", "O-\(order.number) is cancelled already")
        }
        if let quote = quotes.entry(order.quote), quote.currency != entry.currency {
          throw fail(
            entry.path + ".currency",
            "expected \(quote.currency.code) (quote Q-\(order.quote)'s), got \(entry.currency.code)"
          )
        }
        let deposit = placed.deposit?.minorUnits ?? 0
        if let refund = order.refund, refund.minorUnits < 0 || refund.minorUnits > deposit {
          throw fail(
            entry.path + ".refund", "expected at most the deposit, got \(refund.decimalString)")
        }
        book.append(order)
        continue
      }
      guard order.number == book.nextNumber else {
        throw fail(entry.path + ".order", "expected order \(book.nextNumber), got \(order.number)")
      }
      guard let quote = quotes.entry(order.quote) else {
        throw fail(entry.path + ".quote", "no quote Q-\(order.quote) in the file")
      }
      guard quote.currency == entry.currency else {
        throw fail(
          entry.path + ".currency",
          "expected \(quote.currency.code) (quote Q-\(order.quote)'s), got \(entry.currency.code)")
      }
      if let placed = book.order(ofQuote: order.quote) {
        throw fail(
          entry.path + ".quote", "quote Q-\(order.quote) is order O-\(placed.number) already")
      }
      book.append(order)
    }
    return book
  }
}

extension SessionFileError {
  /// The session file's wording of a JSON failure: `d.json: stock[0].quantity: expected a
  /// whole number, got the string "10"`, `d.json: currency: missing`.
  ///
  /// - Parameters:
  ///   - file: The file as the user named it.
  ///   - failure: What the strict decoding refused.
  init(file: String, failure: JSONDecodingFailure) {
    switch failure {
    case .syntax(let error):
      self.init(file: file, path: "", reason: "not valid JSON: \(error)")
    case .issue(let issue):
      switch issue.problem {
      case .missingKey(let key):
        self.init(file: file, path: JSONIssue.path(of: key, in: issue.path), reason: "missing")
      case .unknownKey(let key, let allowed):
        self.init(
          file: file, path: issue.path,
          reason:
            "unknown key\(Suggestion.hint(for: key, in: allowed)) "
            + "(keys: \(allowed.joined(separator: ", ")))")
      case .wrongType(let expected, let found):
        let kind =
          switch expected {
          case .string: "a string"
          case .wholeNumber: "a whole number"
          case .bool: "true or false"
          case .array: "an array"
          case .object: "an object"
          case .other(let name): name
          }
        self.init(
          file: file, path: issue.path,
          reason: "expected \(kind), got \(SessionDocument.describe(found))")
      case .invalid(let reason):
        self.init(file: file, path: issue.path, reason: reason)
      }
    }
  }
}
