/// An unsigned 256-bit integer with just the operations a conversion ratio needs.
///
/// A rate's exact ratio in minor units, `significand × 10^k`, and the same ratio for exact
/// amounts (a further `10^6` in the denominator) can pass 128 bits with legal 18-digit rates;
/// they always stay below 2^192.
struct WideMagnitude: Sendable, Hashable, Comparable {
  /// The upper and lower 128 bits.
  var high: UInt128
  var low: UInt128

  /// The value of a 128-bit magnitude.
  init(_ value: UInt128) {
    high = 0
    low = value
  }

  /// The value `high × 2^128 + low`.
  init(high: UInt128, low: UInt128) {
    self.high = high
    self.low = low
  }

  /// The value as a `UInt128`, or `nil` if it does not fit.
  var narrow: UInt128? { high == 0 ? low : nil }

  /// The product with `factor`, or `nil` if it does not fit 256 bits.
  func multiplied(by factor: UInt128) -> WideMagnitude? {
    let lowProduct = low.multipliedFullWidth(by: factor)
    let highProduct = high.multipliedFullWidth(by: factor)
    guard highProduct.high == 0 else { return nil }
    let (sum, overflow) = lowProduct.high.addingReportingOverflow(highProduct.low)
    return overflow ? nil : WideMagnitude(high: sum, low: lowProduct.low)
  }

  /// The difference, for `other <= self`.
  func subtracting(_ other: WideMagnitude) -> WideMagnitude {
    let (low, borrow) = low.subtractingReportingOverflow(other.low)
    return WideMagnitude(high: high &- other.high &- (borrow ? 1 : 0), low: low)
  }

  /// The value shifted left by `count` bits (0…127), or `nil` if bits would be lost.
  func shiftedLeft(by count: Int) -> WideMagnitude? {
    guard count > 0 else { return self }
    guard high >> (128 - count) == 0 else { return nil }
    return WideMagnitude(high: high << count | low >> (128 - count), low: low << count)
  }

  /// Quotient and remainder of a division by a 128-bit divisor (> 0).
  func divided(by divisor: UInt128) -> (quotient: WideMagnitude, remainder: UInt128) {
    let (highQuotient, highRemainder) = high.quotientAndRemainder(dividingBy: divisor)
    let (lowQuotient, remainder) = divisor.dividingFullWidth((highRemainder, low))
    return (WideMagnitude(high: highQuotient, low: lowQuotient), remainder)
  }

  /// Quotient and remainder of a division by `divisor` (> 0), or `nil` if the quotient does
  /// not fit 64 bits.
  func divided(by divisor: WideMagnitude) -> (quotient: UInt64, remainder: WideMagnitude)? {
    // quotient < 2^64 ⇔ self < divisor × 2^64 (always true when that product passes 256 bits).
    if let limit = divisor.shiftedLeft(by: 64), self >= limit { return nil }
    var remainder = self
    var quotient: UInt64 = 0
    for bit in stride(from: 63, through: 0, by: -1) {
      guard let step = divisor.shiftedLeft(by: bit), step <= remainder else { continue }
      remainder = remainder.subtracting(step)
      quotient |= 1 << UInt64(bit)
    }
    return (quotient, remainder)
  }

  /// Orders by value.
  static func < (lhs: WideMagnitude, rhs: WideMagnitude) -> Bool {
    (lhs.high, lhs.low) < (rhs.high, rhs.low)
  }
}
