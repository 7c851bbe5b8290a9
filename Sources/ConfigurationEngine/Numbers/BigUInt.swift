/// An unsigned integer of any size, for exact counts of builds (a product line with a few
/// hundred independent options already has more builds than `UInt64` can hold).
///
/// A value is its 64-bit limbs, least significant first, without high zero limbs, so equal
/// numbers have equal limbs and the synthesized `Hashable` is right. Zero has no limbs.
/// Arithmetic never traps: sums and products grow the limbs instead.
package struct BigUInt: Hashable, Sendable {
  /// The limbs, least significant first; the last one is never zero.
  package internal(set) var limbs: [UInt64]

  /// Zero.
  package static let zero = BigUInt()
  /// One.
  package static let one = BigUInt(1)

  /// Creates zero.
  package init() { limbs = [] }

  /// Creates a number from a machine word.
  ///
  /// - Parameter value: The value.
  package init(_ value: UInt64) { limbs = value == 0 ? [] : [value] }

  /// Creates a number from limbs, least significant first; high zero limbs are dropped.
  ///
  /// - Parameter limbs: The limbs.
  package init(limbs: [UInt64]) {
    self.limbs = limbs
    normalize()
  }

  /// `2^exponent`.
  ///
  /// - Parameter exponent: The power, not negative.
  /// - Returns: The power of two.
  package static func powerOfTwo(_ exponent: Int) -> BigUInt {
    precondition(exponent >= 0, "a negative power of two is not an unsigned integer")
    var limbs = [UInt64](repeating: 0, count: exponent / 64 + 1)
    limbs[exponent / 64] = 1 << UInt64(exponent % 64)
    return BigUInt(limbs: limbs)
  }

  /// Whether the number is zero.
  package var isZero: Bool { limbs.isEmpty }

  /// The number as a machine word, or `nil` when it does not fit.
  package var uint64Value: UInt64? {
    switch limbs.count {
    case 0: 0
    case 1: limbs[0]
    default: nil
    }
  }

  /// How many bits the number needs (zero for zero): `2^(bitWidth-1) <= n < 2^bitWidth`.
  package var bitWidth: Int {
    guard let top = limbs.last else { return 0 }
    return (limbs.count - 1) * 64 + (64 - top.leadingZeroBitCount)
  }

  /// Drops high zero limbs, restoring the one representation of the value.
  mutating func normalize() {
    while let top = limbs.last, top == 0 { limbs.removeLast() }
  }
}

extension BigUInt: Comparable {
  /// Orders numbers by value.
  ///
  /// - Parameters:
  ///   - lhs: A number.
  ///   - rhs: Another number.
  /// - Returns: Whether `lhs` is smaller.
  package static func < (lhs: BigUInt, rhs: BigUInt) -> Bool {
    if lhs.limbs.count != rhs.limbs.count { return lhs.limbs.count < rhs.limbs.count }
    for index in lhs.limbs.indices.reversed() where lhs.limbs[index] != rhs.limbs[index] {
      return lhs.limbs[index] < rhs.limbs[index]
    }
    return false
  }
}

extension BigUInt: ExpressibleByIntegerLiteral {
  /// Creates a number from an integer literal (`let n: BigUInt = 42`).
  ///
  /// - Parameter value: The literal.
  package init(integerLiteral value: UInt64) { self.init(value) }
}
