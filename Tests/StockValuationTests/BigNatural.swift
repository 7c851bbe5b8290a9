/// A test-only arbitrary-size natural number (base 2^32 limbs, least significant first): the
/// independent reference for conversions whose intermediates pass 128 bits.
///
/// Only what the reference needs: products, comparison, difference, and a quotient known to
/// be below 2^64 found bit by bit with products and comparisons alone.
struct BigNatural: Comparable, Equatable {
  /// The limbs, least significant first, without leading zero limbs.
  private(set) var limbs: [UInt32]

  init(_ value: UInt128) {
    var rest = value
    limbs = []
    while rest > 0 {
      limbs.append(UInt32(truncatingIfNeeded: rest))
      rest >>= 32
    }
  }

  private init(limbs: [UInt32]) {
    var trimmed = limbs
    while trimmed.last == 0 { trimmed.removeLast() }
    self.limbs = trimmed
  }

  /// 10^exponent, for exponents 0…63.
  static func powerOfTen(_ exponent: Int) -> BigNatural { powers[exponent] }

  private static let powers: [BigNatural] = {
    var values = [BigNatural(1)]
    for _ in 1..<64 { values.append(values[values.count - 1] * BigNatural(10)) }
    return values
  }()

  static func * (lhs: BigNatural, rhs: BigNatural) -> BigNatural {
    guard !lhs.limbs.isEmpty, !rhs.limbs.isEmpty else { return BigNatural(0) }
    var result = [UInt64](repeating: 0, count: lhs.limbs.count + rhs.limbs.count + 1)
    for (i, a) in lhs.limbs.enumerated() {
      var carry: UInt64 = 0
      for (j, b) in rhs.limbs.enumerated() {
        let sum = UInt64(a) * UInt64(b) + result[i + j] + carry
        result[i + j] = sum & 0xFFFF_FFFF
        carry = sum >> 32
      }
      var k = i + rhs.limbs.count
      while carry > 0 {
        let sum = result[k] + carry
        result[k] = sum & 0xFFFF_FFFF
        carry = sum >> 32
        k += 1
      }
    }
    return BigNatural(limbs: result.map { UInt32($0) })
  }

  /// The difference, for `rhs <= lhs`.
  static func - (lhs: BigNatural, rhs: BigNatural) -> BigNatural {
    var result: [UInt32] = []
    var borrow: Int64 = 0
    for index in lhs.limbs.indices {
      var value = Int64(lhs.limbs[index]) - borrow
      value -= index < rhs.limbs.count ? Int64(rhs.limbs[index]) : 0
      borrow = value < 0 ? 1 : 0
      result.append(UInt32(truncatingIfNeeded: value + (borrow << 32)))
    }
    return BigNatural(limbs: result)
  }

  static func < (lhs: BigNatural, rhs: BigNatural) -> Bool {
    if lhs.limbs.count != rhs.limbs.count { return lhs.limbs.count < rhs.limbs.count }
    for index in lhs.limbs.indices.reversed() where lhs.limbs[index] != rhs.limbs[index] {
      return lhs.limbs[index] < rhs.limbs[index]
    }
    return false
  }

  /// The value times 2^count.
  func shiftedLeft(by count: Int) -> BigNatural {
    guard !limbs.isEmpty else { return self }
    let whole = count / 32
    let bits = UInt64(count % 32)
    var result = [UInt32](repeating: 0, count: whole)
    var carry: UInt64 = 0
    for limb in limbs {
      let wide = UInt64(limb) << bits | carry
      result.append(UInt32(truncatingIfNeeded: wide))
      carry = wide >> 32
    }
    result.append(UInt32(carry))
    return BigNatural(limbs: result)
  }

  /// `self ÷ divisor` rounded to the nearest (ties even or up), or `nil` if the quotient is
  /// 2^64 or more. Long division, bit by bit.
  func dividedRounded(by divisor: BigNatural, halfEven: Bool) -> UInt128? {
    guard self < divisor.shiftedLeft(by: 64) else { return nil }
    var remainder = self
    var quotient: UInt64 = 0
    for bit in stride(from: 63, through: 0, by: -1) {
      let step = divisor.shiftedLeft(by: bit)
      if !(remainder < step) {
        remainder = remainder - step
        quotient |= 1 << UInt64(bit)
      }
    }
    let twice = remainder.shiftedLeft(by: 1)
    var result = UInt128(quotient)
    if divisor < twice || (twice == divisor && (!halfEven || quotient & 1 == 1)) { result += 1 }
    return result
  }
}
