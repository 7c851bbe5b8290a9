/// One declared attribute's total over a build (SPEC §13): what a detail block, a quote and
/// the working car show (`Weight: 1,842.5 kg`). Data only; renderers put it into words.
public struct BuildTotal: Hashable, Sendable {
  /// The attribute: id, name and unit as the catalog declares them.
  public let attribute: Attribute
  /// The exact total: the model's base value plus the value of every value the build holds.
  public let total: AttributeTotal
  /// The decimals the total is shown with: the most any of the attribute's values was
  /// written with (``ProductLine/displayScale(of:)``).
  public let scale: Int

  /// The total as plain decimal text with ``scale`` decimals, for machines (`1842.5`).
  public var plainText: String { total.text(scale: scale) }

  /// The total grouped by thousands with ``scale`` decimals, for people (`1,842.5`); the
  /// unit is the renderer's to add.
  public var groupedText: String { total.text(scale: scale, grouped: true) }
}

extension ProductLine {
  /// Every declared attribute's total over a build, in declaration order (SPEC §13): the one
  /// place totals are worked out for detail blocks, quotes and the working car. Price is not
  /// among them: it is the build's price, shown as such.
  ///
  /// - Parameter selected: The values the build holds, as indices into ``values`` (each at
  ///   most once; indices out of range are ignored).
  /// - Returns: One total per declared attribute; empty for a line that declares none.
  public func totals(holding selected: [Int]) -> [BuildTotal] {
    guard !attributes.isEmpty else { return [] }
    return attributes.map { attribute in
      var sum = Int128(baseAttributes[attribute.id]?.millionths ?? 0)
      for index in selected where values.indices.contains(index) {
        // Values are below 10^18 in millionths and a line has far fewer than 10^19 of
        // them: no overflow.
        sum += Int128(values[index].attributes[attribute.id]?.millionths ?? 0)
      }
      return BuildTotal(
        attribute: attribute, total: AttributeTotal(millionths: sum),
        scale: displayScale(of: attribute.id))
    }
  }
}
