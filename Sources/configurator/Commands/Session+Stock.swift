internal import CarFactory
internal import StockValuation
import Support

extension Session {
  func stock(_ arguments: [String]) throws(CommandError) {
    switch arguments.first?.lowercased() {
    case "add": try addToStock(Array(arguments.dropFirst()))
    case "load": try loadStock(Array(arguments.dropFirst()))
    case "clear": try clearStock(Array(arguments.dropFirst()))
    case nil: try stockReport(in: money.currency)
    case let code?:
      guard arguments.count == 1 else {
        if (try? MoneySettings.currency(code)) == nil {
          let hint = Suggestion.hint(for: code, in: ["add", "load", "clear"])
          throw CommandError(
            "stock: unknown subcommand '\(code)'\(hint) (usage: \(Command.stock.synopsis))")
        }
        throw CommandError("stock: unexpected argument '\(arguments[1])' (usage: stock [CODE])")
      }
      let currency: Currency
      do {
        currency = try MoneySettings.currency(code)
      } catch {
        let words = ["add", "load", "clear"]
        if let word = Suggestion.nearest(to: code, in: words) {
          throw CommandError(
            "stock: unknown currency or subcommand '\(code)'; did you mean '\(word)'?")
        }
        throw CommandError("stock: \(error.message)")
      }
      try stockReport(in: currency)
    }
  }

  // MARK: report

  func stockReport(in currency: Currency) throws(CommandError) {
    let converter = try money.converter(to: currency)
    let report: StockReport
    do {
      report = try StockReport(lines: stock, summaries: stockSummaries, converter: converter)
    } catch {
      throw CommandError("stock: \(error.description)")
    }
    switch format {
    case .text: writeStockText(report)
    case .json: writeStockJSON(report)
    case .csv: writeStockCSV(report)
    }
  }

  /// The rate sentence of a report: `Rate: 1 USD = 0.60338 GBP (command line)`.
  static func rateLine(_ report: StockReport) -> String {
    if report.rate.legs.isEmpty { return "Rate: none (values in USD, the list-price currency)" }
    return "Rate: \(report.rate.description), rounding \(report.rounding.rawValue)"
  }

  private func writeStockText(_ report: StockReport) {
    out.line("Stock in \(report.total.currency.code). \(Self.rateLine(report)).")
    if !report.categories.isEmpty {
      var table = TextTable([
        ("CATEGORY", .left), ("PRODUCT", .left), ("QTY", .right), ("UNIT PRICE", .right),
        ("TAX", .right), ("VALUE", .right),
      ])
      for category in report.categories {
        for node in category.children {
          guard let line = node.line else {
            table.append([
              category.name, "(lines of \(node.name))", String(node.itemCount), "", "",
              money.format(node.value),
            ])
            continue
          }
          table.append([
            category.name, line.name, String(line.quantity), money.format(line.unitPrice),
            line.taxPercent.map { "\($0)%" } ?? "", money.format(node.value),
          ])
        }
        table.append([
          category.name, "Subtotal", String(category.itemCount), "", "",
          money.format(category.value),
        ])
      }
      for row in table.render() { out.line(row) }
    }
    if report.total.currency != .usd {
      out.line("Value in USD: \(money.format(report.baseTotal))")
    }
    out.line(money.headline(of: report))
  }

  private func writeStockJSON(_ report: StockReport) {
    var result = JSONObject()
    result.add("type", "stock")
    result.add("currency", report.total.currency.code)
    result.add("rate", rateJSON(report.rate))
    result.add("rounding", report.rounding.rawValue)
    result.add("itemCount", report.itemCount)
    result.add("total", moneyJSON(report.total))
    result.add("totalUSD", moneyJSON(report.baseTotal))
    result.add("exactTotalUSD", report.exactBaseTotal.decimalString)
    result.add(
      "categories",
      report.categories.map { category in
        var object = JSONObject()
        object.add("category", category.name)
        object.add("itemCount", category.itemCount)
        object.add("value", moneyJSON(category.value))
        object.add("valueUSD", moneyJSON(category.baseValue))
        object.add(
          "lines",
          category.children.compactMap { node in
            guard let line = node.line else { return nil }
            var item = JSONObject()
            item.add("name", line.name)
            item.add("quantity", line.quantity)
            item.add("unitPrice", moneyJSON(line.unitPrice))
            item.add("taxPercent", line.taxPercent?.description)
            item.add("value", moneyJSON(node.value))
            item.add("valueUSD", moneyJSON(node.baseValue))
            return item
          })
        let summaries = category.children.filter { $0.kind == .summary }
        if !summaries.isEmpty {
          object.add(
            "summaries",
            summaries.map { node in
              var item = JSONObject()
              item.add("source", node.name)
              item.add("itemCount", node.itemCount)
              item.add("value", moneyJSON(node.value))
              item.add("valueUSD", moneyJSON(node.baseValue))
              return item
            })
        }
        return object
      })
    out.line(result.rendered)
  }

