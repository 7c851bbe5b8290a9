internal import CarFactory
internal import Dealership
import Support

/// Attribute totals for people (SPEC §13): `Weight: 1,842.5 kg`, and a change's difference
/// `(+35.0 kg)`, grouped by thousands like prices, the unit after the number.
extension TextRenderer {
  /// A total's line in a detail block, quote or change: `Weight: 1,842.5 kg`. Names and
  /// units come from catalogs: the caller escapes what it writes.
  static func line(of total: BuildTotal) -> String {
    "\(total.attribute.name): \(quantity(total.groupedText, unit: total.attribute.unit))"
  }

  /// The lines of a build's totals, in declaration order, each ending in a newline, control
  /// characters escaped.
  static func lines(of totals: [BuildTotal]) -> String {
    totals.map { line(of: $0).escapingControlCharacters + "\n" }.joined()
  }

  /// A total's line in a change block: the total and its difference from before, or `nil`
  /// when the change left it as it was (`Weight: 1,412.0 kg (+35.0 kg)`), control characters
  /// escaped.
  static func line(of total: BuildTotal, from previous: BuildTotal?) -> String? {
    guard let previous, previous.total != total.total else { return nil }
    let difference = AttributeTotal(millionths: total.total.millionths - previous.total.millionths)
    let sign = difference.millionths < 0 ? "" : "+"
    let text = sign + difference.text(scale: total.scale, grouped: true)
    return "\(line(of: total)) (\(quantity(text, unit: total.attribute.unit)))"
      .escapingControlCharacters
  }

  /// A number and its unit: `1,842.5 kg`, or the number alone when there is no unit.
  private static func quantity(_ number: String, unit: String) -> String {
    unit.isEmpty ? number : number + " " + unit
  }
}
