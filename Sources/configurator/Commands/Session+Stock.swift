internal import CarFactory
internal import StockValuation
import Support

extension Session {
  /// The words after `stock` that name a subcommand.
  static let stockSubcommands = ["add", "remove", "load", "clear"]

  func stock(_ arguments: [String]) throws(CommandError) -> CommandResult {
    let rest = Array(arguments.dropFirst())
    switch arguments.first.map({ ASCII.lowercased($0[...]) }) {
    case "add": return try addToStock(rest)
    case "remove": return try removeFromStock(rest)
    case "load": return try loadStock(rest)
    case "clear": return try clearStock(rest)
    default: return try stockReport(arguments)
    }
  }

  // MARK: changes

  private func addToStock(_ arguments: [String]) throws(CommandError) -> CommandResult {
    guard let numberText = arguments.first else {
      throw .missingArgument(
        command: "stock add", what: "build number", hint: "usage: stock add N [QTY]")
    }
    if arguments.count > 2 {
      throw .unexpectedArgument(
        command: "stock add", word: arguments[2], hint: "usage: stock add N [QTY]")
    }
    let record = try buildRecord(numberText, for: .stock, label: "stock add")
    let quantity =
      arguments.count == 2 ? try Self.quantity(arguments[1], for: "stock add") : 1
    return try addToStock(record, quantity: quantity)
  }

  /// Puts `quantity` of a build's car into stock: the one way, whether the line was read as
  /// `String`s or by its bytes. It costs the same however large the stock is: the car's line
  /// is found by its key, and only what it adds is checked against the stock's totals.
  ///
  /// - Parameters:
  ///   - record: The build.
  ///   - quantity: How many, from 1.
  /// - Returns: The `stockAdded` event.
  /// - Throws: ``CommandError`` when the build is not a car that can be made, or the stock
  ///   would hold too many or be worth too much; nothing is changed then.
  func addToStock(_ record: BuildRecord, quantity: Int64) throws(CommandError) -> CommandResult {
    let configuration = builds.configurationIndex(of: record.number).map(Int.init)
    let item = try stockItem(for: record, configuration: configuration)
    let added = try stockLine(item, quantity: quantity)
    // Moved out of the caches while they change, so that they are not copied (changing the
    // stock forgets them).
    var positions = caches.stockPositions.take() ?? StockPositions(stock)
    var totals: StockAccumulator
    if let known = caches.stockTotals.take() {
      totals = known
    } else {
      totals = try Self.totals(of: stock, summaries: stockSummaries)
    }
    let position = positions.position(of: item, configuration: configuration)
    var held = quantity
    if let position {
      let (sum, overflow) = stock[position].quantity.addingReportingOverflow(quantity)
      guard !overflow else {
        throw .limit(
          command: "stock add",
          reason: "quantity \(quantity) makes the stock of '\(item.name)' too large")
      }
      held = sum
    }
    // The stock was valuable before: what it adds must keep the total in range. Values are
    // never negative, so no category can exceed the total.
    do throws(MoneyError) {
      try totals.add(added)
      _ = try totals.exactTotal.rounded()
    } catch {
      throw .limit(
        command: "stock add",
        reason: "the stock would be worth more than the largest amount "
          + "(\(error.description)); nothing was changed")
    }
    if let position {
      stock[position] = try stockLine(item, quantity: held)
    } else {
      positions.appended(item, at: stock.count, configuration: configuration)
      stock.append(added)
    }
    // Changing the stock forgot the caches; they are right for the stock as it is now.
    caches.stockPositions = positions
    caches.stockTotals = totals
    return .event(
      .stockAdded(
        build: record.number, name: item.name, category: item.category,
        quantity: quantity, inStock: held))
  }

  /// The stock line key of a build's car, made once per configuration
  /// (``SessionCaches/stockItems``).
  private func stockItem(for record: BuildRecord, configuration index: Int?)
    throws(CommandError) -> StockLineKey
  {
    if let index, index < caches.stockItems.count, let item = caches.stockItems[index] {
      return item
    }
    guard case .car(let configuration) = madeEntry(for: record) else {
      throw .unavailable(
        command: "stock add",
        reason: "build #\(record.number) "
          + (registry.isFeatureModel(record.model)
            ? "is of a UVL feature model, not a car" : "can no longer be made"))
    }
    let car = configuration.car
    let item = StockLineKey(
      name: car.displayName, category: car.model.rawValue,
      unitPrice: Money(minorUnits: record.price.cents, currency: .usd), tax: nil)
    if let index {
      if index >= caches.stockItems.count {
        caches.stockItems.append(
          contentsOf: repeatElement(nil, count: index + 1 - caches.stockItems.count))
      }
      caches.stockItems[index] = item
    }
    return item
  }

  private func stockLine(_ item: StockLineKey, quantity: Int64) throws(CommandError) -> StockLine {
    do {
      return try StockLine(
        name: item.name, category: item.category, unitPrice: item.unitPrice,
        quantity: quantity)
    } catch {
      throw .failed(command: "stock add", error)
    }
  }

