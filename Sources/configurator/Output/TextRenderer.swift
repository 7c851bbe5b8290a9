internal import CarFactory
internal import Dealership
internal import StockValuation
import Support

/// Results for people: detail blocks, aligned tables and sentences, money in the session's
/// currency convention or locale.
final class TextRenderer: Renderer {
  let out: OutputStream
  let err: OutputStream
  /// How wide lines may be: tables are fitted to it, help to it and 80 columns.
  let layout: TextLayout

  init(out: OutputStream, err: OutputStream, layout: TextLayout = TextLayout()) {
    self.out = out
    self.err = err
    self.layout = layout
  }

  /// The columns a line may take; `nil` for no limit.
  var width: Int? { layout.width }

  func render(_ result: CommandResult, money: MoneySettings) {
    switch result {
    case .help(let help):
      for line in Self.lines(of: help, width: layout.helpWidth) { out.line(line) }
    case .models(let listing): models(listing, money: money)
    case .build(let view):
      block(of: view, money: money).withUnsafeBufferPointer {
        writeBuild(number: view.number, block: $0)
      }
    case .builds(let builds): self.builds(builds, money: money)
    case .quotes(let quotes): self.quotes(quotes, money: money)
    case .order(let entry): order(entry, money: money)
    case .orders(let entries): orders(entries, money: money)
    case .stock(let report): stock(report, money: money)
    case .stockColumns(let reports): stockColumns(reports, money: money)
    case .quote(let quote): self.quote(quote, money: money)
    case .comparison(let comparison): self.comparison(comparison, money: money)
    case .currency(let currency): out.line("Currency: \(currency.code) (\(currency.name))")
    case .rates(let rates): self.rates(rates)
    case .event(.stockAdded(_, let number, let name, _, let quantity, let inStock)):
      // Written piece by piece: a script may add to stock every other line.
      Self.stockAdded(
        name: name, number: number, quantity: quantity, inStock: inStock, money: money
      ) {
        out.write($0)
      }
      out.write(byte: 10)
    case .event(.stockSold(let sale, let left)): sold(sale, left: left, money: money)
    case .event(.saleVoided(let void, let inStock)): voided(void, inStock: inStock, money: money)
    case .stockLine(let view): stockLine(view, money: money)
    case .sales(let report): sales(report, money: money)
    case .stockAging(let aging): stockAging(aging, money: money)
    case .event(let event): out.line(sentence(event, money: money).escapingControlCharacters)
    case .options(let result): options(result, money: money)
    case .count(let result): out.line(result.count.description)
    case .valueCounts(let result): valueCounts(result, money: money)
    case .samples(let result): samples(result, money: money)
    case .fleet(let result): fleet(result, money: money)
    case .lint(let results): lint(results)
    case .catalogDiff(let result): catalogDiff(result)
    case .revalidation(let result): revalidation(result, money: money)
    case .warning(let warning):
      err.line("configurator: \(warning.file): " + Self.text(of: warning))
    case .car(let view): car(view, money: money)
    case .carChange(let change): carChange(change, money: money)
    case .carOptions(let options):
      self.options(options.options, money: money, car: (options.price, options.pricesWith))
    case .why(let answer): why(answer)
    case .rules(let line): rules(line)
    case .tree(let result): tree(result)
    }
  }

  /// A build's detail block after its `Build #N` line: a car's five chapter lines, its
  /// equipment and price, or a product line's model and features (SPEC §4, §8).
  func block(of build: BuildView, money: MoneySettings) -> [UInt8] {
    guard let car = build.car else { return featureBlock(build, money: money) }
    return detail(car, build, money: money)
  }

