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
