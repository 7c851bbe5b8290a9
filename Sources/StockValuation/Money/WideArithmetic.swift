/// Exact multiply-then-divide with a single rounding, using 256-bit intermediates.
enum WideArithmetic {
  /// Computes `value × numerator ÷ denominator`, rounded once, as an `Int64`.
  ///
  /// The product is formed in 256 bits, so it never overflows; only a result that does not fit
  /// an `Int64` fails.
  /// - Returns: The rounded result, or `nil` if it does not fit an `Int64`.
  static func scale(
    _ value: Int128, by numerator: UInt128, over denominator: UInt128, rounding: Rounding
  ) -> Int64? {
    precondition(denominator > 0, "division by zero")
    let negative = value < 0
    let product = value.magnitude.multipliedFullWidth(by: numerator)
    guard product.high < denominator else { return nil }
    var (quotient, remainder) = denominator.dividingFullWidth(product)
    if remainder != 0,
      rounding.roundsUp(quotient: quotient, remainder: remainder, divisor: denominator)
    {
      quotient += 1
      remainder = 0
    }
    return signed(quotient, negative: negative)
  }

  /// The signed `Int64` of a magnitude, or `nil` if it does not fit.
  static func signed(_ magnitude: UInt128, negative: Bool) -> Int64? {
    if negative {
      guard magnitude <= UInt128(Int64.max) + 1 else { return nil }
      return magnitude == UInt128(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
    }
    guard magnitude <= UInt128(Int64.max) else { return nil }
    return Int64(magnitude)
  }

  /// Greatest common divisor of two magnitudes.
  static func gcd(_ a: UInt128, _ b: UInt128) -> UInt128 {
    var (x, y) = (a, b)
    while y != 0 { (x, y) = (y, x % y) }
    return x
  }

  /// Multiplies two magnitudes, or returns `nil` on overflow.
  static func multiply(_ a: UInt128, _ b: UInt128) -> UInt128? {
    let (result, overflow) = a.multipliedReportingOverflow(by: b)
    return overflow ? nil : result
  }
}
