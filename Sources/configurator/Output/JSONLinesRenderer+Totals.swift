internal import CarFactory
internal import Dealership

/// Attribute totals for programs (SPEC §13): `"totals":[{"id":"weight","name":"Weight",
/// "unit":"kg","value":"1842.5"}]`, the value an exact decimal string with the attribute's
/// decimals, never a binary number.
extension JSONLinesRenderer {
  /// Adds a build's totals to `object` as `"totals":[…]`, when the model declares
  /// attributes (a model without them reads as it always has); in a change, each entry also
  /// has the total before it as `previousValue`.
  ///
  /// - Parameters:
  ///   - totals: The totals, in declaration order.
  ///   - previous: The totals before a change, parallel to `totals`; `nil` outside a change.
  ///   - object: The object to add them to.
  static func add(
    _ totals: [BuildTotal], previous: [BuildTotal]? = nil, to object: inout JSONObject
  ) {
    guard !totals.isEmpty else { return }
    object.add(
      "totals",
      totals.enumerated().map { index, total in
        var entry = JSONObject()
        entry.add("id", total.attribute.id)
        entry.add("name", total.attribute.name)
        entry.add("unit", total.attribute.unit)
        entry.add("value", total.plainText)
        if let previous {
          entry.add(
            "previousValue", previous.indices.contains(index) ? previous[index].plainText : nil)
        }
        return entry
      })
  }
}
