/// An exact fraction for the arithmetic of rules (SPEC §13): `/` by a constant may leave a
/// decimal (`sum(weight) / 3`), so rules compute in fractions, reduced, with every operation
/// checked for overflow (`nil`), and only the final comparison is scaled to integers.
struct Rational: Hashable, Sendable {
  /// The numerator; the sign lives here.
  let numerator: Int128
  /// The denominator, always positive.
  let denominator: Int128

  static let zero = Rational(0)
  static let one = Rational(1)

  init(_ integer: Int128) {
    numerator = integer
    denominator = 1
  }

  /// `numerator / denominator`, reduced; `nil` for a zero denominator.
  init?(_ numerator: Int128, over denominator: Int128) {
    guard denominator != 0, numerator != .min, denominator != .min else { return nil }
    let divisor = Self.gcd(numerator.magnitude, denominator.magnitude)
    let sign: Int128 = denominator < 0 ? -1 : 1
    self.numerator = sign * numerator / Int128(divisor)
    self.denominator = sign * denominator / Int128(divisor)
  }

  /// A value in millionths, as attributes keep them.
  init(millionths: Int128) {
    self = Rational(millionths, over: 1_000_000) ?? .zero
  }

  var isZero: Bool { numerator == 0 }

  static func gcd(_ a: UInt128, _ b: UInt128) -> UInt128 {
    var (x, y) = (a, b)
    while y != 0 { (x, y) = (y, x % y) }
    return x == 0 ? 1 : x
  }

  func adding(_ other: Rational) -> Rational? {
    guard let left = Self.multiply(numerator, other.denominator),
      let right = Self.multiply(other.numerator, denominator),
      let denominator = Self.multiply(denominator, other.denominator)
    else { return nil }
    let (sum, overflow) = left.addingReportingOverflow(right)
    return overflow ? nil : Rational(sum, over: denominator)
  }

  func multiplied(by other: Rational) -> Rational? {
    guard let numerator = Self.multiply(numerator, other.numerator),
      let denominator = Self.multiply(denominator, other.denominator)
    else { return nil }
    return Rational(numerator, over: denominator)
  }

  var negated: Rational { Rational(-numerator, over: denominator) ?? .zero }

  /// The reciprocal; `nil` for zero.
  var reciprocal: Rational? { Rational(denominator, over: numerator) }

  private static func multiply(_ a: Int128, _ b: Int128) -> Int128? {
    let (product, overflow) = a.multipliedReportingOverflow(by: b)
    return overflow ? nil : product
  }
}
