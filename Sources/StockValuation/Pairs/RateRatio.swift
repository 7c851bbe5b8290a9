/// An exact conversion ratio `numerator / denominator`, applied with one rounding.
///
/// Ratios that fit 128 bits (every realistic rate) take the narrow path, a 256-bit product
/// and one `dividingFullWidth`. Extreme but legal rates (18 significant digits at both ends of
/// a cross rate) can need more: they take the wide path, exact long division in 256 bits, so
/// a result that fits the money type is never reported as an overflow.
enum RateRatio: Sendable {
  /// A ratio whose both sides fit 128 bits (reduced by their common factor).
  case narrow(numerator: UInt128, denominator: UInt128)
  /// A ratio with a side past 128 bits (below 2^192).
  case wide(numerator: WideMagnitude, denominator: WideMagnitude)

  /// The ratio, reduced by the common factor when one side fits 128 bits.
  /// - Parameters:
  ///   - numerator: The numerator (> 0).
  ///   - denominator: The denominator (> 0).
  init(numerator: WideMagnitude, denominator: WideMagnitude) {
    var (top, bottom) = (numerator, denominator)
    if let small = top.narrow ?? bottom.narrow, small > 0 {
      let large = top.narrow == nil ? top : bottom
      let divisor = WideArithmetic.gcd(small, large.divided(by: small).remainder)
      top = top.divided(by: divisor).quotient
      bottom = bottom.divided(by: divisor).quotient
    }
    if let narrowTop = top.narrow, let narrowBottom = bottom.narrow {
      self = .narrow(numerator: narrowTop, denominator: narrowBottom)
    } else {
      self = .wide(numerator: top, denominator: bottom)
    }
  }

  /// `value × numerator ÷ denominator`, rounded once.
  /// - Returns: The result, or `nil` if it does not fit an `Int64`.
  func scale(_ value: Int128, rounding: Rounding) -> Int64? {
    switch self {
    case .narrow(let numerator, let denominator):
      return WideArithmetic.scale(value, by: numerator, over: denominator, rounding: rounding)
    case .wide(let numerator, let denominator):
      // A product past 256 bits over a denominator below 2^192 is past 2^64: an overflow.
      guard let product = numerator.multiplied(by: value.magnitude),
        let (quotient, remainder) = product.divided(by: denominator)
      else { return nil }
      var magnitude = UInt128(quotient)
      if remainder != WideMagnitude(0) {
        let other = denominator.subtracting(remainder)
        if rounding.roundsUp(
          quotientIsOdd: quotient & 1 == 1, aboveHalf: remainder > other,
          atHalf: remainder == other)
        {
          magnitude += 1
        }
      }
      return WideArithmetic.signed(magnitude, negative: value < 0)
    }
  }
}
