internal import CarFactory
internal import StockValuation
import Support

/// Results for people: detail blocks, aligned tables and sentences, money in the session's
/// currency convention or locale.
final class TextRenderer: Renderer {
  let out: OutputStream

  init(out: OutputStream) {
    self.out = out
  }

  func render(_ result: CommandResult, money: inout MoneySettings) {
    switch result {
    case .none: break
    case .help(let help): for line in Self.lines(of: help) { out.line(line) }
    case .models(let rows): models(rows, money: &money)
    case .build(let number, let configuration):
      writeBuild(
        number: number,
        bytes: detail(
          configuration.car, price: configuration.price, notes: configuration.notes,
          money: &money))
    case .featureBuild(let number, let build): featureBuild(number: number, build, money: &money)
    case .builds(let builds): self.builds(builds, money: &money)
    case .stock(let report): stock(report, money: &money)
    case .stockColumns(let reports): stockColumns(reports, money: &money)
    case .quote(let quote): self.quote(quote, money: &money)
    case .comparison(let comparison): self.comparison(comparison, money: &money)
    case .currency(let currency): out.line("Currency: \(currency.code) (\(currency.name))")
    case .rates(let rates): self.rates(rates)
    case .event(let event): out.line(sentence(event, money: &money).escapingControlCharacters)
    case .options(let result): options(result, money: &money)
    case .featureModels(let lines): featureModels(lines)
    case .count(let result): out.line(result.count.description)
    case .lint(let results): lint(results)
    }
  }

  func buildBytes(_ car: Car, price: Price, money: inout MoneySettings) -> [UInt8] {
    detail(car, price: price, notes: [:], money: &money)
  }

  /// A detail block after its `Build #N` line: the chapter's five lines, the equipment, the
  /// price; a value the engine forced carries its note (`Drive: 4WD (forced by …)`). Names
  /// come from catalogs: control characters in them are escaped.
  func detail(_ car: Car, price: Price, notes: [String: String], money: inout MoneySettings)
    -> [UInt8]
  {
    func noted(_ text: String, _ atom: String) -> String {
      let name = text.escapingControlCharacters
      return notes[atom].map { "\(name) (\($0.escapingControlCharacters))" } ?? name
    }
    var text = """
      Car type: \(car.carType.escapingControlCharacters)
      Seats: \(car.floorplan.seats)
      Engine: \(car.floorplan.enginePosition.displayName)
      Suspension: \(noted(car.suspension.name, "suspension=\(car.suspension.id)"))
      Drive: \(noted(car.drivetrain.name, "drive=\(car.drivetrain.id)"))

      """
    var groups: [String] = []
    var items: [String: [String]] = [:]
    for item in car.equipment {
      if items[item.group] == nil { groups.append(item.group) }
      let atom = "\(item.group)=\(item.choice)"
      let name = item.isIncluded && notes[atom] == nil ? "\(item.name) (in a package)" : item.name
      items[item.group, default: []].append(noted(name, atom))
    }
    for group in groups {
      text +=
        "\(group.prefix(1).uppercased() + group.dropFirst()): "
        + (items[group] ?? []).joined(separator: ", ") + "\n"
    }
    text += "Price: \(money.listed(price))\n"
    return Array(text.utf8)
  }

  var writesCachedBuilds: Bool { true }

  func writeBuild(number: Int, bytes: [UInt8]) {
    out.write(bytes: Self.buildPrefix)
    out.write(number: number)
    out.write(byte: 10)
    out.write(bytes: bytes)
  }

  /// `Build #` as bytes: a script may write millions of builds.
  private static let buildPrefix: [UInt8] = Array("Build #".utf8)

