internal import CarFactory
internal import StockValuation
import Support

/// Reads a session file's JSON into a ``SessionState``, refusing the whole file at the first
/// problem and naming its JSON path (`stock[3].quantity`).
///
/// Strict on purpose: every key is required or known, types are checked, amounts must be
/// exact decimal strings, and every build must still be buildable with the registered models.
struct SessionFileDecoder {
  /// The file as the user named it, for messages.
  let file: String
  /// The models builds are checked against.
  let registry: CarRegistry

  private static let topKeys = [
    "format", "version", "builds", "nextBuild", "stock", "currency", "rates",
  ]

  /// Decodes the bytes of a session file.
  ///
  /// - Throws: ``SessionFileError`` naming the file, the JSON path and the problem.
  func decode(_ bytes: [UInt8]) throws(SessionFileError) -> SessionState {
    guard bytes.contains(where: { !($0 == 32 || $0 == 9 || $0 == 10 || $0 == 13) }) else {
      throw fail("", "the file is empty (expected a configurator session)")
    }
    let root: JSONValue
    do {
      root = try JSONReader.parse(bytes)
    } catch {
      throw fail("", "not valid JSON: \(error.description)")
    }
    guard case .object(let top) = root else {
      throw fail("", "not a configurator session (expected a JSON object, got \(root.kindName))")
    }
    guard case .string(let format)? = top["format"], format == SessionFile.formatName else {
      throw fail("", "not a configurator session (no \"format\": \"\(SessionFile.formatName)\")")
    }
    guard let versionValue = top["version"] else { throw fail("version", "missing") }
    guard case .number(let versionText) = versionValue, let version = Int(versionText) else {
      throw fail("version", "expected a whole number, got \(describe(versionValue))")
    }
    guard version == SessionFile.version else {
      throw fail(
        "version",
        "unsupported version \(versionText) (this configurator reads version \(SessionFile.version))"
      )
    }
    try checkKeys(top, at: "", allowed: Self.topKeys + ["stockSummaries"], required: Self.topKeys)
    let records = try builds(top["builds"], at: "builds")
    let nextBuild = try wholeNumber(top["nextBuild"], at: "nextBuild", minimum: 1)
    if let last = records.last, nextBuild <= last.number {
      throw fail(
        "nextBuild",
        "must be greater than every build number, got \(nextBuild) (largest: \(last.number))")
    }
    let stock = try stockLines(top["stock"], at: "stock")
    var summaries: [StockSummary] = []
    if let value = top["stockSummaries"] {
      summaries = try stockSummaries(value, at: "stockSummaries", lines: stock)
    }
    let currency = try currency(top["currency"], at: "currency")
    let rates = try rateTable(top["rates"], at: "rates")
    return SessionState(
      builds: BuildBook(records: records, nextNumber: Int(nextBuild)), stock: stock,
      currency: currency, rates: rates, stockSummaries: summaries)
  }

  // MARK: builds

  private func builds(_ value: JSONValue?, at path: String) throws(SessionFileError)
    -> [BuildRecord]
  {
    var records: [BuildRecord] = []
    var seen: Set<Int> = []
    for (index, element) in try array(value, at: path).enumerated() {
      let here = "\(path)[\(index)]"
      let keys = ["number", "model", "options", "price"]
      let object = try object(element, at: here, allowed: keys, required: keys)
      let number = Int(try wholeNumber(object["number"], at: here + ".number", minimum: 1))
      guard seen.insert(number).inserted else {
        throw fail(here + ".number", "build #\(number) appears twice")
      }
      let modelName = try string(object["model"], at: here + ".model")
      let model = ModelID(modelName)
      guard registry.modelIDs.contains(model) else {
        throw fail(
          here + ".model",
          BuildError.unknownModel(modelName, known: registry.modelIDs).description
            + "; is its catalog missing? (add it with --catalog FILE)")
      }
      let options = try partChoices(object["options"], at: here + ".options")
      do {
        _ = try Car(model: model, options: options, registry: registry)
      } catch {
        throw fail(here + ".options", error.description)
      }
      let price = try amount(object["price"], at: here + ".price")
      records.append(
        BuildRecord(
          number: number, model: model, options: options, price: Price(cents: price.minorUnits)))
    }
    return records.sorted { $0.number < $1.number }
  }

  private func partChoices(_ value: JSONValue?, at path: String) throws(SessionFileError)
    -> PartChoices
  {
    let slots = PartSlot.allCases.map(\.rawValue)
    let object = try object(value, at: path, allowed: slots, required: [])
    var choices = PartChoices()
    for slot in PartSlot.allCases {
      if let part = object[slot.rawValue] {
        choices[slot] = PartID(try string(part, at: "\(path).\(slot.rawValue)"))
      }
    }
    return choices
  }

  // MARK: stock