  /// The exact totals of a stock (checked to fit when it was made).
  static func totals(of lines: [StockLine], summaries: [StockSummary]) throws(CommandError)
    -> StockAccumulator
  {
    var accumulator = StockAccumulator()
    do {
      for line in lines { try accumulator.add(line) }
      for summary in summaries { try accumulator.add(summary) }
    } catch {
      throw .failed(command: "stock", error)
    }
    return accumulator
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
      for category in accumulator.categoryTotals { _ = try category.exactTotal.rounded() }
    } catch {
      throw .limit(
        command: source,
        reason: "the stock would be worth more than the largest amount (\(error.description)); "
          + "nothing was changed")
    }
  }

  private func loadStock(_ arguments: [String]) throws(CommandError) -> CommandResult {
    let usage = "usage: stock load [--replace] FILE"
    var words = arguments[...]
    let replacing = words.first.map { ASCII.lowercased($0[...]) == "--replace" } ?? false
    if replacing { words = words.dropFirst() }
    guard let path = words.first else {
      throw .missingArgument(command: "stock load", what: "FILE", hint: usage)
    }
    if let extra = words.dropFirst().first {
      throw .unexpectedArgument(command: "stock load", word: extra, hint: usage)
    }
    let inventory = try Self.readInventory(path, warnings: err, format: format)
    // Nothing changes until the whole file is read and the stock it makes is known to value.
    var lines = replacing ? [] : stock
    var summaries = replacing ? [] : stockSummaries
    var merged = 0
    switch inventory {
    case .lines(let read): merged = try Self.merge(read, into: &lines, source: path)
    case .summary(let summary): summaries.append(summary)
    }
    try Self.checkValuable(lines, summaries: summaries, source: "stock load: \(path)")
    let removed = replacing ? stock.count + stockSummaries.reduce(0) { $0 + $1.lineCount } : 0
    stock = lines
    stockSummaries = summaries
    return .event(
      .stockLoaded(
        file: path, lines: inventory.lineCount, items: inventory.itemCount,
        summarized: inventory.isSummary, merged: merged, replaced: replacing ? removed : nil))
  }

  /// Adds lines to a stock, a line equal to one there in name, category, unit price and tax
  /// adding its quantity to it (as `stock add` does).
  ///
  /// - Parameters:
  ///   - added: The new lines.
  ///   - lines: The stock's lines, changed in place.
  ///   - source: The file, named when a quantity would overflow.
  /// - Returns: How many of the new lines were merged into a line already there.
  /// - Throws: ``CommandError`` when a merged quantity would not fit.
  static func merge(_ added: [StockLine], into lines: inout [StockLine], source: String)
    throws(CommandError) -> Int
  {
    var positions: [StockLineKey: Int] = [:]
    for (index, line) in lines.enumerated() where positions[StockLineKey(line)] == nil {
      positions[StockLineKey(line)] = index
    }
    var merged = 0
    for line in added {
      let key = StockLineKey(line)
      guard let index = positions[key] else {
        positions[key] = lines.count
        lines.append(line)
        continue
      }
      let (sum, overflow) = lines[index].quantity.addingReportingOverflow(line.quantity)
      guard !overflow else {
        throw .limit(
          command: "stock load",
          reason: "\(source): the quantity of '\(line.name)' in stock would be too large; "
            + "nothing was changed")
      }
      lines[index] = try lines[index].withQuantity(sum, for: "stock load")
      merged += 1
    }
    return merged
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
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - err: Where the columns ignored are named (`nil`: nowhere).
  ///   - format: The output format: a JSON warning object under `--format json`.
  /// - Returns: The lines, or the totals of a large file.
  /// - Throws: ``CommandError`` naming the file, line and field.
  static func readInventory(
    _ path: String, warnings err: OutputStream? = nil, format: OutputFormat = .text
  )
    throws(CommandError) -> Inventory
  {
    let contents: InventoryCSV.Contents
    do {
      contents = try InventoryCSV.read(
        fromFile: path, keepingLinesUpTo: summaryThreshold, byteLimit: summaryByteThreshold)
    } catch {
      throw .failed(command: nil, error)
    }
    // Columns the inventory does not know are named once (SPEC §9), at most ten of them.
    let ignored = contents.ignoredColumns
    if let err, !ignored.isEmpty {
      let names = ignored.prefix(10).map { "'\($0.escapingControlCharacters.capped(at: 60))'" }
      let more = ignored.count > 10 ? " and \(ignored.count - 10) more" : ""
      let message =
        "ignoring column\(ignored.count == 1 ? "" : "s") " + names.joined(separator: ", ") + more
      if format == .json {
        // Nothing but JSON under --format json, on stderr too.
        var object = JSONObject()
        object.add("type", "warning")
        object.add("file", path)
        object.add("message", message)
        err.line(object.rendered)
      } else {
        err.line("configurator: \(path): \(message)")
      }
    }
    let summary = StockSummary(contents.totals, source: path)
    try checkValuable([], summaries: [summary], source: path)
    guard let lines = contents.lines else { return .summary(summary) }
    return .lines(lines)
  }

  private func clearStock(_ arguments: [String]) throws(CommandError) -> CommandResult {
    if let extra = arguments.first {
      throw .unexpectedArgument(command: "stock clear", word: extra, hint: "usage: stock clear")
    }
    let count = stock.count + stockSummaries.reduce(0) { $0 + $1.lineCount }
    stock = []
    stockSummaries = []
    return .event(.stockCleared(linesRemoved: count))
  }
}
