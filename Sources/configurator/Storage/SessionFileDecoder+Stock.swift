internal import CarFactory
internal import Dealership
internal import StockValuation
import Support

/// The stock and the sales ledger of a session file: numbered lines with their VINs and
/// specifications, and ledger entries whose numbers and voids fit together.
extension SessionFileDecoder {
  /// The stock: lines (numbered in order when the file has no numbers), specifications
  /// checked against the models in force, summaries, and the next stock number.
  func stock(_ document: SessionDocument) throws(SessionFileError) -> Stock {
    let lines = try stockLines(document.stock)
    var numbers: Set<Int> = []
    var vins: Set<String> = []
    var specifications: [Int: StockSpecification] = [:]
    for (entry, line) in zip(document.stock, lines) {
      if let number = line.stockNumber, !numbers.insert(number).inserted {
        throw fail(entry.path + ".number", "stock number \(number) appears twice")
      }
      if let vin = line.vin, !vins.insert(vin).inserted {
        throw fail(entry.path + ".vin", "VIN '\(vin)' appears twice")
      }
      if let build = entry.build {
        guard let number = line.stockNumber else {
          throw fail(entry.path + ".build", "a line with a build needs its \"number\"")
        }
        specifications[number] = try specification(build, remembered: document.catalogs)
      }
    }
    let highest = numbers.max() ?? 0
    if let next = document.nextStock, next <= highest {
      throw fail(
        "nextStock", "must be greater than every stock number, got \(next) (largest: \(highest))")
    }
    let summaries = try stockSummaries(document.stockSummaries, lines: lines)
    return Stock(
      lines: lines, summaries: summaries, specifications: specifications,
      nextNumber: document.nextStock ?? highest + 1)
  }

  /// The ledger: entries numbered 1, 2, … in order, each void of an earlier sale not voided
  /// before; every line sold has its stock number.
  func sales(_ entries: [SessionSale], stock: Stock) throws(SessionFileError) -> SalesLedger {
    var ledger = SalesLedger()
    for (index, entry) in entries.enumerated() {
      guard entry.number == index + 1 else {
        throw fail(entry.path + ".sale", "expected entry \(index + 1), got \(entry.number)")
      }
      if let voids = entry.voids {
        guard let sale = ledger.entry(voids), sale.voids == nil else {
          throw fail(entry.path + ".voids", "entry \(voids) is not an earlier sale")
        }
        guard ledger.void(of: voids) == nil else {
          throw fail(entry.path + ".voids", "sale \(voids) is voided twice")
        }
      }
      let line = try stockLines([entry.line]).first
      guard let line, let number = line.stockNumber, number < stock.nextNumber else {
        throw fail(
          entry.line.path + ".number",
          "a sold line needs a stock number below nextStock (\(stock.nextNumber))")
      }
      guard line.quantity >= 1 else {
        throw fail(entry.line.path + ".quantity", "a sale is of at least one car")
      }
      try checkFigures(entry, line: line)
      ledger.append(
        Sale(
          number: entry.number, date: entry.date, voids: entry.voids, line: line,
          specification: try entry.line.build.map { build throws(SessionFileError) in
            try specification(build, remembered: [])
          }, currency: entry.currency,
          rate: entry.rate, listPrice: entry.listPrice, price: entry.price,
          priceUSD: entry.priceUSD, customer: entry.customer, order: entry.order, tax: entry.tax,
          deposit: entry.deposit, floorPlan: entry.floorPlan, tradeIn: entry.tradeIn))
    }
    return ledger
  }

  /// A sale's figures agree with each other, as `stock sell` made them: a sale in USD is at
  /// its list price's currency, and a price in another currency is the USD price at the rate
  /// as it applied to this car (either rounding to nearest), so a hand edit cannot make
  /// `sales` report a USD figure the sale never had.
  private func checkFigures(_ entry: SessionSale, line: StockLine) throws(SessionFileError) {
    if entry.currency == .usd {
      guard entry.listPrice == line.unitPrice else {
        throw fail(
          entry.path + ".listPrice",
          "a sale in USD lists the line's unit price \(line.unitPrice.decimalString), got "
            + entry.listPrice.decimalString)
      }
      guard entry.priceUSD == entry.price else {
        throw fail(
          entry.path + ".priceUSD",
          "a sale in USD has priceUSD equal to its price \(entry.price.decimalString), got "
            + entry.priceUSD.decimalString)
      }
      return
    }
    let expected = Rounding.allCases.compactMap { rounding in
      try? Interpreter.usdPrice(
        entry.price, list: entry.listPrice, listUSD: line.unitPrice, rounding: rounding)
    }
    guard expected.contains(entry.priceUSD) else {
      let shown = expected.first.map { " (\($0.decimalString))" } ?? ""
      throw fail(
        entry.path + ".priceUSD",
        "is not the price at the sale's rate\(shown), got \(entry.priceUSD.decimalString)")
    }
  }

  /// A line's specification: its build checked against the models in force as a saved
  /// build is.
  private func specification(_ build: SessionBuild, remembered: [CatalogFile])
    throws(SessionFileError) -> StockSpecification
  {
    let models = catalogs.modelIDs
    let model = ModelID(build.model)
    guard models.contains(model), let line = catalogs.line(model) else {
      throw fail(
        build.path + ".model",
        BuildError.unknownModel(build.model, known: models).description
          + "; is its catalog missing? (add it with --catalog FILE)")
    }
    let name = try check(build, line: line)
    return StockSpecification(
      BuildRecord(
        number: build.number, model: model, options: build.options, price: build.price,
        values: build.values, notes: build.notes, carName: name, choices: build.choices,
        catalog: build.catalog ?? madeUnder(model, remembered: remembered)))
  }

  func stockLines(_ entries: [SessionStockLine]) throws(SessionFileError) -> [StockLine] {
    var lines: [StockLine] = []
    var accumulator = StockAccumulator()
    for entry in entries {
      let line: StockLine
      do {
        line = try StockLine(
          name: entry.name, category: entry.category, unitPrice: entry.unitPrice,
          quantity: entry.quantity, taxPercent: entry.taxPercent, vin: entry.vin,
          stockNumber: entry.number, cost: entry.cost, received: entry.received)
      } catch {
        throw fail(entry.path + ".taxPercent", error.description)
      }
      // A VIN names one car, as an inventory file's line says (a hand edit may not multiply it).
      if line.vin != nil, line.quantity > 1 {
        throw fail(
          entry.path + ".quantity",
          "a line with a VIN is one car: expected 0 or 1, got \(line.quantity)")
      }
      do {
        try accumulator.add(line)
      } catch {
        throw fail(entry.path, "the stock's total value is too large (\(error))")
      }
      lines.append(line)
    }
    return lines
  }

  /// Large files kept as category totals; with the lines, every figure must fit.
  func stockSummaries(_ entries: [SessionStockSummary], lines: [StockLine])
    throws(SessionFileError) -> [StockSummary]
  {
    var accumulator = StockAccumulator()
    for line in lines { try? accumulator.add(line) }
    for entry in entries {
      do {
        try accumulator.add(entry.summary)
        _ = try accumulator.exactTotal.rounded()
      } catch {
        throw fail(entry.path, "the stock's total value is too large (\(error))")
      }
    }
    return entries.map(\.summary)
  }
}
