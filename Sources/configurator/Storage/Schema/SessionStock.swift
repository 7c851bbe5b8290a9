internal import CarFactory
internal import Dealership
internal import StockValuation
import Support

/// One stock line of a session file: `{"number":3,"name":"Kayak","category":"Watersports",
/// "unitPrice":"275.00","quantity":10,"taxPercent":"10"}`, with `"vin"` when the line has one
/// and `"build"` (a build object, ``SessionBuild``) when it holds a build's car, `"cost"` with
/// `"costCurrency"` (`"12000.00"`, `"GBP"`) and `"received"` (`"2025-03-01"`) when known.
/// Files before version 4 have no numbers: the lines are numbered in order when read.
struct SessionStockLine: Decodable {
  /// Where the line is in the file (`stock[3]`), for later messages.
  var path: String
  let name: String
  let category: String
  let unitPrice: Money
  let quantity: Int64
  let taxPercent: ExactDecimal?
  /// The stock number (version 4).
  let number: Int?
  let vin: String?
  /// The car's specification: the build it was stocked from, as it was.
  var build: SessionBuild?
  /// What one unit cost the dealer, in its currency.
  let cost: Money?
  /// The day the line came into stock.
  let received: CalendarDate?

  enum CodingKeys: String, CodingKey, CaseIterable {
    case number, name, category, unitPrice, quantity, taxPercent, vin, build, cost, costCurrency
    case received
  }

  init(from decoder: any Decoder) throws {
    path = JSONIssue.path(decoder.codingPath)
    let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    category = try container.decode(String.self, forKey: .category)
    unitPrice = try SessionFields.amount(container.requiredDecoder(forKey: .unitPrice))
    quantity = try SessionFields.wholeNumber(
      container.requiredDecoder(forKey: .quantity), minimum: 0)
    taxPercent = try container.optionalDecoder(forKey: .taxPercent).map(SessionFields.decimal)
    number = try container.optionalDecoder(forKey: .number).map {
      Int(try SessionFields.wholeNumber($0, minimum: 1, maximum: Int64(Int32.max)))
    }
    vin = try container.optionalDecoder(forKey: .vin).map { field in
      guard let text = field.string() else { throw field.wrongType(expected: .string) }
      guard let vin = VIN.checked(text) else {
        throw field.invalid("bad VIN '\(text)' (expected \(VIN.expected))")
      }
      return vin
    }
    build = try container.decodeIfPresent(SessionBuild.self, forKey: .build)
    let costCurrency = try container.optionalDecoder(forKey: .costCurrency).map(
      SessionFields.currency)
    cost = try container.optionalDecoder(forKey: .cost).map { field in
      try SessionFields.amount(field, in: costCurrency ?? .usd)
    }
    received = try container.optionalDecoder(forKey: .received).map(SessionFields.date)
  }

  /// The line as one line of the file, with its specification if it has one.
  ///
  /// - Parameters:
  ///   - line: The stock line.
  ///   - specification: The car it holds, when it came from a build.
  ///   - sources: Where each model came from, recorded with a specification made now.
  /// - Returns: The line's JSON object.
  static func json(
    _ line: StockLine, specification: StockSpecification? = nil,
    sources: [ModelID: SessionState.ModelSource] = [:]
  ) -> String {
    var object = JSONObject()
    if let number = line.stockNumber { object.add("number", number) }
    object.add("name", line.name)
    object.add("category", line.category)
    object.add("unitPrice", line.unitPrice.decimalString)
    object.add("quantity", line.quantity)
    if let tax = line.taxPercent { object.add("taxPercent", tax.description) }
    if let vin = line.vin { object.add("vin", vin) }
    if let cost = line.cost {
      object.add("cost", cost.decimalString)
      object.add("costCurrency", cost.currency.code)
    }
    if let received = line.received { object.add("received", received.description) }
    var text = object.text
    if let specification {
      let record = specification.record
      text += #","build":"# + SessionBuild.json(record, source: sources[record.model])
    }
    return text + "}"
  }
}

/// A large inventory file kept as per-category totals: `{"source":"big.csv","lines":200000,
/// "categories":[…]}`.
struct SessionStockSummary: Decodable {
  /// Where the summary is in the file (`stockSummaries[0]`), for later messages.
  var path: String
  let summary: StockSummary

  enum CodingKeys: String, CodingKey, CaseIterable {
    case source, lines, categories
  }

  init(from decoder: any Decoder) throws {
    path = JSONIssue.path(decoder.codingPath)
    let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
    let source = try container.decode(String.self, forKey: .source)
    let lines = try SessionFields.wholeNumber(
      container.requiredDecoder(forKey: .lines), minimum: 0)
    let categories = try container.decode([SessionCategoryTotal].self, forKey: .categories)
    var names: Set<String> = []
    for category in categories where !names.insert(category.total.name).inserted {
      throw JSONIssue(
        path: category.path + ".category",
        problem: .invalid("category '\(category.total.name)' is listed twice"))
    }
    do {
      summary = try StockSummary(
        source: source, lineCount: Int(lines), categories: categories.lazy.map(\.total))
    } catch {
      throw JSONIssue(
        path: JSONIssue.path(decoder.codingPath) + ".categories",
        problem: .invalid("the totals do not fit together (\(error.description))"))
    }
  }

  /// The summary as one line of the file.
  static func json(_ summary: StockSummary) -> String {
    var object = JSONObject()
    object.add("source", summary.source)
    object.add("lines", summary.lineCount)
    object.add(
      "categories",
      summary.categories.map { category in
        var item = JSONObject()
        item.add("category", category.name)
        item.add("itemCount", category.itemCount)
        item.add("value", category.exactTotal.decimalString)
        return item
      })
    return object.rendered
  }
}

/// One category of a summary: `{"category":"Soccer","itemCount":37,"value":"..."}`.
struct SessionCategoryTotal: Decodable {
  /// Where the category is in the file, for later messages.
  var path: String
  let total: StockAccumulator.CategoryTotal

  enum CodingKeys: String, CodingKey, CaseIterable {
    case category, itemCount, value
  }

  init(from decoder: any Decoder) throws {
    path = JSONIssue.path(decoder.codingPath)
    let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
    let name = try container.decode(String.self, forKey: .category)
    let items = try SessionFields.wholeNumber(
      container.requiredDecoder(forKey: .itemCount), minimum: 0)
    let valueField = try container.requiredDecoder(forKey: .value)
    guard let text = valueField.string() else { throw valueField.wrongType(expected: .string) }
    let exact: ExactMoney
    do {
      exact = try ExactMoney(parsing: text, currency: .usd)
    } catch {
      throw valueField.invalid(error.description)
    }
    guard exact.decimalString.first != "-" else {
      throw valueField.invalid("must not be negative, got '\(text)'")
    }
    total = .init(name: name, itemCount: items, exactTotal: exact)
  }
}
