internal import CarFactory
internal import Dealership
internal import StockValuation

/// Results as CSV tables: each result one table with its own header, tables separated by a
/// blank line (SPEC §9). Results that are not tables (changes to the session) print nothing.
final class CSVRenderer: Renderer {
  let out: OutputStream
  let err: OutputStream
  /// The last header written (`nil` before the first table).
  private var lastHeader: String?

  init(out: OutputStream, err: OutputStream) {
    self.out = out
    self.err = err
  }

  static let buildHeader = CSV.row([
    "build", "model", "car_type", "name", "seats", "engine", "suspension", "drive", "price",
    "currency",
  ])

  func render(_ result: CommandResult, money: MoneySettings) {
    switch result {
    case .event: break
    case .stockColumns(let reports): stockColumns(reports)
    case .quote(let quote): self.quote(quote)
    case .quotes(let quotes): self.quotes(quotes)
    case .order(let entry): orders([entry])
    case .orders(let entries): orders(entries)
    case .comparison(let comparison): self.comparison(comparison)
    case .help(let help): self.help(help)
    case .models(let listing):
      models(listing.cars)
      if !listing.productLines.isEmpty { productLines(listing.productLines) }
    case .build(let view):
      block(of: view, money: money).withUnsafeBufferPointer {
        writeBuild(number: view.number, block: $0)
      }
    case .builds(let listing):
      header(Self.buildHeader)
      // Streamed: each configuration's row after its number is made once.
      var rows = RowStore(count: listing.views.count)
      listing.visit { number, configuration in
        if !rows.contains(configuration), let view = listing.views[configuration] {
          rows.set(configuration, block(of: view, money: money))
        }
        guard rows.contains(configuration) else { return }
        out.write(number: number)
        rows.write(configuration, to: out)
      }
      // The table has no room for a note: builds left out are said on standard error.
      if let note = TextRenderer.unmakeable(listing) { err.line("configurator: " + note) }
    case .warning(let warning):
      err.line("configurator: \(warning.file): " + TextRenderer.text(of: warning))
    case .car(let view): car(view)
    case .carChange(let change): carChange(change)
    case .carOptions(let options): self.options(options.options, pricesWith: options.pricesWith)
    case .why(let answer): why(answer)
    case .rules(let line): rules(line)
    case .tree(let result): tree(result)
    case .stock(let report): stock(report)
    case .stockLine(let view): stockLine(view)
    case .sales(let report): sales(report)
    case .stockAging(let aging): stockAging(aging)
    case .options(let result): options(result)
    case .count(let result): count(result)
    case .valueCounts(let result): valueCounts(result)
    case .samples(let result): samples(result)
    case .fleet(let result): fleet(result)
    case .lint(let results): lint(results)
    case .catalogDiff(let result): catalogDiff(result)
    case .revalidation(let result): revalidation(result, money: money)
    case .currency(let currency):
      header(CSV.row(["currency", "name"]))
      out.line(CSV.row([currency.code, currency.name]))
    case .rates(let rates):
      header(CSV.row(["base", "quote", "rate", "date", "source"]))
      for rate in rates {
        out.line(
          CSV.row([
            rate.base.code, rate.quote.code, rate.value.description,
            rate.date?.description ?? "", rate.source,
          ]))
      }
    }
  }

  /// The row after the build number: `,sports,Porsche Boxster,…,USD` and a newline.
  func block(of build: BuildView, money: MoneySettings) -> [UInt8] {
    guard let car = build.car else { return featureRow(build) }
    let row =
      ","
      + CSV.row([
        car.model.rawValue, car.carType, car.displayName, String(car.floorplan.seats),
        car.floorplan.enginePosition.displayName, car.suspension.name, car.drivetrain.name,
        Self.decimal(build.price), "USD",
      ]) + "\n"
    return Array(row.utf8)
  }

  func writeBuild(number: Int, block: UnsafeBufferPointer<UInt8>) {
    header(Self.buildHeader)
    out.write(number: number)
    out.write(bytes: block)
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

  private func models(_ rows: [ModelListing.Car]) {
    header(
      CSV.row([
        "model", "car_type", "floorplan", "seats", "engine", "suspension", "drive", "base_price",
        "currency", "options",
      ]))
    for row in rows {
      let (definition, car) = (row.definition, row.car)
      let options = definition.alternatives.map {
        "\($0.slot)=\($0.part)+\(Self.decimal($0.surcharge))"
      }
      out.line(
        CSV.row([
          definition.id.rawValue, definition.carType, car.floorplan.id.rawValue,
          String(car.floorplan.seats), car.floorplan.enginePosition.displayName,
          car.suspension.id.rawValue, car.drivetrain.id.rawValue,
          Self.decimal(definition.basePrice), "USD", options.joined(separator: ";"),
        ]))
    }
  }

  private func stock(_ report: StockReport) {
    header(
      CSV.row([
        "kind", "category", "name", "quantity", "unit_price_usd", "tax_percent", "value_usd",
        "value", "currency", "stock_number", "vin", "cost", "cost_currency", "received",
      ]))
    let code = report.total.currency.code
    for category in report.categories {
      for node in category.children {
        guard let line = node.line else {
          out.line(
            CSV.row([
              "summary", category.name, node.name, String(node.itemCount), "", "",
              node.baseValue.decimalString, node.value.decimalString, code, "", "", "", "", "",
            ]))
          continue
        }
        out.line(
          CSV.row([
            "line", category.name, line.name, String(line.quantity),
            line.unitPrice.decimalString, line.taxPercent?.description ?? "",
            node.baseValue.decimalString, node.value.decimalString, code,
            TextRenderer.number(line), line.vin ?? "", line.cost?.decimalString ?? "",
            line.cost?.currency.code ?? "", line.received?.description ?? "",
          ]))
      }
      out.line(
        CSV.row([
          "category", category.name, "", String(category.itemCount), "", "",
          category.baseValue.decimalString, category.value.decimalString, code, "", "", "", "",
          "",
        ]))
    }
    out.line(
      CSV.row([
        "total", "", "", String(report.itemCount), "", "", report.baseTotal.decimalString,
        report.total.decimalString, code, "", "", "", "", "",
      ]))
  }

  /// Starts a result's table: a blank line after the table before, then the header
  /// (SPEC §9: each result is one CSV table with its own header).
  func header(_ row: String) {
    if lastHeader != nil { out.write(byte: 10) }
    lastHeader = row
    out.line(row)
  }

  /// A USD amount as a plain exact decimal: `72900.00`.
  static func decimal(_ price: Price) -> String {
    Money(minorUnits: price.cents, currency: .usd).decimalString
  }
}