  private func stockLines(_ value: JSONValue?, at path: String) throws(SessionFileError)
    -> [StockLine]
  {
    var lines: [StockLine] = []
    var accumulator = StockAccumulator()
    for (index, element) in try array(value, at: path).enumerated() {
      let here = "\(path)[\(index)]"
      let object = try object(
        element, at: here, allowed: ["name", "category", "unitPrice", "quantity", "taxPercent"],
        required: ["name", "category", "unitPrice", "quantity"])
      let name = try string(object["name"], at: here + ".name")
      let category = try string(object["category"], at: here + ".category")
      let price = try amount(object["unitPrice"], at: here + ".unitPrice")
      let quantity = try wholeNumber(object["quantity"], at: here + ".quantity", minimum: 0)
      var tax: ExactDecimal?
      if let taxValue = object["taxPercent"] {
        tax = try decimal(taxValue, at: here + ".taxPercent")
      }
      let line: StockLine
      do {
        line = try StockLine(
          name: name, category: category, unitPrice: price, quantity: quantity, taxPercent: tax)
        try accumulator.add(line)
      } catch let error as StockError {
        throw fail(here + ".taxPercent", error.description)
      } catch {
        throw fail(here, "the stock's total value is too large (\(error))")
      }
      lines.append(line)
    }
    return lines
  }

  /// Large files kept as category totals; with the lines, every figure must fit.
  private func stockSummaries(_ value: JSONValue, at path: String, lines: [StockLine])
    throws(SessionFileError) -> [StockSummary]
  {
    var summaries: [StockSummary] = []
    var accumulator = StockAccumulator()
    for line in lines { try? accumulator.add(line) }
    for (index, element) in try array(value, at: path).enumerated() {
      let here = "\(path)[\(index)]"
      let keys = ["source", "lines", "categories"]
      let object = try object(element, at: here, allowed: keys, required: keys)
      let source = try string(object["source"], at: here + ".source")
      let lineCount = try wholeNumber(object["lines"], at: here + ".lines", minimum: 0)
      var categories: [StockAccumulator.CategoryTotal] = []
      var names: Set<String> = []
      let list = try array(object["categories"], at: here + ".categories")
      for (position, item) in list.enumerated() {
        let at = "\(here).categories[\(position)]"
        let fields = ["category", "itemCount", "value"]
        let entry = try self.object(item, at: at, allowed: fields, required: fields)
        let name = try string(entry["category"], at: at + ".category")
        guard names.insert(name).inserted else {
          throw fail(at + ".category", "category '\(name)' is listed twice")
        }
        let items = try wholeNumber(entry["itemCount"], at: at + ".itemCount", minimum: 0)
        let text = try string(entry["value"], at: at + ".value")
        let exact: ExactMoney
        do {
          exact = try ExactMoney(parsing: text, currency: .usd)
        } catch {
          throw fail(at + ".value", error.description)
        }
        guard exact.decimalString.first != "-" else {
          throw fail(at + ".value", "must not be negative, got '\(text)'")
        }
        categories.append(.init(name: name, itemCount: items, exactTotal: exact))
      }
      let summary = StockSummary(source: source, lineCount: Int(lineCount), categories: categories)
      do {
        try accumulator.add(summary)
        _ = try accumulator.exactTotal.rounded()
      } catch {
        throw fail(here, "the stock's total value is too large (\(error))")
      }
      summaries.append(summary)
    }
    return summaries
  }

  // MARK: money and rates

  private func currency(_ value: JSONValue?, at path: String) throws(SessionFileError)
    -> Currency
  {
    let code = try string(value, at: path)
    do {
      return try Currency(code: code)
    } catch {
      throw fail(path, error.description)
    }
  }

  private func rateTable(_ value: JSONValue?, at path: String) throws(SessionFileError)
    -> RateTable
  {
    let keys = ["base", "source", "rates", "overrides"]
    let object = try object(value, at: path, allowed: keys, required: keys)
    let base = try currency(object["base"], at: path + ".base")
    let source = try string(object["source"], at: path + ".source")
    var rates: [ExchangeRate] = []
    var quotes: Set<Currency> = []
    for (index, element) in try array(object["rates"], at: path + ".rates").enumerated() {
      let here = "\(path).rates[\(index)]"
      let rate = try exchangeRate(element, at: here, base: base)
      guard quotes.insert(rate.quote).inserted else {
        throw fail(here + ".quote", "a second rate for \(rate.quote.code)")
      }
      rates.append(rate)
    }
    var table: RateTable
    do {
      table = try RateTable(base: base, source: source, rates: rates)
    } catch {
      throw fail(path, error.description)
    }
    for (index, element) in try array(object["overrides"], at: path + ".overrides").enumerated() {
      let here = "\(path).overrides[\(index)]"
      let rate = try exchangeRate(element, at: here, base: nil)
      guard table.override(from: rate.base, to: rate.quote) == nil else {
        throw fail(here, "a second override for \(rate.base.code)/\(rate.quote.code)")
      }
      table = table.overriding(with: rate)
    }
    return table
  }

