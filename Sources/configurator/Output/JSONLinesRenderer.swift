internal import CarFactory
internal import Dealership
internal import StockValuation

/// Results for programs: one JSON object per result on its own line (JSON Lines), money as
/// exact decimal strings plus integer minor units.
final class JSONLinesRenderer: Renderer {
  let out: OutputStream
  private let err: OutputStream

  init(out: OutputStream, err: OutputStream) {
    self.out = out
    self.err = err
  }

  static let buildPrefix = #"{"type":"build","build":"#

  func render(_ result: CommandResult, money: MoneySettings) {
    switch result {
    case .help(let help): out.line(object(help).rendered)
    case .models(let listing):
      out.line(models(listing.cars).rendered)
      if !listing.productLines.isEmpty { out.line(productLines(listing.productLines).rendered) }
    case .build(let view):
      block(of: view, money: money).withUnsafeBufferPointer {
        writeBuild(number: view.number, block: $0)
      }
    case .builds(let listing):
      // Streamed: each configuration's object after its number is made once.
      var tails = RowStore(count: listing.views.count)
      out.write(#"{"type":"builds","builds":["#)
      var first = true
      listing.visit { number, configuration in
        if !tails.contains(configuration), let view = listing.views[configuration] {
          tails.set(configuration, block(of: view, money: money).dropLast())
        }
        guard tails.contains(configuration) else { return }
        if !first { out.write(byte: UInt8(ascii: ",")) }
        first = false
        out.write(Self.buildPrefix)
        out.write(number: number)
        tails.write(configuration, to: out)
      }
      out.write("]")
      // Builds the models in force can no longer make are named, not left out unsaid.
      if listing.unlisted > 0 {
        out.write(#","unmakeable":["#)
        out.write(listing.unlistedNumbers.map(String.init).joined(separator: ","))
        out.write("]")
      }
      out.write("}")
      out.write(byte: 10)
    case .stock(let report): stock(report, on: money.reportDay)
    case .quote(let quote): out.line(self.quote(quote).rendered)
    case .quotes(let quotes): out.line(self.quotes(quotes).rendered)
    case .order(let entry): out.line(order(entry).rendered)
    case .orders(let entries): out.line(orders(entries).rendered)
    case .comparison(let comparison): out.line(self.comparison(comparison).rendered)
    case .stockColumns(let reports):
      // One result, one line: the report in each currency, in the order asked.
      out.write(#"{"type":"stockColumns","reports":["#)
      for (index, report) in reports.enumerated() {
        if index > 0 { out.write(byte: UInt8(ascii: ",")) }
        stock(report, on: money.reportDay, endingLine: false)
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
    case .stockLine(let view): stockLine(view, money: money)
    case .sales(let report): out.line(sales(report, on: money.reportDay).rendered)
    case .stockAging(let aging): out.line(stockAging(aging).rendered)
    case .options(let result): out.line(options(result).rendered)
    case .warning(let warning): err.line(object(warning).rendered)
    case .car(let view): out.line(car(view, money: money).rendered)
    case .carChange(let change): out.line(carChange(change).rendered)
    case .carOptions(let options):
      var object = self.options(options.options, pricesWith: options.pricesWith)
      object.add("price", Self.usd(options.price))
      out.line(object.rendered)
    case .why(let answer): out.line(why(answer).rendered)
    case .rules(let line): out.line(rules(line).rendered)
    case .tree(let result): out.line(tree(result).rendered)
    case .count(let result): out.line(count(result).rendered)
    case .valueCounts(let result): out.line(valueCounts(result).rendered)
    case .samples(let result): samples(result)
    case .fleet(let result): fleet(result)
    case .lint(let results): for result in results { out.line(lint(result).rendered) }
    case .catalogDiff(let result):
      for object in catalogDiff(result) { out.line(object.rendered) }
    case .revalidation(let result):
      for object in revalidation(result, money: money) { out.line(object.rendered) }
    }
  }

  /// The build object after its number: `,"model":…,"price":{…}}` and a newline.
  func block(of build: BuildView, money: MoneySettings) -> [UInt8] {
    let object = build.car.map { detail($0, build) } ?? features(build)
    return Array(("," + object.rendered.dropFirst() + "\n").utf8)
  }

  /// A car build's fields after its number; equipment and notes only when there are some, so
  /// a plain car build reads as it always has.
  func detail(_ car: Car, _ build: BuildView) -> JSONObject {
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
    let notes = build.notes.reasons
    if !notes.isEmpty {
      var noted = JSONObject()
      for atom in notes.keys.sorted() {
        if let note = notes[atom] { noted.add(atom, Self.object(note, line: build.line)) }
      }
      object.add("notes", noted)
    }
    object.add("price", Self.usd(build.price))
    Self.add(build.totals, to: &object)
    return object
  }

  /// A note as data: its kind, the choices and the rules (id, expression, message) behind it.
  static func object(_ note: BuildNote, line: ProductLine) -> JSONObject {
    var object = JSONObject()
    switch note {
    case .forced(let choices, let rules):
      object.add("kind", "forced")
      object.add("choices", strings: choices)
      object.add("rules", rules.map { rule($0, line: line) })
    case .replacesDefault(let atom, let choices, let rules):
      object.add("kind", "insteadOf")
      object.add("default", atom)
      object.add("choices", strings: choices)
      object.add("rules", rules.map { rule($0, line: line) })
    case .text(let words):
      object.add("kind", "text")
      object.add("text", words)
    }
    return object
  }

  /// A rule as data: `{"id":…,"expression":…,"message":…}` (the message `null` when it has
  /// none).
  static func rule(_ id: String, line: ProductLine) -> JSONObject {
    // The line's index by id: the first rule with the id, as a scan in order would find.
    let rule = line.rule(id: id)
    var object = JSONObject()
    object.add("id", id)
    object.add("expression", rule?.text)
    object.add("message", rule?.message)
    return object
  }

  func writeBuild(number: Int, block: UnsafeBufferPointer<UInt8>) {
    out.write(Self.buildPrefix)
    out.write(number: number)
    out.write(bytes: block)
  }

  func failure(_ error: any Error, at place: FailurePlace) {
    ErrorReport.writeJSON(error, at: place, out: out, err: err)
  }

  func echo(_ command: UnsafeBufferPointer<UInt8>, number: Int, file: String?) {
    // Nothing but JSON Lines on stdout (SPEC §9): the command as an object.
    var object = JSONObject()
    object.add("type", "echo")
    if let file { object.add("file", file) }
    object.add("line", number)
    object.add("command", String(decoding: command, as: UTF8.self))
    out.line(object.rendered)
  }

  /// A warning as an object on the error stream (nothing but JSON under `--format json`).
  private func object(_ warning: Warning) -> JSONObject {
    var object = JSONObject()
    object.add("type", "warning")
    object.add("file", warning.file)
    object.add("message", TextRenderer.text(of: warning))
    return object
  }

  private func models(_ rows: [ModelListing.Car]) -> JSONObject {
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
  private func stock(_ report: StockReport, on day: CalendarDate?, endingLine: Bool = true) {
    var result = JSONObject()
    result.add("type", "stock")
    result.add("currency", report.total.currency.code)
    result.add("rate", Self.rate(report.rate, on: day))
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
        item.add("stockNumber", line.stockNumber.map(StockNumber.text))
        item.add("name", line.name)
        item.add("vin", line.vin)
        item.add("quantity", line.quantity)
        item.add("unitPrice", Self.money(line.unitPrice))
        item.add("taxPercent", line.taxPercent?.description)
        if let cost = line.cost {
          item.add("cost", Self.money(cost))
        } else {
          item.add("cost", nil as String?)
        }
        item.add("received", line.received?.description)
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
    case .stockAdded(let build, let number, let name, let category, let quantity, let inStock):
      result.add("type", "stockAdded")
      result.add("build", build)
      result.add("stockNumber", StockNumber.text(number))
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
    case .stockRemoved(let number, let name, let category, let quantity, let left):
      result.add("type", "stockRemoved")
      result.add("stockNumber", StockNumber.text(number))
      result.add("name", name)
      result.add("category", category)
      result.add("quantity", quantity)
      result.add("left", left)
    case .stockSold(let sale, let left):
      result = Self.saleObject(sale, type: "sale")
      result.add("left", left)
    case .saleVoided(let void, let inStock):
      result = Self.saleObject(void, type: "saleVoided")
      result.add("inStock", inStock)
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
    case .saved(let file, let summary), .loaded(let file, let summary):
      if case .saved = event { result.add("type", "saved") } else { result.add("type", "loaded") }
      result.add("file", file)
      result.add("builds", summary.builds)
      result.add("nextBuild", summary.nextBuild)
      result.add("stockLines", summary.stockLines)
      result.add("currency", summary.currency.code)
    case .exported(let file, let transactions, let uncosted):
      result.add("type", "exported")
      result.add("file", file)
      result.add("format", "hledger")
      result.add("transactions", transactions)
      result.add("uncosted", strings: uncosted.map(StockNumber.text))
    case .carDiscarded(let model):
      result.add("type", "carDiscarded")
      result.add("model", model.rawValue)
    case .floorPlan(let plan, let changed):
      result.add("type", changed ? "floorPlanSet" : "floorPlan")
      result.add(
        "rates",
        rawValues: plan.rates.map { rate in
          var entry = JSONObject()
          entry.add("from", rate.from.description)
          entry.add("apr", rate.percent.description)
          return entry.rendered
        })
    case .dealer(let profile, let changed):
      result.add("type", changed ? "dealerSet" : "dealer")
      result.add("name", profile?.name)
      if let profile { Self.addDetails(of: profile, to: &result) }
    case .catalogLoaded(let file, let models):
      result.add("type", "catalogLoaded")
      result.add("file", file)
      result.add("models", strings: models.map(\.rawValue))
    case .optimised(let build, let goal, let attribute, let total, let scale, _):
      result.add("type", "optimised")
      result.add("build", build)
      result.add("goal", goal.rawValue)
      result.add("attribute", attribute)
      if attribute == "price" {
        result.add("total", Self.usd(Price(cents: total)))
      } else {
        result.add("total", AttributeTotal.text(total, scale: scale, unit: "", forPeople: false))
      }
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

  /// The rate a report used, with its dates and sources, and `ageDays` when its oldest date
  /// is more than ``AppliedRate/freshDays`` before the report's `day` (SPEC §15).
  static func rate(_ rate: AppliedRate, on day: CalendarDate? = nil) -> JSONObject {
    var object = JSONObject()
    object.add("from", rate.from.code)
    object.add("to", rate.to.code)
    object.add("value", rate.value.description)
    object.add("exact", rate.isExact)
    object.add("via", rate.via?.code)
    object.add("dates", strings: rate.dates.map(\.description))
    object.add("sources", strings: rate.sources)
    object.add("text", rate.description)
    if let day, let (_, days) = rate.age(on: day) { object.add("ageDays", days) }
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
