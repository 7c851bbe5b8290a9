internal import CarFactory
internal import StockValuation

/// `quote` and `compare` (SPEC §9): a build's price item by item, two builds side by side.
extension Interpreter {
  func quote(_ number: Int, _ currency: Currency?, _ state: SessionState) throws(CommandError)
    -> CommandResult
  {
    let view = try view(ofBuild: number, for: "quote", state)
    let currency = currency ?? state.currency
    var converted: Quote.Conversion?
    if currency != .usd {
      let converter = try state.money.converter(to: currency)
      do {
        let total = try converter.convert(Money(minorUnits: view.price.cents, currency: .usd))
        converted = Quote.Conversion(
          total: total, rate: converter.effectiveRate, rounding: converter.rounding)
      } catch {
        throw .failed(command: "quote", error)
      }
    }
    return .quote(
      Quote(
        build: number, name: view.car?.displayName ?? view.line.title, items: Self.items(view),
        total: view.price, converted: converted))
  }

  /// A build's price items: the base price, then each option, piece of equipment or priced
  /// feature with its surcharge.
  private static func items(_ view: BuildView) -> [Quote.Item] {
    let line = view.line
    let held = Set(view.selected)
    var items = [Quote.Item(label: "Base price", amount: line.basePrice, note: nil)]
    for value in view.selected {
      let entry = line.values[value]
      let covered = entry.coveredBy.contains { held.contains($0) }
      switch line.groups[entry.group].kind {
      case .slot:
        // A part other than the default, with the part's name as the factory made it.
        guard !entry.isDefault else { continue }
        items.append(
          Quote.Item(label: "\(entry.atom) (\(entry.name))", amount: entry.surcharge, note: nil))
      case .one, .any:
        items.append(
          Quote.Item(
            label: "\(entry.atom) (\(entry.name))", amount: covered ? .zero : entry.surcharge,
            note: covered && entry.surcharge != .zero ? "in a package" : nil))
      case .feature:
        guard entry.surcharge != .zero else { continue }
        items.append(
          Quote.Item(
            label: entry.name, amount: covered ? .zero : entry.surcharge,
            note: covered ? "in a package" : nil))
      }
    }
    return items
  }

  func compare(_ first: Int, _ second: Int, _ state: SessionState) throws(CommandError)
    -> CommandResult
  {
    let a = try view(ofBuild: first, for: "compare", state)
    let b = try view(ofBuild: second, for: "compare", state)
    let (firstName, firstValues) = Self.comparable(a)
    let (secondName, secondValues) = Self.comparable(b)
    var groups: [String] = []
    for (group, _) in firstValues + secondValues where !groups.contains(group) {
      groups.append(group)
    }
    func values(_ list: [(String, String)], _ group: String) -> String {
      let found = list.filter { $0.0 == group }.map(\.1)
      return found.isEmpty ? "-" : found.joined(separator: ", ")
    }
    let differences = groups.compactMap { group -> Comparison.Difference? in
      let (x, y) = (values(firstValues, group), values(secondValues, group))
      return x == y ? nil : Comparison.Difference(group: group, first: x, second: y)
    }
    return .comparison(
      Comparison(
        first: first, second: second, firstName: firstName, secondName: secondName,
        firstPrice: a.price, secondPrice: b.price, differences: differences))
  }

  /// A build's name and its values as (group, value) pairs: model, parts, equipment or
  /// features.
  private static func comparable(_ view: BuildView) -> (String, [(String, String)]) {
    let line = view.line
    guard let car = view.car else {
      return (
        line.title,
        [("model", line.model.rawValue)]
          + view.selected.map { (line.groups[line.values[$0].group].name, line.values[$0].name) }
      )
    }
    var values: [(String, String)] = [
      ("model", line.model.rawValue), ("floorplan", car.floorplan.name),
      ("suspension", car.suspension.name), ("drive", car.drivetrain.name),
    ]
    for item in car.equipment { values.append((item.group, item.name)) }
    return (car.displayName, values)
  }
}
