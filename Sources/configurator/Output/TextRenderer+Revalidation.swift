import CarFactory
import Dealership
import Support

/// `revalidate` as text (SPEC §16): a headline, then one row per record with its state and,
/// for one that does not stand, the conflict and its ways out.
extension TextRenderer {
  func revalidation(_ result: RevalidationResult, money: MoneySettings) {
    out.line(result.headline)
    guard !result.items.isEmpty else { return }
    var table = TextTable([
      ("RECORD", .left), ("MODEL", .left), ("STATE", .left), ("DETAIL", .left),
    ])
    for item in result.items {
      table.append([
        item.record.label, item.model.rawValue.isEmpty ? "-" : item.model.rawValue,
        item.verdict.state, item.verdict.detail(model: item.model, money: money),
      ])
    }
    for line in table.render(width: width) { out.line(line.escapingControlCharacters) }
  }
}
