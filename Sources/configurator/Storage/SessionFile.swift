internal import CarFactory
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
  /// The version this build writes, and the only one it reads.
  static let version = 1
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

  /// The file's bytes for a state, ending with a newline.
  static func encode(_ state: SessionState) -> [UInt8] {
    var text = "{\n"
    text += "  \"format\": " + quoted(formatName) + ",\n"
    text += "  \"version\": \(version),\n"
    text += "  \"builds\": " + list(state.builds.records.map(buildObject), indent: "  ") + ",\n"
    text += "  \"nextBuild\": \(state.builds.nextNumber),\n"
    text += "  \"stock\": " + list(state.stock.map(stockObject), indent: "  ") + ",\n"
    if !state.stockSummaries.isEmpty {
      text +=
        "  \"stockSummaries\": " + list(state.stockSummaries.map(summaryObject), indent: "  ")
        + ",\n"
    }
    text += "  \"currency\": " + quoted(state.currency.code) + ",\n"
    text += "  \"rates\": {\n"
    text += "    \"base\": " + quoted(state.rates.base.code) + ",\n"
    text += "    \"source\": " + quoted(state.rates.source) + ",\n"
    text +=
      "    \"rates\": "
      + list(state.rates.rates.map { rateObject($0, withBase: false) }, indent: "    ") + ",\n"
    text +=
      "    \"overrides\": "
      + list(state.rates.overrides.map { rateObject($0, withBase: true) }, indent: "    ") + "\n"
    text += "  }\n"
    text += "}\n"
    return Array(text.utf8)
  }

  private static func buildObject(_ record: BuildRecord) -> String {
    var object = JSONObject()
    object.add("number", record.number)
    object.add("model", record.model.rawValue)
    var options = JSONObject()
    for slot in PartSlot.allCases {
      if let part = record.options[slot] { options.add(slot.rawValue, part.rawValue) }
    }
    object.add("options", options)
    object.add("price", Money(minorUnits: record.price.cents, currency: .usd).decimalString)
    return object.rendered
  }

  private static func stockObject(_ line: StockLine) -> String {
    var object = JSONObject()
    object.add("name", line.name)
    object.add("category", line.category)
    object.add("unitPrice", line.unitPrice.decimalString)
    object.add("quantity", line.quantity)
    if let tax = line.taxPercent { object.add("taxPercent", tax.description) }
    return object.rendered
  }

  private static func summaryObject(_ summary: StockSummary) -> String {
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

  private static func rateObject(_ rate: ExchangeRate, withBase: Bool) -> String {
    var object = JSONObject()
    if withBase { object.add("base", rate.base.code) }
    object.add("quote", rate.quote.code)
    object.add("value", rate.value.description)
    if let date = rate.date { object.add("date", date.description) }
    object.add("source", rate.source)
    return object.rendered
  }

  private static func list(_ elements: [String], indent: String) -> String {
    guard !elements.isEmpty else { return "[]" }
    return "[\n" + elements.map { indent + "  " + $0 }.joined(separator: ",\n") + "\n\(indent)]"
  }

  private static func quoted(_ value: String) -> String {
    var text = ""
    JSONObject.appendString(value, to: &text)
    return text
  }
}