  private func models(_ rows: [ModelRow], money: inout MoneySettings) {
    var table = TextTable([
      ("MODEL", .left), ("CAR TYPE", .left), ("FLOORPLAN", .left), ("SEATS", .right),
      ("ENGINE", .left), ("SUSPENSION", .left), ("DRIVE", .left), ("BASE PRICE", .right),
      ("OPTIONS", .left),
    ])
    for row in rows {
      let (definition, car) = (row.definition, row.car)
      let options = definition.alternatives.map {
        "\($0.slot)=\($0.part) (+\(money.usd($0.surcharge)))"
      }
      table.append([
        definition.id.rawValue, definition.carType, car.floorplan.name,
        String(car.floorplan.seats), car.floorplan.enginePosition.displayName,
        car.suspension.name, car.drivetrain.name, money.listed(definition.basePrice),
        options.isEmpty ? "none" : options.joined(separator: ", "),
      ])
    }
    for line in table.render() { out.line(line) }
  }

  /// The builds table, streamed: each configuration's cells are made and measured once, and
  /// a row is its number right-aligned before its configuration's cells, so a listing of a
  /// million builds holds no row and costs the same per row.
  private func builds(_ listing: BuildListing, money: inout MoneySettings) {
    guard !listing.isEmpty else {
      out.line("No builds yet. Try 'build sports'.")
      return
    }
    // First the configurations listed and the largest number (numbers ascend), then each
    // configuration's cells once.
    var listed = [Bool](repeating: false, count: listing.entries.count)
    var largest = 0
    listing.visit { number, configuration in
      largest = number
      listed[configuration] = true
    }
    var cells: [[String]?] = Array(repeating: nil, count: listing.entries.count)
    var widths = ["#", "MODEL", "CAR", "PRICE"].map { DisplayWidth.of($0) }
    widths[0] = max(widths[0], Self.digits(largest))
    for configuration in listed.indices where listed[configuration] {
      guard let entry = listing.entries[configuration] else { continue }
      let row: [String]
      switch entry {
      case .car(let configuration):
        let car = configuration.car
        row = [car.model.rawValue, car.displayName, money.listed(configuration.price)]
      case .features(let build):
        row = [
          build.line.model.rawValue, "\(build.selected.count) features",
          build.price.map { money.listed($0) } ?? "",
        ]
      }
      let escaped = row.map(\.escapingControlCharacters)
      for (index, cell) in escaped.enumerated() {
        widths[index + 1] = max(widths[index + 1], DisplayWidth.of(cell))
      }
      cells[configuration] = escaped
    }
    func tail(_ row: [String]) -> String {
      var text = ""
      for (index, cell) in row.enumerated() {
        let padding = String(
          repeating: " ", count: max(0, widths[index + 1] - DisplayWidth.of(cell)))
        text += "  " + (index == 2 ? padding + cell : cell + padding)
      }
      while text.last == " " { text.removeLast() }
      return text
    }
    out.line(String(repeating: " ", count: widths[0] - 1) + "#" + tail(["MODEL", "CAR", "PRICE"]))
    var tails = RowStore(count: cells.count)
    for (configuration, row) in cells.enumerated() {
      if let row { tails.set(configuration, Array((tail(row) + "\n").utf8)) }
    }
    let width = widths[0]
    listing.visit { number, configuration in
      guard tails.contains(configuration) else { return }
      out.write(number: number, width: width)
      tails.write(configuration, to: out)
    }
  }

  /// The decimal digits of a build number (positive).
  private static func digits(_ number: Int) -> Int {
    var count = 1
    var rest = number
    while rest >= 10 {
      rest /= 10
      count += 1
    }
    return count
  }

  private func stock(_ report: StockReport, money: inout MoneySettings) {
    out.line("Stock in \(report.total.currency.code). \(Self.rateLine(report)).")
    if !report.categories.isEmpty {
      let table = TextTable([
        ("CATEGORY", .left), ("PRODUCT", .left), ("QTY", .right), ("UNIT PRICE", .right),
        ("TAX", .right), ("VALUE", .right),
      ])
      // Streamed: a report of a million categories is never held as rows.
      table.stream(to: out) { row in
        for category in report.categories {
          for node in category.children {
            guard let line = node.line else {
              row([
                category.name, "(lines of \(node.name))", money.count(node.itemCount), "", "",
                money.format(node.value),
              ])
              continue
            }
            row([
              category.name, line.name, money.count(line.quantity), money.format(line.unitPrice),
              line.taxPercent.map { "\($0)%" } ?? "", money.format(node.value),
            ])
          }
          row([
            category.name, "Subtotal", money.count(category.itemCount), "", "",
            money.format(category.value),
          ])
        }
      }
    }
    if report.total.currency != .usd {
      out.line("Value in USD: \(money.format(report.baseTotal))")
    }
    out.line(money.headline(of: report))
  }

