internal import CarFactory
internal import StockValuation
import Support

/// `quote` and `compare` (SPEC §9): a build's price item by item, two builds side by side.
extension Session {
  func quote(_ arguments: [String]) throws(CommandError) -> CommandResult {
    guard let numberText = arguments.first else {
      throw .missingArgument(
        command: "quote", what: "build number", hint: "usage: \(Command.quote.synopsis)")
    }
    if arguments.count > 2 {
      throw .unexpectedArgument(
        command: "quote", word: arguments[2], hint: "usage: \(Command.quote.synopsis)")
    }
    let record = try buildRecord(numberText, for: .quote)
    var currency = money.currency
    if arguments.count == 2 {
      do {
        currency = try MoneySettings.currency(arguments[1])
      } catch {
        throw .within(command: "quote", error)
      }
    }
    let (name, items) = try quoteItems(record)
    var converted: Quote.Conversion?
    if currency != .usd {
      let converter = try money.converter(to: currency)
      do {
        let total = try converter.convert(Money(minorUnits: record.price.cents, currency: .usd))
        converted = Quote.Conversion(
          total: total, rate: converter.effectiveRate, rounding: converter.rounding)
      } catch {
        throw .failed(command: "quote", error)
      }
    }
    return .quote(
      Quote(
        build: record.number, name: name, items: items, total: record.price,
        converted: converted))
  }

  /// The name of a build and its price items: the base price, then each chosen option,
  /// piece of equipment or priced feature with its surcharge.
  private func quoteItems(_ record: BuildRecord) throws(CommandError)
    -> (String, [Quote.Item])
  {
    switch entry(for: record) {
    case nil:
      throw .unavailable(
        command: "quote",
        reason: "build #\(record.number) of model '\(record.model)' can no longer be made")
    case .features(let build):
      let line = build.line
      let held = Set(build.selected)
      var items = [Quote.Item(label: "Base price", amount: line.basePrice, note: nil)]
      for value in build.selected where line.values[value].surcharge != .zero {
        items.append(item(line, value, held: held))
      }
      return (line.title, items)
    case .car(let configuration):
      let car = configuration.car
      var items: [Quote.Item] = []
      if let definition = try? registry.factory(for: record.model).definition {
        items.append(Quote.Item(label: "Base price", amount: definition.basePrice, note: nil))
        for slot in PartSlot.allCases {
          guard let part = record.options[slot], part != definition.defaultPart(for: slot),
            let surcharge = definition.surcharge(for: part, in: slot)
          else { continue }
          items.append(
            Quote.Item(
              label: "\(slot)=\(part) (\(partName(car, slot)))", amount: surcharge, note: nil))
        }
      }
      if !record.values.isEmpty, let line = try? registry.productLine(for: record.model) {
        let selected = record.values.compactMap { line.valueIndex(forAtom: $0) }
        let held = Set(selected)
        for value in selected { items.append(item(line, value, held: held)) }
      }
      return (car.displayName, items)
    }
  }

  private func item(_ line: ProductLine, _ value: Int, held: Set<Int>) -> Quote.Item {
    let entry = line.values[value]
    let covered = entry.coveredBy.contains { held.contains($0) }
    let label =
      line.isFeatureModel
      ? entry.name : "\(line.groups[entry.group].name)=\(line.valueName(of: value)) (\(entry.name))"
    return Quote.Item(
      label: label, amount: covered ? .zero : entry.surcharge,
      note: covered && entry.surcharge != .zero ? "in a package" : nil)
  }

  private func partName(_ car: Car, _ slot: PartSlot) -> String {
    switch slot {
    case .floorplan: car.floorplan.name
    case .suspension: car.suspension.name
    case .drive: car.drivetrain.name
    }
  }

  func compare(_ arguments: [String]) throws(CommandError) -> CommandResult {
    guard arguments.count == 2 else {
      if arguments.count > 2 {
        throw .unexpectedArgument(
          command: "compare", word: arguments[2], hint: "usage: \(Command.compare.synopsis)")
      }
      throw .usage(
        command: "compare", expected: "two build numbers (usage: \(Command.compare.synopsis))")
    }
    let first = try buildRecord(arguments[0], for: .compare)
    let second = try buildRecord(arguments[1], for: .compare)
    let (firstName, firstValues) = try comparable(first)
    let (secondName, secondValues) = try comparable(second)
    var groups: [String] = []
    for (group, _) in firstValues + secondValues where !groups.contains(group) {
      groups.append(group)
    }
    func values(_ list: [(String, String)], _ group: String) -> String {
      let found = list.filter { $0.0 == group }.map(\.1)
      return found.isEmpty ? "-" : found.joined(separator: ", ")
    }
    let differences = groups.compactMap { group -> Comparison.Difference? in
      let (a, b) = (values(firstValues, group), values(secondValues, group))
      return a == b ? nil : Comparison.Difference(group: group, first: a, second: b)
    }
    return .comparison(
      Comparison(
        first: first.number, second: second.number, firstName: firstName,
        secondName: secondName, firstPrice: first.price, secondPrice: second.price,
        differences: differences))
  }

  /// A build's name and its values as (group, value) pairs: model, parts, equipment or
  /// features.
  private func comparable(_ record: BuildRecord) throws(CommandError)
    -> (String, [(String, String)])
  {
    switch entry(for: record) {
    case nil:
      throw .unavailable(
        command: "compare",
        reason: "build #\(record.number) of model '\(record.model)' can no longer be made")
    case .features(let build):
      let line = build.line
      return (
        line.title,
        [("model", record.model.rawValue)]
          + build.selected.map { (line.groups[line.values[$0].group].name, line.values[$0].name) }
      )
    case .car(let configuration):
      let car = configuration.car
      var values: [(String, String)] = [
        ("model", record.model.rawValue), ("floorplan", car.floorplan.name),
        ("suspension", car.suspension.name), ("drive", car.drivetrain.name),
      ]
      for item in car.equipment { values.append((item.group, item.name)) }
      return (car.displayName, values)
    }
  }
}
