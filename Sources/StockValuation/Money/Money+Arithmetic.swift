extension Money {
  /// Adds an amount of the same currency.
  /// - Parameter other: The amount to add.
  /// - Returns: The exact sum.
  /// - Throws: ``MoneyError/currencyMismatch(expected:actual:)`` or ``MoneyError/overflow(_:)``.
  public func adding(_ other: Money) throws(MoneyError) -> Money {
    try requireSameCurrency(other)
    let (sum, overflow) = minorUnits.addingReportingOverflow(other.minorUnits)
    guard !overflow else { throw .overflow("\(self) + \(other)") }
    return Money(minorUnits: sum, currency: currency)
  }

  /// Subtracts an amount of the same currency.
  /// - Parameter other: The amount to subtract.
  /// - Returns: The exact difference.
  /// - Throws: ``MoneyError/currencyMismatch(expected:actual:)`` or ``MoneyError/overflow(_:)``.
  public func subtracting(_ other: Money) throws(MoneyError) -> Money {
    try requireSameCurrency(other)
    let (difference, overflow) = minorUnits.subtractingReportingOverflow(other.minorUnits)
    guard !overflow else { throw .overflow("\(self) - \(other)") }
    return Money(minorUnits: difference, currency: currency)
  }

  /// Multiplies by a whole quantity.
  /// - Parameter quantity: The factor.
  /// - Returns: The exact product.
  /// - Throws: ``MoneyError/overflow(_:)`` if the product does not fit.
  public func multiplied(by quantity: Int64) throws(MoneyError) -> Money {
    let (product, overflow) = minorUnits.multipliedReportingOverflow(by: quantity)
    guard !overflow else { throw .overflow("\(self) × \(quantity)") }
    return Money(minorUnits: product, currency: currency)
  }

  /// The amount scaled by `numerator / denominator` into another currency, rounded once:
  /// `minorUnits × numerator ÷ denominator` minor units of `currency` (a price taken back at
  /// the rate that one amount was converted by: the two amounts' ratio).
  ///
  /// - Parameters:
  ///   - numerator: Minor units of `currency`, not negative.
  ///   - denominator: Minor units of this amount's currency, positive.
  ///   - currency: The currency of the result.
  ///   - rounding: The tie rule of the one rounding.
  /// - Returns: The scaled amount.
  /// - Throws: ``MoneyError/overflow(_:)`` when the result does not fit (or the ratio is not
  ///   one of a non-negative and a positive amount).
  public func scaled(
    by numerator: Int64, over denominator: Int64, in currency: Currency, rounding: Rounding
  ) throws(MoneyError) -> Money {
    guard numerator >= 0, denominator > 0 else {
      throw .overflow("\(self) × \(numerator) ÷ \(denominator)")
    }
    // |minorUnits| × numerator < 2^126: the product fits an unsigned 128-bit magnitude.
    let product = UInt128(minorUnits.magnitude) * UInt128(numerator)
    guard
      let result = Self.quotient(
        product, over: UInt128(denominator), isNegative: minorUnits < 0, in: currency,
        rounding: rounding)
    else { throw .overflow("\(self) × \(numerator) ÷ \(denominator)") }
    return result
  }

  /// `magnitude ÷ divisor` rounded once by `rounding`, with the sign given: the one division
  /// of an amount by a ratio (``scaled(by:over:in:rounding:)``, ``percentage(_:rounding:)``).
  ///
  /// - Returns: The amount, or `nil` when it does not fit an `Int64` of minor units.
  static func quotient(
    _ magnitude: UInt128, over divisor: UInt128, isNegative: Bool, in currency: Currency,
    rounding: Rounding
  ) -> Money? {
    var quotient = magnitude / divisor
    let remainder = magnitude % divisor
    if remainder != 0, rounding.roundsUp(quotient: quotient, remainder: remainder, divisor: divisor)
    {
      quotient += 1
    }
    guard quotient <= UInt128(Int64.max) else { return nil }
    let value = Int64(quotient)
    return Money(minorUnits: isNegative ? -value : value, currency: currency)
  }

  /// The amount with its sign flipped.
  /// - Returns: The negated amount.
  /// - Throws: ``MoneyError/overflow(_:)`` for the most negative amount, which has no positive.
  public func negated() throws(MoneyError) -> Money {
    let (negative, overflow) = Int64(0).subtractingReportingOverflow(minorUnits)
    guard !overflow else { throw .overflow("-(\(self))") }
    return Money(minorUnits: negative, currency: currency)
  }

  func requireSameCurrency(_ other: Money) throws(MoneyError) {
    guard other.currency == currency else {
      throw .currencyMismatch(expected: currency.code, actual: other.currency.code)
    }
  }
}
