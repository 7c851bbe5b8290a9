internal import CarFactory
internal import Dealership

/// `options`, `count` and `lint` as CSV tables.
extension CSVRenderer {
  /// The options table; on the working car with a `price_with` column: the price of the car
  /// with each value still free added (`unknown` where it was not found in time). A filtered
  /// table has only the values shown, and `shown` and `total` columns: how many it shows of
  /// how many.
  func options(_ result: OptionsResult, pricesWith: [Int: Price]? = nil) {
    let line = result.line
    let filtered = result.filter != nil
    header(
      CSV.row(
        [
          "model", "group", "value", "atom", "state", "surcharge", "currency", "reason_choices",
          "reason_rules",
        ] + (result.report.from == nil ? [] : ["from"])
          + (pricesWith == nil ? [] : ["price_with"])
          + (result.report.byValue == nil
            ? []
            : result.report.range.map { ["\($0.attribute)_min", "\($0.attribute)_max"] } ?? [])
          + (filtered ? ["shown", "total"] : [])))
    // by=ATTR: empty for an excluded value, `unknown` where an end was not found in time.
    func ends(_ entry: OptionsReport.Entry) -> [String] {
      guard let byValue = result.report.byValue, let range = result.report.range else { return [] }
      guard entry.state != .excluded else { return ["", ""] }
      let found = byValue[entry.value]
      return [found.lowest, found.highest].map { end in
        end.map { AttributeTotal.text($0, scale: range.scale, unit: "", forPeople: false) }
          ?? "unknown"
      }
    }
    // FROM: empty for an excluded value, `unknown` where it was not found in time.
    func from(_ entry: OptionsReport.Entry) -> String? {
      guard let from = result.report.from else { return nil }
      if entry.state == .excluded { return "" }
      return from[entry.value].map { Self.decimal($0) } ?? "unknown"
    }
    let model = line.model.rawValue
    // One row array for every row: thousands of rows make no arrays of their own.
    var row: [String] = []
    for entry in result.shownEntries {
      let value = line.values[entry.value]
      row.removeAll(keepingCapacity: true)
      row.append(model)
      row.append(line.buildsAreFeatures ? "" : line.groups[value.group].name)
      row.append(line.buildsAreFeatures ? "" : line.valueName(of: entry.value))
      row.append(value.atom)
      row.append(entry.state.rawValue)
      row.append(Self.decimal(value.surcharge))
      row.append("USD")
      row.append(
        entry.reason.map { $0.choices.map { line.atom(of: $0) }.joined(separator: ";") } ?? "")
      row.append(entry.reason.map { Self.ruleIDs($0, line: line) } ?? "")
      if let from = from(entry) { row.append(from) }
      if let pricesWith {
        // Empty but for a value still free, `unknown` where it was not found in time.
        let price = pricesWith[entry.value].map { Self.decimal($0) }
        row.append(price ?? (line.pricesBuilds && entry.state == .available ? "unknown" : ""))
      }
      row.append(contentsOf: ends(entry))
      if filtered {
        row.append(String(result.shownCount))
        row.append(String(result.total))
      }
      out.line(CSV.row(row))
    }
  }

  func count(_ result: CountResult) {
    header(CSV.row(["model", "choices", "count"]))
    out.line(
      CSV.row([
        result.line.model.rawValue,
        result.choices.map { result.line.atom(of: $0) }.joined(separator: " "),
        result.count.description,
      ]))
  }

  func lint(_ results: [LintResult]) {
    header(CSV.row(["model", "finding", "value"]))
    for result in results {
      let line = result.line
      let model = line.model.rawValue
      if !result.findings.hasBuild {
        out.line(
          CSV.row([model, "no-valid-build", result.findings.conflict.joined(separator: ";")]))
      }
      for value in result.findings.dead {
        out.line(CSV.row([model, "dead", line.values[value].atom]))
      }
      for value in result.findings.core {
        out.line(CSV.row([model, "core", line.values[value].atom]))
      }
      for rule in result.findings.redundantRules {
        out.line(CSV.row([model, "redundant-rule", rule]))
      }
      for (value, _) in result.findings.notOffered {
        out.line(CSV.row([model, "not-offered", line.values[value].atom]))
      }
    }
  }
}

extension CSVRenderer {
  /// A product line's build in the build table: the model, its feature count as the name,
  /// the price when the model has prices.
  func featureRow(_ build: BuildView) -> [UInt8] {
    let priced = build.line.pricesBuilds
    let row =
      ","
      + CSV.row([
        build.line.model.rawValue, build.line.title, "\(build.selected.count) features", "", "",
        "", "", priced ? Self.decimal(build.price) : "", priced ? "USD" : "",
      ]) + "\n"
    return Array(row.utf8)
  }
}

extension CSVRenderer {
  /// The product lines without parts (UVL models) as a table of their own.
  func productLines(_ lines: [ProductLine]) {
    header(CSV.row(["model", "root", "features", "constraints", "file"]))
    for line in lines {
      out.line(
        CSV.row([
          line.model.rawValue, line.title, String(line.values.count), String(line.rules.count),
          line.file,
        ]))
    }
  }
}
