internal import CarFactory
internal import Dealership

/// `options`, `count` and `lint` for people.
extension TextRenderer {
  /// The options table; on the working car (`car` given) with the price of the car with each
  /// value still possible added (`+$890.00 → $35,345.00`).
  func options(
    _ result: OptionsResult, money: MoneySettings,
    car: (price: Price, with: [Int: Price])? = nil
  ) {
    let line = result.line
    let report = result.report
    let priced = line.hasSurcharges
    let added: [(String, TextTable.Alignment)] =
      car != nil && line.pricesBuilds ? [("IF ADDED", .right)] : []
    let from = report.from
    let fromColumn: [(String, TextTable.Alignment)] =
      (from == nil ? [] : [("FROM", .right)]) + Self.byValueColumns(report)
    // FROM: blank for an excluded value, `?` where it was not found in time.
    func fromCell(_ entry: OptionsReport.Entry) -> String? {
      guard let from else { return nil }
      if entry.state == .excluded { return "" }
      return from[entry.value].map { money.shown($0) } ?? "?"
    }
    var table: TextTable
    if line.buildsAreFeatures {
      table = TextTable(
        [("FEATURE", .left), ("STATE", .left)] + (priced ? [("SURCHARGE", .right)] : [])
          + fromColumn + added + [("REASON", .left)])
    } else {
      table = TextTable(
        [
          ("GROUP", .left), ("VALUE", .left), ("NAME", .left), ("STATE", .left),
          ("SURCHARGE", .right),
        ] + fromColumn + added + [("REASON", .left)])
    }
    // IF ADDED: for each value still free, `?` where it was not found in time.
    func ifAdded(_ entry: OptionsReport.Entry) -> String? {
      guard let car, !added.isEmpty else { return nil }
      guard entry.state == .available else { return "" }
      guard let price = car.with[entry.value] else { return "?" }
      return Self.difference(price, from: car.price, money: money) + " → " + money.shown(price)
    }
    var previousGroup = -1
    let entries = result.shownEntries
    // A UVL table is indented by the feature tree, from the shallowest value shown.
    let indent = Self.treeIndent(entries, tree: result.tree)
    // One row array for every row: thousands of rows make no arrays of their own.
    var row: [String] = []
    for entry in entries {
      let value = line.values[entry.value]
      let surcharge = value.surcharge == .zero ? "" : "+" + money.shown(value.surcharge)
      row.removeAll(keepingCapacity: true)
      if line.buildsAreFeatures {
        row.append(indent(entry.value) + value.atom)
        row.append(entry.state.rawValue)
        if priced { row.append(surcharge) }
      } else {
        row.append(value.group == previousGroup ? "" : line.groups[value.group].name)
        previousGroup = value.group
        row.append(line.valueName(of: entry.value))
        row.append(value.name)
        row.append(entry.state.rawValue)
        row.append(surcharge)
      }
      if let from = fromCell(entry) { row.append(from) }
      row.append(contentsOf: byValueCells(entry, report, money: money))
      if let added = ifAdded(entry) { row.append(added) }
      row.append(reasonText(entry, line: line))
      table.append(row)
    }
    if !entries.isEmpty { table.write(to: out, width: width) }
    if result.filter != nil { out.line("shown \(result.shownCount) of \(result.total) values") }
    out.line(headline(report, money: money))
    if report.pricesOverflow {
      out.line("FROM ?: the prices add up to more than can be represented")
    } else if let from {
      let unknown = entries.filter { $0.state != .excluded && from[$0.value] == nil }.count
      if unknown > 0 {
        out.line(
          "FROM ?: the lowest price with \(unknown == 1 ? "this value" : "these \(unknown) values") "
            + "was not found within the time limit")
      }
    }
    if let car, !added.isEmpty {
      let unknown = entries.filter { $0.state == .available && car.with[$0.value] == nil }.count
      if unknown > 0 {
        out.line(
          "IF ADDED ?: the price with \(unknown == 1 ? "this value" : "these \(unknown) values") "
            + "was not found within the time limit")
      }
    }
    if let range = report.range { out.line(self.range(range, money: money)) }
  }

