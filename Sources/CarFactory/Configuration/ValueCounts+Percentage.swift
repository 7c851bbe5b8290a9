internal import ConfigurationEngine

/// A share of the valid builds as a percentage with a fixed number of decimals, rounded half
/// to even from the exact counts (never through binary floating point): what `count …
/// by=value` shows and writes (SPEC §17).
public struct Percentage: Hashable, Sendable {
  /// The percentage times `10^decimals`, rounded half to even (`3617` for 36.17% with two
  /// decimals).
  public let scaled: UInt64
  /// The decimals kept.
  public let decimals: Int
  /// Whether the share is exactly this percentage (no rounding was needed).
  public let isExact: Bool

  /// The most decimals kept: 100% of them still fits in 64 bits.
  public static let maximumDecimals = 16

  /// The percentage in decimal digits, without the sign (`36.17`, `100.00`, `0.00`).
  public var digits: String {
    guard decimals > 0 else { return String(scaled) }
    var scale: UInt64 = 1
    for _ in 0..<decimals { scale *= 10 }
    let fraction = String(scaled % scale)
    return String(scaled / scale) + "."
      + String(repeating: "0", count: decimals - fraction.count) + fraction
  }
}

extension ValueCounts {
  /// The share of the valid builds that hold a value, as a percentage rounded half to even to
  /// `decimals` places; `nil` when either count is unknown or there is no valid build.
  ///
  /// - Parameters:
  ///   - value: An index into ``ProductLine/values``.
  ///   - decimals: The decimals kept, from 0 to ``Percentage/maximumDecimals``.
  /// - Returns: The percentage.
  public func percentage(of value: Int, decimals: Int) -> Percentage? {
    guard counts.indices.contains(value), let count = counts[value], let total,
      !total.value.isZero, !(total.value < count.value)
    else { return nil }
    let decimals = min(max(decimals, 0), Percentage.maximumDecimals)
    var scale: UInt64 = 100
    for _ in 0..<decimals { scale *= 10 }
    return Self.percentage(count.value, of: total.value, scale: scale, decimals: decimals)
  }

  /// `round(part · scale / whole)`, half to even, for `part ≤ whole`, `whole > 0`: an
  /// estimate from the numbers' top 64 bits in integers (off by at most two: the whole's top
  /// word is at least 2^63 once it is cut), then corrected by exact products.
  static func percentage(_ part: BigUInt, of whole: BigUInt, scale: UInt64, decimals: Int)
    -> Percentage
  {
    let scaledPart = part.multiplied(byWord: scale)
    let (partTop, wholeTop) = topWords(part, whole)
    var quotient: UInt64 = 0
    if wholeTop > 0 {
      // Below 2^64 · scale / 2^63 when the words were cut, and at most scale otherwise.
      let estimate = UInt128(partTop) * UInt128(scale) / UInt128(wholeTop)
      quotient = UInt64(min(estimate, UInt128(scale)))
    }
    // quotient = ⌊part · scale / whole⌋: the largest q with q · whole ≤ part · scale.
    while quotient > 0, scaledPart < whole.multiplied(byWord: quotient) { quotient -= 1 }
    while quotient < scale, !(scaledPart < whole.multiplied(byWord: quotient + 1)) {
      quotient += 1
    }
    let floor = whole.multiplied(byWord: quotient)
    let isExact = floor == scaledPart
    // Up when twice the remainder passes the whole (2·part·scale > (2q + 1)·whole), or ties
    // it with an odd quotient.
    let twice = scaledPart.multiplied(byWord: 2)
    let middle = whole.multiplied(byWord: 2 * quotient + 1)
    if middle < twice || (middle == twice && quotient % 2 == 1) { quotient += 1 }
    return Percentage(scaled: quotient, decimals: decimals, isExact: isExact)
  }

  /// The two numbers' words at the whole's top 64 bits (the same shift for both): exact
  /// below 2^64.
  static func topWords(_ part: BigUInt, _ whole: BigUInt) -> (UInt64, UInt64) {
    let shift = max(whole.bitWidth - 64, 0)
    func top(_ number: BigUInt) -> UInt64 {
      let word = shift / 64
      let bits = UInt64(shift % 64)
      let limbs = number.limbs
      guard word < limbs.count else { return 0 }
      var value = limbs[word] >> bits
      if bits != 0, word + 1 < limbs.count { value |= limbs[word + 1] << (64 - bits) }
      return value
    }
    return (top(part), top(whole))
  }
}
