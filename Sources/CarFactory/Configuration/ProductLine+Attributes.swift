extension ProductLine {
  /// A build's total of an attribute (SPEC §13): the model's base value plus the value of
  /// every value the build holds; `price` is the build's price.
  ///
  /// - Parameters:
  ///   - attribute: A declared attribute's id, or `price`.
  ///   - selected: Whether the build holds each value, indexed like ``values``.
  /// - Returns: The exact total, or `nil` for an unknown attribute or a `selected` of the
  ///   wrong length.
  public func total(of attribute: String, selected: [Bool]) -> AttributeTotal? {
    guard selected.count == values.count else { return nil }
    if attribute == Attribute.priceID {
      guard let price = price(of: selected) else { return nil }
      return AttributeTotal(millionths: Int128(price.cents) * 10_000)
    }
    guard attributes.contains(where: { $0.id == attribute }) else { return nil }
    var sum = Int128(baseAttributes[attribute]?.millionths ?? 0)
    for (index, value) in values.enumerated() where selected[index] {
      // Values are below 10^18 and a line has far fewer than 10^19 of them: no overflow.
      sum += Int128(value.attributes[attribute]?.millionths ?? 0)
    }
    return AttributeTotal(millionths: sum)
  }

  /// The decimals totals of an attribute are shown with: the most any of its values was
  /// written with (two for `price`).
  ///
  /// - Parameter attribute: A declared attribute's id, or `price`.
  /// - Returns: 0…6.
  public func displayScale(of attribute: String) -> Int {
    if attribute == Attribute.priceID { return 2 }
    let scales =
      [baseAttributes[attribute]?.scale ?? 0] + values.map { $0.attributes[attribute]?.scale ?? 0 }
    return scales.max() ?? 0
  }
}