  /// The rate sentence of a report: `Rate: 1 USD = 0.60338 GBP (command line)`.
  static func rateLine(_ report: StockReport) -> String {
    if report.rate.legs.isEmpty { return "Rate: none (values in USD, the list-price currency)" }
    return "Rate: \(report.rate.description), rounding \(report.rounding.rawValue)"
  }

  private func rates(_ rates: [ExchangeRate]) {
    var text = TextTable([
      ("PAIR", .left), ("RATE", .right), ("DATE", .left), ("SOURCE", .left),
    ])
    for rate in rates {
      text.append([
        "\(rate.base.code)/\(rate.quote.code)", rate.value.description,
        rate.date?.description ?? "", rate.source,
      ])
    }
    out.line("1 BASE = RATE QUOTE. Cross rates go through EUR; overrides apply one way only.")
    for line in text.render() { out.line(line) }
  }

  private func sentence(_ event: SessionEvent, money: inout MoneySettings) -> String {
    switch event {
    case .removed(let build):
      return "Removed build #\(build)."
    case .stockAdded(_, let name, _, let quantity, let inStock):
      // Appended into one reserved string: a script may add to stock every other line.
      var text = "Added "
      text.reserveCapacity(name.utf8.count + 64)
      text += money.count(quantity)
      text += " × "
      text += name
      text += " to stock ("
      text += money.count(inStock)
      text += " in stock)."
      return text
    case .stockLoaded(let file, let lines, let items, let summarized, let merged, let replaced):
      let kept = summarized ? "; kept as category totals" : ""
      let joined = merged > 0 ? "; \(merged) merged with equal lines" : ""
      let emptied = replaced.map { "; replaced \($0) \($0 == 1 ? "line" : "lines")" } ?? ""
      return
        "Loaded \(money.count(Int64(lines))) \(lines == 1 ? "line" : "lines") "
        + "(\(money.count(items)) items) from \(file)"
        + "\(kept)\(joined)\(emptied)."
    case .stockRemoved(let name, _, let quantity, let left):
      return "Removed \(money.count(quantity)) × \(name) from stock (\(money.count(left)) left)."
    case .stockCleared(let count):
      return
        "Stock cleared (\(money.count(Int64(count))) \(count == 1 ? "line" : "lines") removed)."
    case .currencySet(let currency):
      return "Currency set to \(currency.code) (\(currency.name))."
    case .rateSet(let rate):
      return "Rate set: \(rate.description)."
    case .ratesReset(let removed, let inForce):
      guard !removed.isEmpty else { return "No rates were set; the table's rates are in force." }
      let now = inForce.map(\.description).joined(separator: "; ")
      return "Rate\(removed.count == 1 ? "" : "s") reset: "
        + removed.map { "\($0.base.code)/\($0.quote.code)" }.joined(separator: ", ")
        + (now.isEmpty ? "." : " (now \(now)).")
    case .saved(let file, let state):
      return "Saved session to \(file) (\(Self.counts(state)))."
    case .loaded(let file, let state):
      return "Loaded session from \(file) (\(Self.counts(state)), currency \(state.currency.code))."
    case .catalogLoaded(let file, let models):
      let names = models.map(\.rawValue).joined(separator: ", ")
      return
        "Loaded \(models.count) \(models.count == 1 ? "model" : "models") from \(file): \(names)."
    }
  }

  /// `2 builds, 5 stock lines`.
  private static func counts(_ state: SessionState) -> String {
    let builds = state.builds.count
    let lines = state.stock.count
    return "\(builds) \(builds == 1 ? "build" : "builds"), "
      + "\(lines) stock \(lines == 1 ? "line" : "lines")"
  }
}