  func rateJSON(_ rate: AppliedRate) -> JSONObject {
    var object = JSONObject()
    object.add("from", rate.from.code)
    object.add("to", rate.to.code)
    object.add("value", rate.value.description)
    object.add("exact", rate.isExact)
    object.add("via", rate.via?.code)
    object.add("dates", strings: rate.dates.map(\.description))
    object.add("sources", strings: rate.sources)
    object.add("text", rate.description)
    return object
  }

  private func writeStockCSV(_ report: StockReport) {
    csvHeader([
      "kind", "category", "name", "quantity", "unit_price_usd", "tax_percent", "value_usd",
      "value", "currency",
    ])
    let code = report.total.currency.code
    for category in report.categories {
      for node in category.children {
        guard let line = node.line else {
          out.line(
            CSV.row([
              "summary", category.name, node.name, String(node.itemCount), "", "",
              node.baseValue.decimalString, node.value.decimalString, code,
            ]))
          continue
        }
        out.line(
          CSV.row([
            "line", category.name, line.name, String(line.quantity),
            line.unitPrice.decimalString, line.taxPercent?.description ?? "",
            node.baseValue.decimalString, node.value.decimalString, code,
          ]))
      }
      out.line(
        CSV.row([
          "category", category.name, "", String(category.itemCount), "", "",
          category.baseValue.decimalString, category.value.decimalString, code,
        ]))
    }
    out.line(
      CSV.row([
        "total", "", "", String(report.itemCount), "", "", report.baseTotal.decimalString,
        report.total.decimalString, code,
      ]))
  }

  // MARK: changes

  private func addToStock(_ arguments: [String]) throws(CommandError) {
    guard let numberText = arguments.first else {
      throw CommandError("stock add: missing build number (usage: stock add N [QTY])")
    }
    if arguments.count > 2 {
      throw CommandError(
        "stock add: unexpected argument '\(arguments[2])' (usage: stock add N [QTY])")
    }
    let record = try buildRecord(numberText, for: .stock, label: "stock add")
    var quantity: Int64 = 1
    if arguments.count == 2 {
      let text = arguments[1]
      guard let value = Int64(text), value > 0, text.allSatisfy(\.isASCII), !text.hasPrefix("+")
      else {
        throw CommandError("stock add: bad quantity '\(text)' (expected a whole number from 1)")
      }
      quantity = value
    }
    guard let car = car(for: record) else {
      throw CommandError("stock add: build #\(record.number) can no longer be made")
    }
    let price = Money(minorUnits: record.price.cents, currency: .usd)
    var updated = stock
    var total = quantity
    if let index = updated.firstIndex(where: {
      $0.name == car.displayName && $0.category == car.model.rawValue && $0.unitPrice == price
        && $0.taxPercent == nil
    }) {
      let (sum, overflow) = updated[index].quantity.addingReportingOverflow(quantity)
      guard !overflow else {
        throw CommandError(
          "stock add: quantity \(quantity) makes the stock of '\(car.displayName)' too large")
      }
      total = sum
      updated[index] = try stockLine(car, price: price, quantity: sum)
    } else {
      updated.append(try stockLine(car, price: price, quantity: quantity))
    }
    try Self.checkValuable(updated, summaries: stockSummaries, source: "stock add")
    stock = updated
    switch format {
    case .text:
      out.line("Added \(quantity) × \(car.displayName) to stock (\(total) in stock).")
    case .json:
      var result = JSONObject()
      result.add("type", "stockAdded")
      result.add("build", record.number)
      result.add("name", car.displayName)
      result.add("category", car.model.rawValue)
      result.add("quantity", quantity)
      result.add("inStock", total)
      out.line(result.rendered)
    case .csv:
      break
    }
  }

  private func stockLine(_ car: Car, price: Money, quantity: Int64) throws(CommandError)
    -> StockLine
  {
    do {
      return try StockLine(
        name: car.displayName, category: car.model.rawValue, unitPrice: price, quantity: quantity)
    } catch {
      throw CommandError("stock add: \(error.description)")
    }
  }

