internal import StockValuation

/// The session's stock, as a value: lines of name, category, USD unit price, quantity and tax,
/// and inventory files too large to keep line by line, kept as per-category totals.
///
/// `stock add` must cost the same however large the stock is, so the stock keeps where each
/// line is and its exact totals once an `add` has made them, and keeps them up to date in
/// `add`; every other change drops them (they are made again on the next `add`). They are
/// part of the value, not a cache beside it: two stocks are equal when their lines and
/// summaries are.
struct Stock: Equatable {
  private(set) var lines: [StockLine]
  private(set) var summaries: [StockSummary]
  /// Where each line is, by its key and by the configuration of the build it came from.
  private var positions: StockPositions?
  /// The exact totals of the lines and summaries.
  private var totals: StockAccumulator?

  /// A stock of these lines and summarized files.
  init(lines: [StockLine] = [], summaries: [StockSummary] = []) {
    self.lines = lines
    self.summaries = summaries
  }

  /// The book's sample stock (SPEC §4).
  static var starting: Stock { Stock(lines: StartingStock.lines) }

  static func == (lhs: Stock, rhs: Stock) -> Bool {
    lhs.lines == rhs.lines && lhs.summaries == rhs.summaries
  }

  /// The lines and the lines summarized files held.
  var lineCount: Int { lines.count + summaries.reduce(0) { $0 + $1.lineCount } }

  /// Puts `quantity` of an item into stock: onto the line with its key, or a new line.
  /// Only what it adds is checked against the stock's totals.
  ///
  /// - Parameters:
  ///   - item: The line's name, category, unit price and tax.
  ///   - quantity: How many, from 1.
  ///   - configuration: The configuration index of the build the item is a car of, if it
  ///     is one: its line is then found by an array index the next time.
  /// - Returns: How many of the item are in stock now.
  /// - Throws: ``CommandError`` when the line's quantity or the stock's value would be too
  ///   large; the stock is unchanged then.
  mutating func add(_ item: StockLineKey, quantity: Int64, configuration: Int?)
    throws(CommandError) -> Int64
  {
    let added = try Self.line(item, quantity: quantity, for: "stock add")
    var positions = self.positions.take() ?? StockPositions(lines)
    // The totals are moved out while they change, so they are not copied.
    var totals: StockAccumulator
    if let known = self.totals.take() {
      totals = known
    } else {
      totals = try Self.totals(of: lines, summaries: summaries)
    }
    let position = positions.position(of: item, configuration: configuration)
    var held = quantity
    if let position {
      let (sum, overflow) = lines[position].quantity.addingReportingOverflow(quantity)
      guard !overflow else {
        self.positions = positions
        self.totals = totals
        throw .limit(
          command: "stock add",
          reason: "quantity \(quantity) makes the stock of '\(item.name)' too large")
      }
      held = sum
    }
    let line = position == nil ? added : try Self.line(item, quantity: held, for: "stock add")
    // The stock was valuable before: what it adds must keep the total in range. Values are
    // never negative, so no category can exceed the total. Past the range the totals are
    // dropped (made again on the next `add`); the lines are unchanged.
    do throws(MoneyError) {
      try totals.add(added)
      _ = try totals.exactTotal.rounded()
    } catch {
      self.positions = positions
      throw .limit(
        command: "stock add",
        reason: "the stock would be worth more than the largest amount "
          + "(\(error.description)); nothing was changed")
    }
    if let position {
      lines[position] = line
    } else {
      positions.appended(item, at: lines.count, configuration: configuration)
      lines.append(line)
    }
    self.positions = positions
    self.totals = totals
    return held
  }

  /// Takes `quantity` of line `index` out of stock (the line goes when none are left).
  ///
  /// - Returns: How many are left.
  mutating func take(_ quantity: Int64, fromLine index: Int) throws(CommandError) -> Int64 {
    forgetIndexes()
    let line = lines[index]
    let left = line.quantity - quantity
    if left == 0 {
      lines.remove(at: index)
    } else {
      lines[index] = try line.withQuantity(left, for: "stock remove")
    }
    return left
  }

  /// Replaces the lines and summaries (`stock load`, `stock clear`).
  mutating func replace(lines: [StockLine], summaries: [StockSummary]) {
    forgetIndexes()
    self.lines = lines
    self.summaries = summaries
  }

  private mutating func forgetIndexes() {
    positions = nil
    totals = nil
  }

  private static func line(_ item: StockLineKey, quantity: Int64, for command: String)
    throws(CommandError) -> StockLine
  {
    do {
      return try StockLine(
        name: item.name, category: item.category, unitPrice: item.unitPrice,
        quantity: quantity, taxPercent: item.tax)
    } catch {
      throw .failed(command: command, error)
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
}

/// What makes two stock lines one: equal name, category, unit price and tax (the quantities
/// add up).
struct StockLineKey: Hashable {
  let name: String
  let category: String
  let unitPrice: Money
  /// `10` and `10.0` percent are one tax: decimals compare by value.
  let tax: ExactDecimal?

  init(name: String, category: String, unitPrice: Money, tax: ExactDecimal?) {
    self.name = name
    self.category = category
    self.unitPrice = unitPrice
    self.tax = tax
  }

  init(_ line: StockLine) {
    self.init(
      name: line.name, category: line.category, unitPrice: line.unitPrice, tax: line.taxPercent)
  }
}

extension StockLine {
  /// The line with another quantity (one that a line already held, or a sum checked to fit).
  func withQuantity(_ quantity: Int64, for command: String) throws(CommandError) -> StockLine {
    do {
      return try StockLine(
        name: name, category: category, unitPrice: unitPrice, quantity: quantity,
        taxPercent: taxPercent)
    } catch {
      throw .failed(command: command, error)
    }
  }
}
