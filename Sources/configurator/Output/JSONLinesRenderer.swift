internal import CarFactory
internal import StockValuation

/// Results for programs: one JSON object per result on its own line (JSON Lines), money as
/// exact decimal strings plus integer minor units.
final class JSONLinesRenderer: Renderer {
  private let out: OutputStream

  init(out: OutputStream) {
    self.out = out
  }

  static let buildPrefix = #"{"type":"build","build":"#

  func render(_ result: CommandResult, money: inout MoneySettings) {
    switch result {
    case .none: break
    case .help(let help): out.line(object(help).rendered)
    case .models(let rows): out.line(models(rows).rendered)
    case .build(let number, let configuration):
      writeBuild(
        number: number,
        bytes: detail(configuration.car, price: configuration.price, notes: configuration.notes))
    case .featureBuild(let number, let build):
      out.line(featureBuild(number: number, build).rendered)
    case .builds(let listing):
      // Streamed: each car configuration's object after its number is made once.
      var tails = RowStore(count: listing.entries.count)
      out.write(#"{"type":"builds","builds":["#)
      var first = true
      listing.visit { number, configuration in
        if !first { out.write(byte: UInt8(ascii: ",")) }
        first = false
        if tails.contains(configuration) {
          out.write(Self.buildPrefix)
          out.write(number: number)
          tails.write(configuration, to: out)
          return
        }
        switch listing.entries[configuration] {
        case .car(let car)?:
          tails.set(configuration, buildBytes(car.car, price: car.price, money: &money).dropLast())
          out.write(Self.buildPrefix)
          out.write(number: number)
          tails.write(configuration, to: out)
        case .features(let build)?:
          out.write(featureBuild(number: number, build).rendered)
        case nil:
          break
        }
      }
      out.write("]}")
      out.write(byte: 10)
    case .stock(let report): stock(report)
    case .quote(let quote): out.line(self.quote(quote).rendered)
    case .comparison(let comparison): out.line(self.comparison(comparison).rendered)
    case .stockColumns(let reports):
      // One result, one line: the report in each currency, in the order asked.
      out.write(#"{"type":"stockColumns","reports":["#)
      for (index, report) in reports.enumerated() {
        if index > 0 { out.write(byte: UInt8(ascii: ",")) }
        stock(report, endingLine: false)
      }
      out.write("]}")
      out.write(byte: 10)
    case .currency(let currency):
      var result = JSONObject()
      result.add("type", "currency")
      result.add("currency", currency.code)
      result.add("name", currency.name)
      out.line(result.rendered)
    case .rates(let rates):
      var result = JSONObject()
      result.add("type", "rates")
      result.add(
        "rates",
        rates.map { rate in
          var object = JSONObject()
          object.add("base", rate.base.code)
          object.add("quote", rate.quote.code)
          object.add("value", rate.value.description)
          object.add("date", rate.date?.description)
          object.add("source", rate.source)
          return object
        })
      out.line(result.rendered)
    case .event(let event): out.line(object(event).rendered)
    case .options(let result): out.line(options(result).rendered)
    case .featureModels(let lines): out.line(featureModels(lines).rendered)
    case .count(let result): out.line(count(result).rendered)
    case .lint(let results): for result in results { out.line(lint(result).rendered) }
    }
  }

  /// The build object after its number: `,"model":…,"price":{…}}` and a newline.
  func buildBytes(_ car: Car, price: Price, money: inout MoneySettings) -> [UInt8] {
    detail(car, price: price, notes: [:])
  }

  /// A build's fields after its number; equipment and notes only when there are some, so a
  /// plain car build reads as it always has.
  func detail(_ car: Car, price: Price, notes: [String: String]) -> [UInt8] {
    var object = JSONObject()
    object.add("model", car.model.rawValue)
    object.add("carType", car.carType)
    object.add("name", car.displayName)
    object.add("seats", car.floorplan.seats)
    object.add("engine", car.floorplan.enginePosition.displayName)
    object.add("suspension", car.suspension.name)
    object.add("drive", car.drivetrain.name)
    var options = JSONObject()
    for slot in PartSlot.allCases {
      if let part = car.options[slot] { options.add(slot.rawValue, part.rawValue) }
    }
    object.add("options", options)
    if !car.equipment.isEmpty {
      object.add(
        "equipment",
        car.equipment.map { item in
          var entry = JSONObject()
          entry.add("group", item.group)
          entry.add("choice", item.choice)
          entry.add("name", item.name)
          entry.add("included", item.isIncluded)
          return entry
        })
    }
    if !notes.isEmpty {
      var noted = JSONObject()
      for atom in notes.keys.sorted() { noted.add(atom, notes[atom]) }
      object.add("notes", noted)
    }
    object.add("price", Self.usd(price))
    return Array(("," + object.rendered.dropFirst() + "\n").utf8)
  }

  var writesCachedBuilds: Bool { true }

  func writeBuild(number: Int, bytes: [UInt8]) {
    out.write(Self.buildPrefix)
    out.write(number: number)
    out.write(bytes: bytes)
  }

  private func models(_ rows: [ModelRow]) -> JSONObject {
    var result = JSONObject()
    result.add("type", "models")
    result.add(
      "models",
      rows.map { row in
        let (definition, car) = (row.definition, row.car)
        var object = JSONObject()
        object.add("model", definition.id.rawValue)
        object.add("carType", definition.carType)
        object.add("floorplan", car.floorplan.id.rawValue)
        object.add("seats", car.floorplan.seats)
        object.add("engine", car.floorplan.enginePosition.displayName)
        object.add("suspension", car.suspension.id.rawValue)
        object.add("drive", car.drivetrain.id.rawValue)
        object.add("basePrice", Self.usd(definition.basePrice))
        object.add(
          "options",
          definition.alternatives.map { alternative in
            var option = JSONObject()
            option.add("slot", alternative.slot.rawValue)
            option.add("value", alternative.part.rawValue)
            option.add("surcharge", Self.usd(alternative.surcharge))
            return option
          })
        return object
      })
    return result
  }

  /// Writes a stock report as one line, a category at a time: a report of a million
  /// categories is never held as one string.
  private func stock(_ report: StockReport, endingLine: Bool = true) {
    var result = JSONObject()
    result.add("type", "stock")
    result.add("currency", report.total.currency.code)
    result.add("rate", Self.rate(report.rate))
    result.add("rounding", report.rounding.rawValue)
    result.add("itemCount", report.itemCount)
    result.add("total", Self.money(report.total))
    result.add("totalUSD", Self.money(report.baseTotal))
    result.add("exactTotalUSD", report.exactBaseTotal.decimalString)
    out.write(result.text)
    out.write(#","categories":["#)
    for (index, category) in report.categories.enumerated() {
      if index > 0 { out.write(byte: UInt8(ascii: ",")) }
      out.write(categoryObject(category).rendered)
    }
    out.write("]}")
    if endingLine { out.write(byte: 10) }
  }

  private func categoryObject(_ category: StockNode) -> JSONObject {
    var object = JSONObject()
    object.add("category", category.name)
    object.add("itemCount", category.itemCount)
    object.add("value", Self.money(category.value))
    object.add("valueUSD", Self.money(category.baseValue))
    object.add(
      "lines",
      category.children.compactMap { node in
        guard let line = node.line else { return nil }
        var item = JSONObject()
        item.add("name", line.name)
        item.add("quantity", line.quantity)
        item.add("unitPrice", Self.money(line.unitPrice))
        item.add("taxPercent", line.taxPercent?.description)
        item.add("value", Self.money(node.value))
        item.add("valueUSD", Self.money(node.baseValue))
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
          item.add("value", Self.money(node.value))
          item.add("valueUSD", Self.money(node.baseValue))
          return item
        })
    }
    return object
  }

  private func object(_ event: SessionEvent) -> JSONObject {
    var result = JSONObject()
    switch event {
    case .removed(let build):
      result.add("type", "removed")
      result.add("build", build)
    case .stockAdded(let build, let name, let category, let quantity, let inStock):
      result.add("type", "stockAdded")
      result.add("build", build)
      result.add("name", name)
      result.add("category", category)
      result.add("quantity", quantity)
      result.add("inStock", inStock)
    case .stockLoaded(let file, let lines, let items, let summarized, let merged, let replaced):
      result.add("type", "stockLoaded")
      result.add("file", file)
      result.add("lines", lines)
      result.add("items", items)
      result.add("summarized", summarized)
      result.add("merged", merged)
      if let replaced { result.add("linesReplaced", replaced) }
    case .stockRemoved(let name, let category, let quantity, let left):
      result.add("type", "stockRemoved")
      result.add("name", name)
      result.add("category", category)
      result.add("quantity", quantity)
      result.add("left", left)
    case .stockCleared(let count):
      result.add("type", "stockCleared")
      result.add("linesRemoved", count)
    case .ratesReset(let removed, let inForce):
      result.add("type", "ratesReset")
      result.add("removed", removed.map { Self.rateObject($0) })
      result.add("inForce", inForce.map { Self.rateObject($0) })
    case .currencySet(let currency):
      result.add("type", "currencySet")
      result.add("currency", currency.code)
    case .rateSet(let rate):
      result.add("type", "rateSet")
      result.add("base", rate.base.code)
      result.add("quote", rate.quote.code)
      result.add("value", rate.value.description)
      result.add("source", rate.source)
    case .saved(let file, let state), .loaded(let file, let state):
      if case .saved = event { result.add("type", "saved") } else { result.add("type", "loaded") }
      result.add("file", file)
      result.add("builds", state.builds.count)
      result.add("nextBuild", state.builds.nextNumber)
      result.add("stockLines", state.stock.count)
      result.add("currency", state.currency.code)
    case .catalogLoaded(let file, let models):
      result.add("type", "catalogLoaded")
      result.add("file", file)
      result.add("models", strings: models.map(\.rawValue))
    }
    return result
  }

  /// A USD list price: exact decimal string plus integer minor units.
  static func usd(_ price: Price) -> JSONObject {
    money(Money(minorUnits: price.cents, currency: .usd))
  }

  /// An amount: currency, exact decimal string, integer minor units; never a float.
  static func money(_ amount: Money) -> JSONObject {
    var object = JSONObject()
    object.add("currency", amount.currency.code)
    object.add("amount", amount.decimalString)
    object.add("minorUnits", amount.minorUnits)
    return object
  }

  /// The rate a report used, with its dates and sources.
  static func rate(_ rate: AppliedRate) -> JSONObject {
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

  /// A rate as JSON: base, quote, exact value, date, source.
  static func rateObject(_ rate: ExchangeRate) -> JSONObject {
    var object = JSONObject()
    object.add("base", rate.base.code)
    object.add("quote", rate.quote.code)
    object.add("value", rate.value.description)
    object.add("date", rate.date?.description)
    object.add("source", rate.source)
    return object
  }
}
