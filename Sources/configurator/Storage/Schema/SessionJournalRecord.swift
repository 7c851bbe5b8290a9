internal import Dealership
internal import StockValuation
import Support

/// One record of a store's journal: what one command changed, on one line after the store's
/// session document (format: `Docs/Reliability.md`, "The store's journal").
///
/// `{"record":3,"builds":{"remove":[2],"add":[{…}]},"nextBuild":5,"stock":{"at":0,
/// "remove":1,"insert":[{…}]},"currency":"GBP"}`: every key but `record` is optional and only
/// the parts that changed are written. Builds, stock lines and summaries have the session
/// file's own schema (``SessionBuild``, ``SessionStockLine``, ``SessionStockSummary``), so a
/// record is checked as strictly as the document.
struct SessionJournalRecord: Decodable {
  /// The record's number: 1 for the first after the document, then one more each.
  let number: Int64
  /// Builds removed, added, or all replaced (`load`).
  var builds: BuildChanges?
  let nextBuild: Int64?
  var stock: Splice<SessionStockLine>?
  var stockSummaries: Splice<SessionStockSummary>?
  let currency: Currency?
  let rates: SessionRates?
  /// The working car after the command: opened or changed (`.some(car)`), closed
  /// (`.some(nil)`, written `"car":null`), or not touched (`nil`).
  let car: SessionCar??
  /// The catalog files after the command (`catalog load`), all of them.
  let catalogs: [CatalogFile]?
  /// The dealer's name after the command: set (`.some(name)`), gone with a `load`
  /// (`.some(nil)`, written `"dealer":null`), or not touched (`nil`).
  let dealer: DealerProfile??
  /// The floor plan's rates after the command, all of them (`[]` when none is set).
  let floorPlan: FloorPlan?

  /// The next stock number, when it moved.
  let nextStock: Int?
  /// Ledger entries appended, or the whole ledger (`load`).
  var sales: SalesChanges?
  /// Quotes recorded, or all of them (`load`).
  var quotes: QuoteChanges?
  /// Orders placed, or all of them (`load`).
  var orders: OrderChanges?

  enum CodingKeys: String, CodingKey, CaseIterable {
    case record, builds, nextBuild, stock, stockSummaries, currency, rates, car, catalogs, dealer
    case nextStock, sales, quotes, orders, floorPlan
  }

  /// The quotes a record appends: with `replace`, every quote before goes first.
  struct QuoteChanges: Decodable {
    let replace: Bool
    var add: [SessionQuote]

    enum CodingKeys: String, CodingKey, CaseIterable {
      case replace, add
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
      replace = try container.decodeIfPresent(Bool.self, forKey: .replace) ?? false
      add = try container.decodeIfPresent([SessionQuote].self, forKey: .add) ?? []
    }
  }

  /// The orders a record appends: with `replace`, every order before goes first.
  struct OrderChanges: Decodable {
    let replace: Bool
    var add: [SessionOrder]

    enum CodingKeys: String, CodingKey, CaseIterable {
      case replace, add
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
      replace = try container.decodeIfPresent(Bool.self, forKey: .replace) ?? false
      add = try container.decodeIfPresent([SessionOrder].self, forKey: .add) ?? []
    }
  }

  /// The ledger entries a record appends: with `replace`, every entry before goes first.
  struct SalesChanges: Decodable {
    let replace: Bool
    var add: [SessionSale]

    enum CodingKeys: String, CodingKey, CaseIterable {
      case replace, add
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
      replace = try container.decodeIfPresent(Bool.self, forKey: .replace) ?? false
      add = try container.decodeIfPresent([SessionSale].self, forKey: .add) ?? []
    }
  }

  /// The builds a record changes: with `replace`, every build before goes first.
  struct BuildChanges: Decodable {
    let replace: Bool
    let remove: [Int64]
    var add: [SessionBuild]

    enum CodingKeys: String, CodingKey, CaseIterable {
      case replace, remove, add
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
      replace = try container.decodeIfPresent(Bool.self, forKey: .replace) ?? false
      remove = try container.decodeIfPresent([Int64].self, forKey: .remove) ?? []
      add = try container.decodeIfPresent([SessionBuild].self, forKey: .add) ?? []
    }
  }

