package import CarFactory
package import StockValuation
package import Support

/// The stock's changes: `stock add`, `stock remove`, `stock load`, `stock clear`.
extension Interpreter {
  /// Files with more lines than this are summarized rather than kept line by line.
  static let summaryThreshold = 100_000
  /// Files larger than this are summarized too (their lines are read from memory).
  static let summaryByteThreshold = 32 << 20

  /// Puts `quantity` of build `number`'s car into stock: it costs the same however large the
  /// stock is (see ``Stock/add(_:quantity:configuration:build:)``). A new line keeps the
  /// build's whole specification; the cars' VIN, cost and day received (today unless given)
  /// are the line's, so cars received another day or at another cost stand on their own line.
  func addToStock(
    _ number: Int, quantity: Int64, arrival: StockArrival, _ state: inout SessionState
  ) throws(CommandError) -> CommandResult {
    let command = "stock add"
    let index = try carConfigurationIndex(number, for: command, state)
    let currency = state.money.currency
    var cost: Money?
    if let text = arrival.cost {
      do {
        cost = try Money(parsing: text, currency: currency)
      } catch {
        throw .badValue(command: command, .cost(currency), value: text)
      }
    }
    let received: CalendarDate
    if let given = arrival.received {
      received = given
    } else {
      received = try Today.date(for: command, in: environment)
    }
    if let vin = arrival.vin {
      if let held = state.stock.lines.first(where: { $0.vin == vin }) {
        throw .invalid(command: command, .vinTaken(vin, stockNumber: held.stockNumber, sale: nil))
      }
      if let sale = Self.sold([vin], in: state.sales)[vin] {
        throw .invalid(command: command, .vinTaken(vin, stockNumber: nil, sale: sale))
      }
    }
    // The line's key is made only for a car not stocked before: a script adds to stock
    // every other line.
    let builds = state.builds
    let (stockNumber, held, line) = try state.stock.add(
      {
        let configuration = builds.configurations[index]
        return Self.stockItem(
          configuration, name: configuration.carName ?? "", vin: arrival.vin, cost: cost,
          received: received)
      }, quantity: quantity, configuration: index, build: number,
      matching: StockLine.Arrival(vin: arrival.vin, cost: cost, received: received))
    return .event(
      .stockAdded(
        build: number, stockNumber: stockNumber, name: line.name, category: line.category,
        quantity: quantity, inStock: held))
  }

  /// `stock remove S-N|N|NAME [QTY]`: a car taken out of stock without a sale (SPEC §9).
  func removeFromStock(_ target: StockTarget, quantity: Int64, _ state: inout SessionState)
    throws(CommandError) -> CommandResult
  {
    let index = try stockLineIndex(target, for: "stock remove", state)
    let line = state.stock.lines[index]
    guard quantity <= line.quantity else {
      throw .limit(
        command: "stock remove", .moreThanInStock(quantity, line: line, selling: false))
    }
    let left = state.stock.take(quantity, fromLine: index)
    return .event(
      .stockRemoved(
        stockNumber: line.stockNumber ?? 0, name: line.name, category: line.category,
        quantity: quantity, left: left))
  }

  /// `stock show S-N|N|NAME`: the line and the car it holds.
  func showStockLine(_ target: StockTarget, _ state: SessionState) throws(CommandError)
    -> CommandResult
  {
    let index = try stockLineIndex(target, for: "stock show", state)
    let specification = state.stock.specification(ofLine: index)
    let view = specification.flatMap { specification in
      self.view(of: specification.configuration, number: specification.build, index: 0, state)
    }
    return .stockLine(
      StockLineView(line: state.stock.lines[index], build: specification?.build, view: view))
  }

