package import CarFactory
package import StockValuation

/// `compare` (SPEC §9): two builds side by side.
extension Interpreter {
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