  /// A change to a list: `remove` elements from position `at` go, `insert` come in their place.
  struct Splice<Element: Decodable>: Decodable {
    let at: Int
    let remove: Int
    var insert: [Element]

    enum CodingKeys: String, CodingKey, CaseIterable {
      case at, remove, insert
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
      // Lists hold far fewer than Int32.max elements, so positions fit any arithmetic here.
      at = Int(
        try SessionFields.wholeNumber(
          container.requiredDecoder(forKey: .at), minimum: 0, maximum: Int64(Int32.max)))
      remove = Int(
        try SessionFields.wholeNumber(
          container.requiredDecoder(forKey: .remove), minimum: 0, maximum: Int64(Int32.max)))
      insert = try container.decode([Element].self, forKey: .insert)
    }

    /// Applies the change to `list`, or returns `false` if it does not fit the list.
    func apply(to list: inout [Element]) -> Bool {
      guard at <= list.count, remove <= list.count - at else { return false }
      list.replaceSubrange(at..<(at + remove), with: insert)
      return true
    }
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
    number = try SessionFields.wholeNumber(container.requiredDecoder(forKey: .record), minimum: 1)
    let place = "record \(number), "
    var builds = try container.decodeIfPresent(BuildChanges.self, forKey: .builds)
    if var changes = builds {
      for index in changes.add.indices { changes.add[index].path = place + changes.add[index].path }
      builds = changes
    }
    self.builds = builds
    nextBuild = try container.optionalDecoder(forKey: .nextBuild).map {
      try SessionFields.wholeNumber($0, minimum: 1)
    }
    stock = try container.decodeIfPresent(Splice<SessionStockLine>.self, forKey: .stock)
      .map { splice in
        var splice = splice
        for index in splice.insert.indices {
          splice.insert[index].path = place + splice.insert[index].path
        }
        return splice
      }
    stockSummaries = try container.decodeIfPresent(
      Splice<SessionStockSummary>.self, forKey: .stockSummaries
    ).map { splice in
      var splice = splice
      for index in splice.insert.indices {
        splice.insert[index].path = place + splice.insert[index].path
      }
      return splice
    }
    currency = try container.optionalDecoder(forKey: .currency).map(SessionFields.currency)
    rates = try container.decodeIfPresent(SessionRates.self, forKey: .rates)
    catalogs = try container.decodeIfPresent([SessionCatalogFile].self, forKey: .catalogs)?
      .map(\.file)
    if container.contains(.dealer) {
      dealer = .some(
        try container.decodeNil(forKey: .dealer)
          ? nil : try SessionDealer.profile(container.requiredDecoder(forKey: .dealer)))
    } else {
      dealer = nil
    }
    floorPlan = try container.optionalDecoder(forKey: .floorPlan).map(SessionFloorPlan.plan)
    nextStock = try container.optionalDecoder(forKey: .nextStock).map {
      Int(try SessionFields.wholeNumber($0, minimum: 1, maximum: Int64(Int32.max)))
    }
    sales = try container.decodeIfPresent(SalesChanges.self, forKey: .sales).map { changes in
      var changes = changes
      for index in changes.add.indices { changes.add[index].path = place + changes.add[index].path }
      return changes
    }
    quotes = try container.decodeIfPresent(QuoteChanges.self, forKey: .quotes).map { changes in
      var changes = changes
      for index in changes.add.indices {
        changes.add[index].path = place + changes.add[index].path
      }
      return changes
    }
    orders = try container.decodeIfPresent(OrderChanges.self, forKey: .orders).map { changes in
      var changes = changes
      for index in changes.add.indices {
        changes.add[index].path = place + changes.add[index].path
      }
      return changes
    }
    if container.contains(.car) {
      car = .some(
        try container.decodeNil(forKey: .car)
          ? nil : try container.decode(SessionCar.self, forKey: .car))
    } else {
      car = nil
    }
  }
}