  /// The stock line a stock number, a build number or a product name (any case) names. A
  /// build names the line holding its car (also after the build is removed: the line keeps
  /// its specification); several lines of one name are refused, listing their numbers.
  func stockLineIndex(_ target: StockTarget, for command: String, _ state: SessionState)
    throws(CommandError) -> Int
  {
    let stock = state.stock
    switch target {
    case .number(let number):
      if let index = stock.index(ofNumber: number) { return index }
      throw .notFound(
        command: command,
        .stockLine(
          number, gone: number < stock.nextNumber, numbers: stock.lines.compactMap(\.stockNumber)))
    case .build(let number):
      let configuration = state.builds.configuration(of: number)
      if let configuration, configuration.carName == nil {
        throw Self.noCar(number, model: configuration.model, for: command, state)
      }
      var matches = stock.lines.indices.filter { index in
        guard let specification = stock.specification(ofLine: index) else { return false }
        return configuration.map { specification.configuration.car == $0.car }
          ?? (specification.build == number)
      }
      if matches.isEmpty, let configuration, let name = configuration.carName {
        // A line of a session file written before lines kept their specification.
        let key = Self.stockItem(configuration, name: name)
        matches = stock.lines.indices.filter { index in
          stock.specification(ofLine: index) == nil
            && StockLineKey(stock.lines[index], specification: configuration) == key
        }
      }
      if matches.count == 1 { return matches[0] }
      if matches.isEmpty {
        guard configuration != nil else { throw Self.noSuchBuild(number, for: command, state) }
        throw .notFound(command: command, .carNotInStock(build: number))
      }
      throw Self.ambiguous(matches, in: stock, named: target, for: command)
    case .name(let name):
      let wanted = name.lowercased()
      let matches = stock.lines.indices.filter { stock.lines[$0].name.lowercased() == wanted }
      switch matches.count {
      case 1: return matches[0]
      case 0:
        let names = Array(Set(stock.lines.map(\.name))).sorted()
        throw .notFound(
          command: command,
          .product(name, nearest: Suggestion.nearest(to: name, in: names), names: names))
      default:
        throw Self.ambiguous(matches, in: stock, named: target, for: command)
      }
    }
  }

  /// The refusal of a name that several lines answer to, listing their stock numbers.
  private static func ambiguous(
    _ matches: [Int], in stock: Stock, named target: StockTarget, for command: String
  ) -> CommandError {
    .invalid(
      command: command, .ambiguousLines(target, lines: matches.map { stock.lines[$0] }))
  }

  /// Build `number`'s configuration index, if it is a car: a build keeps what it was when it
  /// was made, so a car stays what it was whatever catalogs come later.
  private func carConfigurationIndex(_ number: Int, for command: String, _ state: SessionState)
    throws(CommandError) -> Int
  {
    guard let index = state.builds.configurationIndex(of: number) else {
      throw Self.noSuchBuild(number, for: command, state)
    }
    let configuration = state.builds.configurations[Int(index)]
    guard configuration.carName != nil else {
      throw Self.noCar(number, model: configuration.model, for: command, state)
    }
    return Int(index)
  }

  /// Why build `number` has no car to stock: its model builds features, or it can no longer
  /// make the build (another version of the catalog, SPEC §16).
  static func noCar(_ number: Int, model: ModelID, for command: String, _ state: SessionState)
    -> CommandError
  {
    if let line = state.catalogs.line(model), line.buildsAreFeatures {
      return .unavailable(command: command, .notACar(build: number))
    }
    return .unavailable(command: command, .modelGone(build: number, model: model))
  }

  /// The stock line a car build makes: its name, its model as the category, its price, and
  /// its whole configuration.
  private static func stockItem(
    _ configuration: BuildBook.Configuration, name: String, vin: String? = nil,
    cost: Money? = nil, received: CalendarDate? = nil
  ) -> StockLineKey {
    StockLineKey(
      name: name, category: configuration.model.rawValue,
      unitPrice: Money(minorUnits: configuration.price.cents, currency: .usd), tax: nil,
      vin: vin, specification: configuration, cost: cost, received: received)
  }

  /// At most ten names, then `...`.
  static func list(_ names: [String]) -> String {
    names.prefix(10).joined(separator: ", ") + (names.count > 10 ? ", ..." : "")
  }