  /// `by=ATTR`'s columns: each value's lowest and highest total (`MIN WEIGHT`, `MAX WEIGHT`).
  private static func byValueColumns(_ report: OptionsReport) -> [(String, TextTable.Alignment)] {
    guard report.byValue != nil, let range = report.range else { return [] }
    // A price's lowest is FROM already: its column says how high the price goes.
    guard range.attribute != "price" || report.from == nil else { return [("UP TO", .right)] }
    let name = range.attribute.uppercased()
    return [("MIN \(name)", .right), ("MAX \(name)", .right)]
  }

  /// A value's `by=ATTR` cells: blank for an excluded value, `?` for an end not found in time.
  private func byValueCells(
    _ entry: OptionsReport.Entry, _ report: OptionsReport, money: MoneySettings
  ) -> [String] {
    guard let byValue = report.byValue, let range = report.range else { return [] }
    let pricedByFrom = range.attribute == "price" && report.from != nil
    guard entry.state != .excluded else { return pricedByFrom ? [""] : ["", ""] }
    let found = byValue[entry.value]
    return (pricedByFrom ? [found.highest] : [found.lowest, found.highest]).map { end in
      guard let end else { return "?" }
      return range.attribute == "price"
        ? money.shown(Price(cents: end))
        : AttributeTotal.text(end, scale: range.scale, unit: range.unit, forPeople: true)
    }
  }

  /// The indentation of each value of a UVL table: two spaces a level of the feature tree
  /// below the shallowest value shown; none for a catalog's table.
  private static func treeIndent(_ entries: [OptionsReport.Entry], tree: FeatureTree?)
    -> (Int) -> String
  {
    guard let tree else { return { _ in "" } }
    let base = entries.lazy.map { tree.depths[$0.value] }.min() ?? 0
    return { String(repeating: "  ", count: tree.depths[$0] - base) }
  }

  /// `by=ATTR`: `lowest price $29,900.00, highest $39,575.00`; an end not found within the
  /// time limit says so.
  private func range(_ range: AttributeRange, money: MoneySettings) -> String {
    func text(_ end: Int64?) -> String {
      guard let end else { return "not found within the time limit" }
      return range.attribute == "price"
        ? money.shown(Price(cents: end))
        : AttributeTotal.text(end, scale: range.scale, unit: range.unit, forPeople: true)
    }
    return "lowest \(range.attribute) \(text(range.lowest)), highest \(text(range.highest))"
  }

  private func reasonText(_ entry: OptionsReport.Entry, line: ProductLine) -> String {
    switch entry.state {
    case .forced, .excluded:
      return entry.reason.map { line.text(of: $0) }
        ?? "(not explained within the time limit)"
    case .undecided:
      return "(not decided within the time limit)"
    case .chosen, .default, .available:
      // A value in force that stops being offered says when (SPEC §16).
      return line.offeredNote(of: entry.value) ?? ""
    }
  }

  /// `12 valid builds; price $45,600.00 to $47,950.00`.
  private func headline(_ report: OptionsReport, money: MoneySettings) -> String {
    var text: String
    switch report.count {
    case .success(let count):
      text = "\(count) valid \(count.uint64Value == 1 ? "build" : "builds")"
    case .failure:
      text = "valid builds not counted in time (try 'count')"
    }
    if report.pricesOverflow {
      text += "; the prices add up to more than can be represented"
    } else if let range = report.priceRange {
      let usd = { (cents: Int64) in money.shown(Price(cents: cents)) }
      switch (range.lowest, range.highest) {
      case (let low?, let high?):
        text += low == high ? "; price \(usd(low))" : "; price \(usd(low)) to \(usd(high))"
      case (let low?, nil):
        text += "; price from \(usd(low)) (the highest was not found within the time limit)"
      case (nil, let high?):
        text += "; price up to \(usd(high)) (the lowest was not found within the time limit)"
      case (nil, nil):
        text += "; the price range was not found within the time limit"
      }
    }
    return text
  }

