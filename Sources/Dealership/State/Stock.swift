internal import CarFactory
package import StockValuation

/// The session's stock, as a value: lines of name, category, USD unit price, quantity and tax,
/// each with its stock number (`S-1`, `S-2`, … never reused: ``nextNumber`` is kept with the
/// stock) and, for a car stocked from a build, its whole specification; and inventory files
/// too large to keep line by line, kept as per-category totals.
///
/// `stock add` must cost the same however large the stock is, so the stock keeps where each
/// line is and its exact totals once an `add` has made them, and keeps them up to date in
/// `add`; every other change drops them (they are made again on the next `add`). They are
/// part of the value, not a cache beside it: two stocks are equal when their lines,
/// specifications, summaries and next number are.
package struct Stock: Equatable {
  package private(set) var lines: [StockLine]
  package private(set) var summaries: [StockSummary]
  /// The specification of each line stocked from a build, by stock number.
  package private(set) var specifications: [Int: StockSpecification]

  /// Records the catalog each model's specifications were made under (see
  /// ``BuildBook/stamp(_:)``).
  mutating func stamp(_ catalogs: [ModelID: String]) {
    for (number, specification) in specifications {
      let stamped = specification.stamped(catalogs[specification.record.model])
      if stamped != specification { specifications[number] = stamped }
    }
  }
  /// The number the next new line gets.
  package private(set) var nextNumber: Int
  /// Where each line is, by its key and by the configuration of the build it came from.
  private var positions: StockPositions?
  /// The exact totals of the lines and summaries.
  private var totals: StockAccumulator?

  /// A stock of these lines and summarized files; lines without a stock number are numbered
  /// in order after the highest number there is (and after `nextNumber`).
  package init(
    lines: [StockLine] = [], summaries: [StockSummary] = [],
    specifications: [Int: StockSpecification] = [:], nextNumber: Int = 1
  ) {
    var next = max(nextNumber, (lines.compactMap(\.stockNumber).max() ?? 0) + 1)
    self.lines = lines.map { line in
      guard line.stockNumber == nil else { return line }
      defer { next += 1 }
      return line.with(stockNumber: next)
    }
    self.summaries = summaries
    self.specifications = specifications
    self.nextNumber = next
  }

  /// The book's sample stock (SPEC §4), numbered `S-1` to `S-5`.
  static var starting: Stock { Stock(lines: StartingStock.lines) }

  package static func == (lhs: Stock, rhs: Stock) -> Bool {
    lhs.lines == rhs.lines && lhs.summaries == rhs.summaries
      && lhs.specifications == rhs.specifications && lhs.nextNumber == rhs.nextNumber
  }

  /// The lines and the lines summarized files held.
  var lineCount: Int { lines.count + summaries.reduce(0) { $0 + $1.lineCount } }

  /// The position of the line numbered `number`, if it is in stock.
  func index(ofNumber number: Int) -> Int? {
    lines.firstIndex { $0.stockNumber == number }
  }

  /// The specification of line `index`, if it came from a build.
  package func specification(ofLine index: Int) -> StockSpecification? {
    lines[index].stockNumber.flatMap { specifications[$0] }
  }

  /// What makes line `index` one with another: its key, specification included.
  func key(ofLine index: Int) -> StockLineKey {
    StockLineKey(lines[index], specification: specification(ofLine: index)?.configuration)
  }

  /// Puts `quantity` of an item into stock: onto the line with its key, or a new line with
  /// the next stock number. Only what it adds is checked against the stock's totals.
  ///
  /// - Parameters:
  ///   - item: The line's name, category, unit price, tax and specification; made only when
  ///     the line of `configuration` is not known yet.
  ///   - quantity: How many, from 1.
  ///   - configuration: The configuration index of the build the item is a car of, if it
  ///     is one: its line is then found by an array index the next time.
  ///   - build: The build the item comes from, kept as its specification on a new line.
  ///   - arrival: The VIN, cost and day received of what is added: a line found by its
  ///     configuration takes it only if they are the line's.
  /// - Returns: The line's stock number, how many of the item are in stock now, and the line.
  /// - Throws: ``CommandError`` when the line's quantity or the stock's value would be too
  ///   large; the stock is unchanged then.
  mutating func add(
    _ item: () -> StockLineKey, quantity: Int64, configuration: Int?, build: Int? = nil,
    matching arrival: StockLine.Arrival = StockLine.Arrival()
  ) throws(CommandError) -> (number: Int, inStock: Int64, line: StockLine) {
    var positions =
      self.positions.take() ?? StockPositions(lines.indices.map { self.key(ofLine: $0) })
    // A car with a VIN is a line of its own; a line found by its configuration holds cars
    // of another cost or day when its arrival is not this one.
    let known = positions.position(configuration: configuration).flatMap { position in
      lines[position].arrival == arrival && arrival.vin == nil ? position : nil
    }
    let key = known == nil ? item() : nil
    let position =
      known
      ?? key.flatMap { key in
        arrival.vin != nil
          ? nil
          : positions.position(
            of: key,
            configuration: positions.position(configuration: configuration) == nil
              ? configuration : nil)
      }
    // What it adds: a piece of the line it goes onto, or the new line.
    var added: StockLine
    if let position {
      added = lines[position]
      guard added.setQuantity(quantity) else {
        self.positions = positions
        throw .limit(command: "stock add", .quantity(quantity))
      }
    } else {
      do throws(CommandError) {
        added = try Self.line(
          key ?? item(), quantity: quantity, number: nextNumber, for: "stock add")
      } catch {
        self.positions = positions
        throw error
      }
    }
    // The totals are moved out while they change, so they are not copied.
    var totals: StockAccumulator
    if let known = self.totals.take() {
      totals = known
    } else {
      totals = try Self.totals(of: lines, summaries: summaries)
    }
    var held = quantity
    if let position {
      let (sum, overflow) = lines[position].quantity.addingReportingOverflow(quantity)
      guard !overflow else {
        self.positions = positions
        self.totals = totals
        throw .limit(command: "stock add", .lineQuantity(quantity, name: added.name))
      }
      held = sum
    }
    // The stock was valuable before: what it adds must keep the total in range. Values are
    // never negative, so no category can exceed the total. Past the range the totals are
    // dropped (made again on the next `add`); the lines are unchanged.
    do throws(MoneyError) {
      try totals.add(added)
      // One comparison unless the total is near the limit; then the rounding says why.
      if !totals.exactTotal.roundsToMinorUnits() { _ = try totals.exactTotal.rounded() }
    } catch {
      self.positions = positions
      throw .limit(command: "stock add", .stockValue(error))
    }
    let number: Int
    if let position {
      number = lines[position].stockNumber ?? 0
      lines[position].setQuantity(held)
      added = lines[position]
    } else {
      number = nextNumber
      if let key {
        positions.appended(key, at: lines.count, configuration: configuration)
        if let specification = key.specification, let build {
          specifications[number] = StockSpecification(build: build, configuration: specification)
        }
      }
      lines.append(added)
      nextNumber += 1
    }
    self.positions = positions
    self.totals = totals
    return (number, held, added)
  }

  /// Takes `quantity` of line `index` out of stock (the line goes when none are left; its
  /// number is not used again).
  ///
  /// - Returns: How many are left.
  mutating func take(_ quantity: Int64, fromLine index: Int) -> Int64 {
    forgetIndexes()
    let line = lines[index]
    let left = line.quantity - quantity
    if left == 0 {
      lines.remove(at: index)
      if let number = line.stockNumber { specifications[number] = nil }
    } else {
      lines[index] = line.with(quantity: left)
    }
    return left
  }

  /// Puts `quantity` back onto the line numbered as `line` is (a void of a sale): onto the
  /// line if it is still in stock, else the line comes back as it was, with its number and
  /// specification, in its place among the lines (they stand in the order of their numbers).
  ///
  /// - Returns: How many of the line are in stock now.
  /// - Throws: ``CommandError`` when the quantity or the stock's value would be too large.
  mutating func putBack(
    _ quantity: Int64, of line: StockLine, specification: StockSpecification?, for command: String
  ) throws(CommandError) -> Int64 {
    var lines = self.lines
    var specifications = self.specifications
    let held: Int64
    if let number = line.stockNumber, let index = index(ofNumber: number) {
      let (sum, overflow) = lines[index].quantity.addingReportingOverflow(quantity)
      guard !overflow else {
        throw .limit(command: command, .lineQuantity(nil, name: line.name))
      }
      held = sum
      lines[index].setQuantity(sum)
    } else {
      if let vin = line.vin, let other = lines.first(where: { $0.vin == vin }) {
        throw .invalid(command: command, .vinInStock(vin, line: other))
      }
      held = quantity
      // Lines stand in the order of their numbers: the line goes back to its place.
      let number = line.stockNumber ?? nextNumber
      let place = lines.firstIndex { ($0.stockNumber ?? 0) > number } ?? lines.endIndex
      lines.insert(line.with(quantity: quantity), at: place)
      if let number = line.stockNumber, let specification {
        specifications[number] = specification
      }
    }
    try Self.checkValuable(lines, summaries: summaries, source: command)
    forgetIndexes()
    self.lines = lines
    self.specifications = specifications
    return held
  }

  /// Replaces the lines and summaries (`stock load`, `stock clear`): lines without a stock
  /// number get the next ones; numbers are never given again.
  mutating func replace(lines: [StockLine], summaries: [StockSummary]) {
    forgetIndexes()
    var next = nextNumber
    self.lines = lines.map { line in
      guard line.stockNumber == nil else { return line }
      defer { next += 1 }
      return line.with(stockNumber: next)
    }
    nextNumber = next
    let kept = Set(self.lines.compactMap(\.stockNumber))
    specifications = specifications.filter { kept.contains($0.key) }
    self.summaries = summaries
  }

  private mutating func forgetIndexes() {
    positions = nil
    totals = nil
  }

  private static func line(
    _ item: StockLineKey, quantity: Int64, number: Int, for command: String
  ) throws(CommandError) -> StockLine {
    do {
      return try StockLine(
        name: item.name, category: item.category, unitPrice: item.unitPrice,
        quantity: quantity, taxPercent: item.tax, vin: item.vin, stockNumber: number,
        cost: item.cost, received: item.received)
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
      throw .limit(command: source, .stockValue(error))
    }
  }

  /// The stock's lines with inventory lines added, a line equal to one there in name,
  /// category, unit price and tax adding its quantity to it (as `stock add` does). A line
  /// with a VIN is one car and merges with none; a VIN already in stock is refused.
  ///
  /// - Parameters:
  ///   - added: The new lines (no stock numbers yet).
  ///   - replacing: Whether the stock's own lines go first (`--replace`).
  ///   - source: The file, named when a quantity would overflow.
  /// - Returns: The lines (new ones unnumbered) and how many new lines were merged.
  /// - Throws: ``CommandError`` when a merged quantity would not fit or a VIN is repeated.
  func merging(_ added: [StockLine], replacing: Bool, source: String) throws(CommandError)
    -> (lines: [StockLine], merged: Int)
  {
    var lines = replacing ? [] : self.lines
    var positions: [StockLineKey: Int] = [:]
    // Each VIN's stock number; `nil` for one given earlier in the file.
    var vins: [String: Int?] = [:]
    for index in lines.indices {
      if let vin = lines[index].vin, let number = lines[index].stockNumber { vins[vin] = number }
      let key = key(ofLine: index)
      if key.vin == nil, positions[key] == nil { positions[key] = index }
    }
    var merged = 0
    for line in added {
      if let vin = line.vin {
        if let holder = vins.updateValue(nil, forKey: vin) {
          throw .invalid(
            command: "stock load", .vinInFile(file: source, vin: vin, stockNumber: holder))
        }
        lines.append(line)
        continue
      }
      let key = StockLineKey(line, specification: nil)
      guard let index = positions[key] else {
        positions[key] = lines.count
        lines.append(line)
        continue
      }
      let (sum, overflow) = lines[index].quantity.addingReportingOverflow(line.quantity)
      guard !overflow else {
        throw .limit(command: "stock load", .loadedQuantity(file: source, name: line.name))
      }
      lines[index].setQuantity(sum)
      merged += 1
    }
    return (lines, merged)
  }
}