  /// `stock load [--replace] FILE`: nothing changes until the whole file is read and the
  /// stock it makes is known to value.
  func loadStock(_ path: String, replacing: Bool, _ state: inout SessionState)
    throws(CommandError) -> [CommandResult]
  {
    let (inventory, warning) = try Self.readInventory(path, in: environment)
    var lines = replacing ? [] : state.stock.lines
    var summaries = replacing ? [] : state.stock.summaries
    var merged = 0
    switch inventory {
    case .lines(let read):
      try Self.checkNotSold(read, in: state.sales, source: path)
      (lines, merged) = try state.stock.merging(read, replacing: replacing, source: path)
    case .summary(let summary): summaries.append(summary)
    }
    try Stock.checkValuable(lines, summaries: summaries, source: "stock load: \(path)")
    let removed = replacing ? state.stock.lineCount : 0
    state.stock.replace(lines: lines, summaries: summaries)
    let loaded = CommandResult.event(
      .stockLoaded(
        file: path, lines: inventory.lineCount, items: inventory.itemCount,
        summarized: inventory.isSummary, merged: merged, replaced: replacing ? removed : nil))
    return (warning.map { [.warning($0)] } ?? []) + [loaded]
  }

  /// Refuses lines whose VIN is of a car the ledger has sold and not voided (issue 49: it
  /// could be loaded and sold a second time without a word).
  static func checkNotSold(_ lines: [StockLine], in ledger: SalesLedger, source: String)
    throws(CommandError)
  {
    let sold = sold(Set(lines.compactMap(\.vin)), in: ledger)
    guard !sold.isEmpty else { return }
    for line in lines {
      if let vin = line.vin, let sale = sold[vin] {
        throw .invalid(command: "stock load", .vinSold(file: source, vin: vin, sale: sale))
      }
    }
  }

  /// The sale, not voided, of each of these VINs the ledger has sold.
  static func sold(_ vins: Set<String>, in ledger: SalesLedger) -> [String: Int] {
    guard !vins.isEmpty else { return [:] }
    var sold: [String: Int] = [:]
    for sale in ledger.entries where sale.voids == nil {
      guard let vin = sale.line.vin, vins.contains(vin) else { continue }
      sold[vin] = sale.number
    }
    guard !sold.isEmpty else { return [:] }
    for entry in ledger.entries {
      if let voided = entry.voids, let vin = ledger.entry(voided)?.line.vin,
        sold[vin] == voided
      {
        sold[vin] = nil
      }
    }
    return sold
  }

  func clearStock(_ state: inout SessionState) -> CommandResult {
    let count = state.stock.lineCount
    state.stock.replace(lines: [], summaries: [])
    return .event(.stockCleared(linesRemoved: count))
  }

  /// An inventory file as the session keeps it: its lines, or (past
  /// ``Interpreter/summaryThreshold`` lines) its totals per category.
  package enum Inventory {
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
  /// The file is valued by streaming it; a file of at most ``summaryThreshold`` lines (and
  /// ``summaryByteThreshold`` bytes) keeps its lines, a larger one its totals.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - environment: Where it is read.
  /// - Returns: The lines or totals, and the columns that were ignored, if any.
  /// - Throws: ``CommandError`` naming the file, line and field.
  package static func readInventory(_ path: String, in environment: any SessionEnvironment)
    throws(CommandError) -> (Inventory, Warning?)
  {
    let contents: InventoryCSV.Contents
    do {
      contents = try environment.readInventory(
        path, keepingLinesUpTo: summaryThreshold, byteLimit: summaryByteThreshold)
    } catch {
      throw .failed(command: nil, error)
    }
    // Columns the inventory does not know are named once (SPEC §9), at most ten of them.
    let ignored = contents.ignoredColumns
    let warning =
      ignored.isEmpty
      ? nil
      : Warning.ignoredColumns(
        file: path, names: Array(ignored.prefix(10)), more: max(0, ignored.count - 10))
    let summary = StockSummary(contents.totals, source: path)
    try Stock.checkValuable([], summaries: [summary], source: path)
    guard let lines = contents.lines else { return (.summary(summary), warning) }
    return (.lines(lines), warning)
  }
}
