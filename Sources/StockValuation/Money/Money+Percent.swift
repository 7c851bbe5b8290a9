extension Money {
  /// `percent` % of this amount, rounded once to whole minor units (a discount or a tax on a
  /// customer's quote).
  ///
  /// - Parameters:
  ///   - percent: The percent, exact (`20`, `7.25`).
  ///   - rounding: The tie rule of the one rounding.
  /// - Returns: The share, in this amount's currency.
  /// - Throws: ``MoneyError/overflow(_:)`` if it does not fit an `Int64` of minor units.
  public func percentage(_ percent: ExactDecimal, rounding: Rounding) throws(MoneyError) -> Money {
    // |minor units × significand| < 2^126, and 100 × 10^scale ≤ 10^20: both fit 128 bits.
    let product = Int128(minorUnits) * Int128(percent.significand)
    let divisor = 100 * Pow10.uint128[percent.scale]
    guard
      let result = Self.quotient(
        product.magnitude, over: divisor, isNegative: product < 0, in: currency,
        rounding: rounding)
    else { throw .overflow("\(percent)% of \(self)") }
    return result
  }
}