  func lint(_ results: [LintResult]) {
    var findings = 0
    var notOffered = 0
    for result in results {
      let line = result.line
      let model = line.model.rawValue
      let facts = result.findings
      var lines: [String] = []
      if !facts.hasBuild {
        let rules =
          facts.conflict.isEmpty ? "" : " (rules \(facts.conflict.joined(separator: ", ")))"
        lines.append("\(model): no valid build\(rules)")
      }
      for value in facts.dead {
        lines.append("\(model): dead \(line.values[value].atom) (no valid build has it)")
      }
      for value in facts.core {
        lines.append("\(model): core \(line.values[value].atom) (every valid build has it)")
      }
      for rule in facts.redundantRules {
        lines.append("\(model): rule '\(rule)' never changes anything")
      }
      findings += lines.count
      // Out of force on the day: the catalog's dates, not a defect of the model.
      for (value, standing) in facts.notOffered {
        lines.append(
          "\(model): \(line.values[value].atom) not offered on the day "
            + "(\(ProductLine.offeredText(standing)))")
      }
      notOffered += facts.notOffered.count
      for text in lines { out.line(text) }
    }
    let models = results.count
    let dated = notOffered == 0 ? "" : " (\(notOffered) not offered on the day)"
    out.line(
      "lint: \(findings) \(findings == 1 ? "finding" : "findings") in \(models) "
        + (models == 1 ? "model" : "models") + dated)
  }
}

extension TextRenderer {
  /// A product line's build (SPEC §8, §11): its model, how many features it holds and how
  /// they came about, each feature under its mark when the marks are known, and its price
  /// when the model has prices.
  func featureBlock(_ build: BuildView, money: MoneySettings) -> [UInt8] {
    var text = "Model: \(build.line.model.rawValue) (\(build.line.title))\n"
    text += "Features: \(build.selected.count) selected"
    if let chosen = build.notes.chosen, let forced = build.notes.forced {
      let byDefault = build.selected.count - chosen - forced
      text += " (\(chosen) chosen, \(forced) forced, \(byDefault) by default)"
    }
    text += "\n"
    if let marks = build.marks {
      for mark in FeatureMarks.Mark.allCases {
        let values = marks.values(build.selected, marked: mark)
        guard !values.isEmpty else { continue }
        let label = "  " + mark.rawValue.prefix(1).uppercased() + mark.rawValue.dropFirst() + ": "
        text += Self.wrapped(values.map { build.line.values[$0].name }, after: label)
      }
    }
    if build.line.pricesBuilds { text += "Price: \(money.listed(build.price))\n" }
    text += Self.lines(of: build.totals)
    return Array(text.utf8)
  }

  /// Names after a label, separated by commas, in lines of at most 100 columns (a name
  /// longer than that has a line of its own); each further line indented past the label.
  static func wrapped(_ names: [String], after label: String) -> String {
    let indent = String(repeating: " ", count: label.count)
    var text = ""
    var line = label
    var empty = true
    for (index, name) in names.enumerated() {
      let item = name + (index == names.count - 1 ? "" : ",")
      if !empty, line.count + 1 + item.count > 100 {
        text += line + "\n"
        line = indent
        empty = true
      }
      line += (empty ? "" : " ") + item
      empty = false
    }
    return text + line + "\n"
  }
}

extension TextRenderer {
  /// The product lines without parts (UVL models): id, size and file.
  func productLines(_ lines: [ProductLine]) {
    var table = TextTable([
      ("UVL MODEL", .left), ("ROOT", .left), ("FEATURES", .right), ("CONSTRAINTS", .right),
      ("FILE", .left),
    ])
    for line in lines {
      table.append([
        line.model.rawValue, line.title, String(line.values.count), String(line.rules.count),
        line.file,
      ])
    }
    table.write(to: out, width: width)
  }
}
