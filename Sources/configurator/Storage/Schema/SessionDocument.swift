internal import Dealership
internal import StockValuation
import Support

/// A session file as JSON (format versions 1 to 4): one `Decodable` type per JSON object, each
/// refusing unknown keys (format: `Docs/UserGuide.md`, "Session files").
///
/// The types check what one object can tell on its own; ``SessionFileDecoder`` then checks
/// the builds against the registered models and the stock's totals.
struct SessionDocument: Decodable {
  var builds: [SessionBuild]
  var nextBuild: Int64
  var stock: [SessionStockLine]
  /// `"nextStock"` (version 4): the number the next stock line gets; absent before.
  var nextStock: Int?
  /// `"sales"` (version 4): the sales ledger.
  var sales: [SessionSale]
  /// `"quotes"` (version 7): the recorded quotes.
  var quotes: [SessionQuote]
  /// `"orders"` (version 7): the orders.
  var orders: [SessionOrder]
  var stockSummaries: [SessionStockSummary]
  var currency: Currency
  var rates: SessionRates
  /// The working car, when one is open.
  var car: SessionCar?
  /// `"clean": true` (version 3): the session started without the built-in models.
  var isClean: Bool
  /// `"catalogs"` (version 3): the catalog files loaded, which a store loads again.
  var catalogs: [CatalogFile]
  /// `"dealer"`: the dealer's name, absent when none is set (and in files written before it).
  var dealer: DealerProfile?
  /// `"floorPlan"` (version 8): the floor plan's rates, absent when none is set.
  var floorPlan: FloorPlan

  enum CodingKeys: String, CodingKey, CaseIterable {
    case format, version, clean, catalogs, builds, nextBuild, stock, currency, rates,
      stockSummaries, car, dealer, nextStock, sales, quotes, orders, floorPlan
  }

  init(from decoder: any Decoder) throws {
    guard let top = try? decoder.container(keyedBy: CodingKeys.self) else {
      throw decoder.invalid(
        "not a configurator session (expected a JSON object, got \(SessionDocument.kind(decoder.leaf())))"
      )
    }
    guard (try? top.decode(String.self, forKey: .format)) == SessionFile.formatName else {
      throw JSONIssue(
        path: "",
        problem: .invalid(
          "not a configurator session (no \"format\": \"\(SessionFile.formatName)\")"))
    }
    let versionField = try top.requiredDecoder(forKey: .version)
    let version = try SessionFields.wholeNumber(versionField, minimum: Int64.min)
    guard SessionFile.readableVersions.contains(version) else {
      let known = SessionFile.readableVersions.map(String.init)
      let versions = known.dropLast().joined(separator: ", ") + " and " + (known.last ?? "")
      throw versionField.invalid(
        "unsupported version \(version) (this configurator reads versions \(versions))")
    }
    let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
    isClean = try container.decodeIfPresent(Bool.self, forKey: .clean) ?? false
    catalogs =
      try container.decodeIfPresent([SessionCatalogFile].self, forKey: .catalogs)?.map(\.file)
      ?? []
    builds = try container.decode([SessionBuild].self, forKey: .builds)
    let nextField = try container.requiredDecoder(forKey: .nextBuild)
    nextBuild = try SessionFields.wholeNumber(nextField, minimum: 1)
    if let last = builds.map(\.number).max(), nextBuild <= last {
      throw nextField.invalid(
        "must be greater than every build number, got \(nextBuild) (largest: \(last))")
    }
    stock = try container.decode([SessionStockLine].self, forKey: .stock)
    nextStock = try container.optionalDecoder(forKey: .nextStock).map {
      Int(try SessionFields.wholeNumber($0, minimum: 1, maximum: Int64(Int32.max)))
    }
    sales = try container.decodeIfPresent([SessionSale].self, forKey: .sales) ?? []
    quotes = try container.decodeIfPresent([SessionQuote].self, forKey: .quotes) ?? []
    orders = try container.decodeIfPresent([SessionOrder].self, forKey: .orders) ?? []
    stockSummaries =
      try container.decodeIfPresent([SessionStockSummary].self, forKey: .stockSummaries) ?? []
    currency = try SessionFields.currency(container.requiredDecoder(forKey: .currency))
    rates = try container.decode(SessionRates.self, forKey: .rates)
    car = try container.decodeIfPresent(SessionCar.self, forKey: .car)
    dealer = try container.optionalDecoder(forKey: .dealer).map(SessionDealer.profile)
    floorPlan =
      try container.optionalDecoder(forKey: .floorPlan).map(SessionFloorPlan.plan) ?? FloorPlan()
  }

  /// A value as session messages name it: `the string "10"`, `the number 275.00`, `an array`.
  static func describe(_ leaf: JSONLeaf) -> String {
    switch leaf {
    case .string(let text) where text.count <= 40: "the string \"\(text)\""
    case .number(let text) where text.count <= 40: "the number \(text)"
    default: kind(leaf)
    }
  }

  /// The kind of a value: `an object`, `an array`, `a string`, `a number`, `true or false`, `null`.
  static func kind(_ leaf: JSONLeaf) -> String {
    switch leaf {
    case .object: "an object"
    case .array: "an array"
    case .string: "a string"
    case .number: "a number"
    case .bool: "true or false"
    case .null: "null"
    }
  }
}