/// What makes two stock lines one: equal name, category, unit price, tax and specification
/// (the quantities add up). A line with a VIN is one car: its key is its own.
struct StockLineKey: Hashable {
  let name: String
  let category: String
  let unitPrice: Money
  /// `10` and `10.0` percent are one tax: decimals compare by value.
  let tax: ExactDecimal?
  let vin: String?
  /// The configuration of the build a car line holds; keys compare its ``car`` only.
  let specification: BuildBook.Configuration?
  private let car: BuildBook.Configuration.Car?
  /// What one unit cost the dealer: cars of another cost stand on another line.
  let cost: Money?
  /// The day the line came in: cars received another day stand on another line.
  let received: CalendarDate?

  init(
    name: String, category: String, unitPrice: Money, tax: ExactDecimal?, vin: String? = nil,
    specification: BuildBook.Configuration? = nil, cost: Money? = nil,
    received: CalendarDate? = nil
  ) {
    self.name = name
    self.category = category
    self.unitPrice = unitPrice
    self.tax = tax
    self.vin = vin
    self.specification = specification
    self.car = specification?.car
    self.cost = cost
    self.received = received
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.name == rhs.name && lhs.category == rhs.category && lhs.unitPrice == rhs.unitPrice
      && lhs.tax == rhs.tax && lhs.vin == rhs.vin && lhs.car == rhs.car
      && lhs.cost == rhs.cost && lhs.received == rhs.received
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(category)
    hasher.combine(unitPrice)
    hasher.combine(tax)
    hasher.combine(vin)
    hasher.combine(car)
    hasher.combine(cost)
    hasher.combine(received)
  }

  init(_ line: StockLine, specification: BuildBook.Configuration?) {
    self.init(
      name: line.name, category: line.category, unitPrice: line.unitPrice, tax: line.taxPercent,
      vin: line.vin, specification: specification, cost: line.cost, received: line.received)
  }
}

extension StockLine {
  /// The line with another quantity: one a line already held, or a sum or difference checked
  /// to be in range, so never negative.
  func with(quantity: Int64) -> StockLine {
    withQuantity(quantity) ?? self
  }

  /// The line with a stock number.
  func with(stockNumber: Int) -> StockLine { numbered(stockNumber) }
}