  /// Refuses a stock whose total would overflow, so a report can always be made.
  ///
  /// - Parameters:
  ///   - lines: The stock's lines as they would be.
  ///   - summaries: The summarized files as they would be.
  ///   - source: What the new lines came from, named in the message.
  /// - Throws: ``CommandError`` naming the source when a figure would not fit.
  static func checkValuable(
    _ lines: [StockLine], summaries: [StockSummary] = [], source: String
  ) throws(CommandError) {
    var accumulator = StockAccumulator()
    do {
      for line in lines { try accumulator.add(line) }
      for summary in summaries { try accumulator.add(summary) }
      // Every figure of a USD report must fit the money type too.
      _ = try accumulator.exactTotal.rounded()
      for category in accumulator.categories { _ = try category.exactTotal.rounded() }
    } catch {
      throw CommandError(
        "\(source): the stock would be worth more than the largest amount (\(error.description)); "
          + "nothing was changed")
    }
  }

  private func loadStock(_ arguments: [String]) throws(CommandError) {
    guard let path = arguments.first else {
      throw CommandError("stock load: missing FILE (usage: stock load FILE)")
    }
    if arguments.count > 1 {
      throw CommandError(
        "stock load: unexpected argument '\(arguments[1])' (usage: stock load FILE)")
    }
    let inventory = try Self.readInventory(path)
    var lines = stock
    var summaries = stockSummaries
    switch inventory {
    case .lines(let read): lines += read
    case .summary(let summary): summaries.append(summary)
    }
    try Self.checkValuable(lines, summaries: summaries, source: "stock load: \(path)")
    stock = lines
    stockSummaries = summaries
    let items = inventory.itemCount
    let count = inventory.lineCount
    switch format {
    case .text:
      let kept = inventory.isSummary ? "; kept as category totals" : ""
      out.line(
        "Loaded \(count) \(count == 1 ? "line" : "lines") (\(items) items) from \(path)\(kept).")
    case .json:
      var result = JSONObject()
      result.add("type", "stockLoaded")
      result.add("file", path)
      result.add("lines", count)
      result.add("items", items)
      result.add("summarized", inventory.isSummary)
      out.line(result.rendered)
    case .csv:
      break
    }
  }

  /// An inventory file as the session keeps it: its lines, or (past
  /// ``Session/summaryThreshold`` lines) its totals per category.
  enum Inventory {
    case lines([StockLine])
    case summary(StockSummary)

    var isSummary: Bool {
      if case .summary = self { return true }
      return false
    }

    var lineCount: Int {
      switch self {
      case .lines(let lines): lines.count
      case .summary(let summary): summary.lineCount
      }
    }

    /// Checked to fit when the file was read.
    var itemCount: Int64 {
      switch self {
      case .lines(let lines): lines.reduce(Int64(0)) { $0 &+ $1.quantity }
      case .summary(let summary): summary.itemCount
      }
    }
  }

  /// Reads a whole inventory file once (a pipe works), or nothing if any row is bad or the
  /// total overflows.
  ///
  /// The file is valued by streaming it; a file of at most ``Session/summaryThreshold`` lines
  /// (and ``Session/summaryByteThreshold`` bytes) keeps its lines, a larger one its totals.
  static func readInventory(_ path: String) throws(CommandError) -> Inventory {
    let contents: InventoryCSV.Contents
    do {
      contents = try InventoryCSV.read(
        fromFile: path, keepingLinesUpTo: summaryThreshold, byteLimit: summaryByteThreshold)
    } catch {
      throw CommandError(error.description)
    }
    let summary = StockSummary(contents.totals, source: path)
    try checkValuable([], summaries: [summary], source: path)
    guard let lines = contents.lines else { return .summary(summary) }
    return .lines(lines)
  }

  private func clearStock(_ arguments: [String]) throws(CommandError) {
    if let extra = arguments.first {
      throw CommandError("stock clear: unexpected argument '\(extra)' (usage: stock clear)")
    }
    let count = stock.count + stockSummaries.reduce(0) { $0 + $1.lineCount }
    stock = []
    stockSummaries = []
    switch format {
    case .text: out.line("Stock cleared (\(count) \(count == 1 ? "line" : "lines") removed).")
    case .json:
      var result = JSONObject()
      result.add("type", "stockCleared")
      result.add("linesRemoved", count)
      out.line(result.rendered)
    case .csv: break
    }
  }
}