  /// A rate of the table (`base` given: the table's) or an override (`base` read from it).
  private func exchangeRate(_ value: JSONValue, at path: String, base: Currency?)
    throws(SessionFileError) -> ExchangeRate
  {
    var keys = ["quote", "value", "date", "source"]
    if base == nil { keys.insert("base", at: 0) }
    let object = try object(
      value, at: path, allowed: keys, required: keys.filter { $0 != "date" })
    let rateBase: Currency
    if let base {
      rateBase = base
    } else {
      rateBase = try currency(object["base"], at: path + ".base")
    }
    let quote = try currency(object["quote"], at: path + ".quote")
    let text = try string(object["value"], at: path + ".value")
    var date: CalendarDate?
    if let dateValue = object["date"] {
      let dateText = try string(dateValue, at: path + ".date")
      guard let parsed = CalendarDate(dateText) else {
        throw fail(path + ".date", "bad date '\(dateText)' (expected YYYY-MM-DD)")
      }
      date = parsed
    }
    let source = try string(object["source"], at: path + ".source")
    do {
      return try ExchangeRate(
        base: rateBase, quote: quote, parsing: text, date: date, source: source)
    } catch {
      throw fail(path + ".value", error.description)
    }
  }

  /// A USD amount written as an exact decimal string (`"72900.00"`), not negative.
  private func amount(_ value: JSONValue?, at path: String) throws(SessionFileError) -> Money {
    let text = try exactString(value, at: path)
    guard !text.hasPrefix("-") else { throw fail(path, "must not be negative, got '\(text)'") }
    do {
      return try Money(parsing: text, currency: .usd)
    } catch {
      throw fail(path, error.description)
    }
  }

  private func decimal(_ value: JSONValue, at path: String) throws(SessionFileError)
    -> ExactDecimal
  {
    let text = try exactString(value, at: path)
    do {
      return try ExactDecimal(parsing: text)
    } catch {
      throw fail(path, error.description)
    }
  }

  /// The text of an exact decimal, which must be a string: a JSON number is refused with a
  /// hint, as a reader could have passed it through a binary floating-point type.
  private func exactString(_ value: JSONValue?, at path: String) throws(SessionFileError)
    -> String
  {
    if case .number(let text)? = value {
      throw fail(path, "expected a decimal string like \"\(text)\", got the number \(text)")
    }
    return try string(value, at: path)
  }

  // MARK: JSON shapes

  private func object(
    _ value: JSONValue?, at path: String, allowed: [String], required: [String]
  ) throws(SessionFileError) -> JSONObjectValue {
    guard let value else { throw fail(path, "missing") }
    guard case .object(let object) = value else {
      throw fail(path, "expected an object, got \(describe(value))")
    }
    try checkKeys(object, at: path, allowed: allowed, required: required)
    return object
  }

  private func checkKeys(
    _ object: JSONObjectValue, at path: String, allowed: [String], required: [String]
  ) throws(SessionFileError) {
    for key in object.keys where !allowed.contains(key) {
      let hint = Suggestion.hint(for: key, in: allowed)
      throw fail(
        path.isEmpty ? key : "\(path).\(key)",
        "unknown key\(hint) (keys: \(allowed.joined(separator: ", ")))")
    }
    for key in required where object[key] == nil {
      throw fail(path.isEmpty ? key : "\(path).\(key)", "missing")
    }
  }

  private func array(_ value: JSONValue?, at path: String) throws(SessionFileError)
    -> [JSONValue]
  {
    guard let value else { throw fail(path, "missing") }
    guard case .array(let elements) = value else {
      throw fail(path, "expected an array, got \(describe(value))")
    }
    return elements
  }

  private func string(_ value: JSONValue?, at path: String) throws(SessionFileError) -> String {
    guard let value else { throw fail(path, "missing") }
    guard case .string(let text) = value else {
      throw fail(path, "expected a string, got \(describe(value))")
    }
    return text
  }

  /// A JSON integer from `minimum` up to `Int64.max`, written without fraction or exponent.
  private func wholeNumber(_ value: JSONValue?, at path: String, minimum: Int64)
    throws(SessionFileError) -> Int64
  {
    guard let value else { throw fail(path, "missing") }
    guard case .number(let text) = value else {
      throw fail(path, "expected a whole number, got \(describe(value))")
    }
    if text.hasPrefix("-"), minimum >= 0 {
      throw fail(path, "must not be negative, got \(text)")
    }
    guard let number = Int64(text) else {
      if text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
        throw fail(path, "expected a whole number, got \(text)")
      }
      throw fail(path, "number out of range, got \(text)")
    }
    guard number >= minimum else {
      throw fail(path, "must be at least \(minimum), got \(text)")
    }
    return number
  }

  /// A value for a message: the kind, with short strings and numbers quoted.
  private func describe(_ value: JSONValue) -> String {
    switch value {
    case .string(let text) where text.count <= 40: "the string \"\(text)\""
    case .number(let text) where text.count <= 40: "the number \(text)"
    default: value.kindName
    }
  }

  private func fail(_ path: String, _ reason: String) -> SessionFileError {
    SessionFileError(file: file, path: path, reason: reason)
  }
}