  /// A car's block: the chapter's five lines, the equipment, the price; a value the engine
  /// forced carries its note (`Drive: 4WD (forced by …)`). Names come from catalogs: control
  /// characters in them are escaped.
  private func detail(_ car: Car, _ build: BuildView, money: MoneySettings) -> [UInt8] {
    let notes = build.notes.reasons
    func noted(_ text: String, _ atom: String) -> String {
      let name = text.escapingControlCharacters
      guard let note = notes[atom] else { return name }
      return "\(name) (\(Self.text(of: note, line: build.line).escapingControlCharacters))"
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
    text += "Price: \(money.listed(build.price))\n"
    text += Self.lines(of: build.totals)
    return Array(text.utf8)
  }

  /// A note in words: `forced by tow-needs-4wd`, `instead of 16-inch Steel, excluded by
  /// 4wd-no-16in`.
  static func text(of note: BuildNote, line: ProductLine) -> String {
    switch note {
    case .forced:
      return "forced by \(note.causes.joined(separator: ", "))"
    case .replacesDefault(let atom, _, _):
      let name = line.valueIndex(forAtom: atom).map { line.values[$0].name } ?? atom
      let causes = note.causes
      return "instead of \(name)"
        + (causes.isEmpty ? "" : ", excluded by \(causes.joined(separator: ", "))")
    case .text(let words):
      return words
    }
  }

  /// A warning in words, after `configurator: FILE: `.
  static func text(of warning: Warning) -> String {
    switch warning {
    case .ignoredColumns(_, let names, let more):
      let quoted = names.map { "'\($0.escapingControlCharacters.capped(at: 60))'" }
      return "ignoring column\(names.count + more == 1 ? "" : "s") "
        + quoted.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
    case .catalogChanged(_, let store, let records):
      let made =
        records == 1 ? "1 record was" : "\(records) records were"
      return "changed since store '\(store.escapingControlCharacters.capped(at: 60))' recorded "
        + "it; \(made) made under another version ('revalidate' checks them)"
    }
  }

  func writeBuild(number: Int, block: UnsafeBufferPointer<UInt8>) {
    out.writeBuild(number: number, block: block)
  }

  func failure(_ error: any Error, at place: FailurePlace) {
    ErrorReport.writeWords(error, at: place, out: out, err: err)
  }

  func echo(_ command: UnsafeBufferPointer<UInt8>, number: Int, file: String?) {
    out.write(bytes: Self.echoPrefix)
    out.write(bytes: command)
    out.write(byte: 10)
  }

  private static let echoPrefix: [UInt8] = Array("> ".utf8)

  private func models(_ listing: ModelListing, money: MoneySettings) {
    var table = TextTable([
      ("MODEL", .left), ("CAR TYPE", .left), ("FLOORPLAN", .left), ("SEATS", .right),
      ("ENGINE", .left), ("SUSPENSION", .left), ("DRIVE", .left), ("BASE PRICE", .right),
      ("OPTIONS", .left),
    ])
    for row in listing.cars {
      let (definition, car) = (row.definition, row.car)
      let options = definition.alternatives.map {
        "\($0.slot)=\($0.part) (+\(money.shown($0.surcharge)))"
      }
      table.append([
        definition.id.rawValue, definition.carType, car.floorplan.name,
        String(car.floorplan.seats), car.floorplan.enginePosition.displayName,
        car.suspension.name, car.drivetrain.name, money.shown(definition.basePrice),
        options.isEmpty ? "none" : options.joined(separator: ", "),
      ])
    }
    table.write(to: out, width: width)
    if !listing.productLines.isEmpty { productLines(listing.productLines) }
  }

  /// What a listing of builds says of those the models in force can no longer make (at
  /// most ten numbers), or `nil` when there are none: `2 builds (#3, #7) can no longer be
  /// made under the models in force ('revalidate' says why)`.
  static func unmakeable(_ listing: BuildListing) -> String? {
    let unlisted = listing.unlisted
    guard unlisted > 0 else { return nil }
    let numbers = listing.unlistedNumbers.prefix(10).map { "#\($0)" }
    return "\(unlisted) \(unlisted == 1 ? "build" : "builds") ("
      + numbers.joined(separator: ", ") + (unlisted > 10 ? ", …" : "")
      + ") can no longer be made under the models in force ('revalidate' says why)"
  }

  /// The builds table, streamed: each configuration's cells are made and measured once, and
  /// a row is its number right-aligned before its configuration's cells, so a listing of a
  /// million builds holds no row and costs the same per row.
  private func builds(_ listing: BuildListing, money: MoneySettings) {
    // Builds of another version of their model are not listed; the listing says how many.
    defer {
      if let note = Self.unmakeable(listing) { out.line(note + ".") }
    }
    guard !listing.isEmpty else {
      if listing.unlisted == 0 { out.line("No builds yet. Try 'build sports'.") }
      return
    }
    // First the configurations listed and the largest number (numbers ascend), then each
    // configuration's cells once.
    var listed = [Bool](repeating: false, count: listing.views.count)
    var largest = 0
    listing.visit { number, configuration in
      largest = number
      listed[configuration] = true
    }
    var cells: [[String]?] = Array(repeating: nil, count: listing.views.count)
    var widths = ["#", "MODEL", "CAR", "PRICE"].map { DisplayWidth.of($0) }
    widths[0] = max(widths[0], Self.digits(largest))
    for configuration in listed.indices where listed[configuration] {
      guard let view = listing.views[configuration] else { continue }
      let row =
        view.car == nil
        ? [
          view.line.model.rawValue, "\(view.selected.count) features",
          view.line.pricesBuilds ? money.shown(view.price) : "",
        ]
        : [view.line.model.rawValue, view.car?.displayName ?? "", money.shown(view.price)]
      let escaped = row.map(\.escapingControlCharacters)
      for (index, cell) in escaped.enumerated() {
        widths[index + 1] = max(widths[index + 1], DisplayWidth.of(cell))
      }
      cells[configuration] = escaped
    }
    if let width, widths.reduce(0, +) + 2 * (widths.count - 1) > width {
      // Wider than the terminal: the same rows through a table fitted to it.
      let table = TextTable([("#", .right), ("MODEL", .left), ("CAR", .left), ("PRICE", .right)])
      table.stream(to: out, width: width) { row in
        listing.visit { number, configuration in
          if let cells = cells[configuration] { row([String(number)] + cells) }
        }
      }
      return
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
    // Constants for the closure, called once a build across the module boundary: a captured
    // `var` or `self.out` costs a retain and a release a row.
    let rows = tails
    let out = self.out
    listing.visit { number, configuration in
      guard rows.contains(configuration) else { return }
      out.write(number: number, width: width)
      rows.write(configuration, to: out)
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

  private func stock(_ report: StockReport, money: MoneySettings) {
    out.line(
      "Stock in \(report.total.currency.code). \(Self.rateLine(report, on: money.reportDay)).")
    if !report.categories.isEmpty {
      let vin = report.hasVIN
      let table = TextTable(
        [("NO.", .left), ("CATEGORY", .left), ("PRODUCT", .left)]
          + (vin ? [("VIN", .left)] : [])
          + [("QTY", .right), ("UNIT PRICE", .right), ("TAX", .right), ("VALUE", .right)])
      // Streamed: a report of a million categories is never held as rows.
      table.stream(to: out, width: width) { row in
        for category in report.categories {
          for node in category.children {
            guard let line = node.line else {
              row(
                ["", category.name, "(lines of \(node.name))"] + (vin ? [""] : [])
                  + [money.count(node.itemCount), "", "", money.format(node.value)])
              continue
            }
            row(
              [Self.number(line), category.name, line.name] + (vin ? [line.vin ?? ""] : [])
                + [
                  money.count(line.quantity),
                  money.shown(line.unitPrice, in: report.total.currency),
                  line.taxPercent.map { "\($0)%" } ?? "", money.format(node.value),
                ])
          }
          row(
            ["", category.name, "Subtotal"] + (vin ? [""] : [])
              + [money.count(category.itemCount), "", "", money.format(category.value)])
        }
      }
    }
    // One currency on screen (SPEC §14): the USD value only when asked (`--list-prices`).
    if report.total.currency != .usd, money.showsListPrices {
      out.line("Value in USD: \(money.format(report.baseTotal))")
    }
    out.line(money.headline(of: report))
  }

  /// The rate sentence of a report: `Rate: 1 USD = 0.60338 GBP (command line)`.
  static func rateLine(_ report: StockReport, on day: CalendarDate?) -> String {
    if report.rate.legs.isEmpty { return "Rate: none (values in USD, the list-price currency)" }
    return "Rate: \(report.rate.description), rounding \(report.rounding.rawValue)"
      + ageNote(of: report.rate, on: day)
  }

  /// `; rates of 2025-02-28, 641 days old` when a report's rates are more than
  /// ``AppliedRate/freshDays`` older than its day, else nothing.
  static func ageNote(of rate: AppliedRate, on day: CalendarDate?) -> String {
    guard let day, let (date, days) = rate.age(on: day) else { return "" }
    return "; rates of \(date), \(days) days old"
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
    text.write(to: out, width: width)
  }

  private func sentence(_ event: SessionEvent, money: MoneySettings) -> String {
    switch event {
    case .removed(let build):
      return "Removed build #\(build)."
    case .optimised(let build, let goal, let attribute, let total, let scale, let unit):
      guard attribute == Attribute.priceID else {
        return "Build #\(build) has the \(goal == .min ? "lowest" : "highest") total \(attribute) "
          + "(\(AttributeTotal.text(total, scale: scale, unit: unit, forPeople: true))) of the valid builds with "
          + "these choices."
      }
      return "Build #\(build) is the \(goal == .min ? "cheapest" : "most expensive") valid build "
        + "with these choices (\(money.shown(Price(cents: total))))."
    case .stockAdded(_, let number, let name, _, let quantity, let inStock):
      var text = ""
      Self.stockAdded(
        name: name, number: number, quantity: quantity, inStock: inStock, money: money
      ) {
        text += $0
      }
      return text
    case .stockSold(let sale, _), .saleVoided(let sale, _):
      // Written by `sold` and `voided`; here for the switch to be whole.
      return "Sale \(sale.number)."
    case .stockLoaded(let file, let lines, let items, let summarized, let merged, let replaced):
      let kept = summarized ? "; kept as category totals" : ""
      let joined = merged > 0 ? "; \(merged) merged with equal lines" : ""
      let emptied = replaced.map { "; replaced \($0) \($0 == 1 ? "line" : "lines")" } ?? ""
      return
        "Loaded \(money.count(Int64(lines))) \(lines == 1 ? "line" : "lines") "
        + "(\(money.count(items)) items) from \(file)"
        + "\(kept)\(joined)\(emptied)."
    case .stockRemoved(let number, let name, _, let quantity, let left):
      return "Removed \(money.count(quantity)) × \(StockNumber.text(number)) \(name) from stock "
        + "(\(money.count(left)) left)."
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
    case .saved(let file, let summary):
      return "Saved session to \(file) (\(Self.counts(summary)))."
    case .loaded(let file, let summary):
      return
        "Loaded session from \(file) (\(Self.counts(summary)), currency \(summary.currency.code))."
    case .exported(let file, let transactions, let uncosted):
      let left =
        uncosted.isEmpty
        ? ""
        : "; left out, no cost known: " + uncosted.map(StockNumber.text).joined(separator: ", ")
      return "Exported \(transactions) transaction\(transactions == 1 ? "" : "s") to \(file) "
        + "(hledger journal\(left))."
    case .carDiscarded(let model):
      return "Discarded the working car (\(model.rawValue))."
    case .floorPlan(let plan, let changed):
      return Self.floorPlan(plan, changed: changed)
    case .dealer(let profile, let changed):
      guard let profile else { return "No dealer name set (dealer NAME sets it)." }
      let details = Self.details(of: profile)
      let said = details.isEmpty ? profile.name : profile.name + " (" + details + ")"
      return changed ? "Dealer set to \(said)." : "Dealer: \(said)"
    case .catalogLoaded(let file, let models):
      let names = models.map(\.rawValue).joined(separator: ", ")
      return
        "Loaded \(models.count) \(models.count == 1 ? "model" : "models") from \(file): \(names)."
    }
  }

  /// `Added 2 × VW Golf (4WD) to stock as S-6 (14 in stock).`, in pieces.
  private static func stockAdded(
    name: String, number: Int, quantity: Int64, inStock: Int64, money: MoneySettings,
    _ write: (String) -> Void
  ) {
    write("Added ")
    write(money.count(quantity))
    write(" × ")
    write(name.escapingControlCharacters)
    write(" to stock as S-")
    write(String(number))
    write(" (")
    write(money.count(inStock))
    write(" in stock).")
  }

  /// `2 builds, 5 stock lines`.
  private static func counts(_ summary: SessionSummary) -> String {
    let builds = summary.builds
    let lines = summary.stockLines
    return "\(builds) \(builds == 1 ? "build" : "builds"), "
      + "\(lines) stock \(lines == 1 ? "line" : "lines")"
  }
}
