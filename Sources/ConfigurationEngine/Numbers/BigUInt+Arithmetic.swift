/// Sums, products and division by a word: what counting needs, none of it trapping.
extension BigUInt {
  /// The sum of two numbers.
  ///
  /// - Parameters:
  ///   - lhs: A number.
  ///   - rhs: Another number.
  /// - Returns: `lhs + rhs`.
  package static func + (lhs: BigUInt, rhs: BigUInt) -> BigUInt {
    var sum = lhs
    sum += rhs
    return sum
  }

  /// Adds a number in place.
  ///
  /// - Parameters:
  ///   - lhs: The number that grows.
  ///   - rhs: What is added.
  package static func += (lhs: inout BigUInt, rhs: BigUInt) {
    if rhs.limbs.count > lhs.limbs.count {
      lhs.limbs.append(contentsOf: repeatElement(0, count: rhs.limbs.count - lhs.limbs.count))
    }
    var carry: UInt64 = 0
    for index in lhs.limbs.indices {
      if index >= rhs.limbs.count, carry == 0 { break }
      let addend = index < rhs.limbs.count ? rhs.limbs[index] : 0
      let (partial, overflow1) = lhs.limbs[index].addingReportingOverflow(addend)
      let (total, overflow2) = partial.addingReportingOverflow(carry)
      lhs.limbs[index] = total
      carry = (overflow1 ? 1 : 0) + (overflow2 ? 1 : 0)
    }
    if carry != 0 { lhs.limbs.append(carry) }
  }

  /// The product of two numbers (schoolbook: counts multiply component by component, and
  /// the operands stay a few hundred limbs at most).
  ///
  /// - Parameters:
  ///   - lhs: A number.
  ///   - rhs: Another number.
  /// - Returns: `lhs · rhs`.
  package static func * (lhs: BigUInt, rhs: BigUInt) -> BigUInt {
    if lhs.isZero || rhs.isZero { return .zero }
    if let word = rhs.uint64Value { return lhs.multiplied(byWord: word) }
    if let word = lhs.uint64Value { return rhs.multiplied(byWord: word) }
    var product = [UInt64](repeating: 0, count: lhs.limbs.count + rhs.limbs.count)
    for (i, left) in lhs.limbs.enumerated() {
      var carry: UInt64 = 0
      for (j, right) in rhs.limbs.enumerated() {
        // left·right + product + carry < 2^128, so the high word takes every carry.
        let (high, low) = left.multipliedFullWidth(by: right)
        let (sum1, overflow1) = low.addingReportingOverflow(product[i + j])
        let (sum2, overflow2) = sum1.addingReportingOverflow(carry)
        product[i + j] = sum2
        carry = high &+ (overflow1 ? 1 : 0) &+ (overflow2 ? 1 : 0)
      }
      product[i + rhs.limbs.count] = carry
    }
    return BigUInt(limbs: product)
  }

  /// The number raised to a power (by repeated squaring).
  ///
  /// - Parameter exponent: The power, at least 0.
  /// - Returns: `self` to the power `exponent` (1 for 0).
  package func power(_ exponent: Int) -> BigUInt {
    var result = BigUInt.one
    var base = self
    var left = exponent
    while left > 0 {
      if left & 1 == 1 { result *= base }
      left >>= 1
      if left > 0 { base *= base }
    }
    return result
  }

  /// Multiplies by a number in place.
  ///
  /// - Parameters:
  ///   - lhs: The number that changes.
  ///   - rhs: The factor.
  package static func *= (lhs: inout BigUInt, rhs: BigUInt) {
    lhs = lhs * rhs
  }

  /// The product with a machine word.
  ///
  /// - Parameter word: The factor.
  /// - Returns: `self · word`.
  package func multiplied(byWord word: UInt64) -> BigUInt {
    if word == 0 || isZero { return .zero }
    var product = limbs
    var carry: UInt64 = 0
    for index in product.indices {
      let (high, low) = product[index].multipliedFullWidth(by: word)
      let (sum, overflow) = low.addingReportingOverflow(carry)
      product[index] = sum
      carry = high &+ (overflow ? 1 : 0)
    }
    if carry != 0 { product.append(carry) }
    return BigUInt(limbs: product)
  }

  /// The product with `2^exponent` (each free variable doubles a count).
  ///
  /// - Parameter exponent: The power of two, not negative.
  /// - Returns: `self · 2^exponent`.
  package func shiftedLeft(by exponent: Int) -> BigUInt {
    precondition(exponent >= 0, "a negative shift is not a multiplication")
    if isZero || exponent == 0 { return self }
    let wordShift = exponent / 64
    let bitShift = UInt64(exponent % 64)
    var shifted = [UInt64](repeating: 0, count: wordShift + limbs.count + 1)
    for (index, limb) in limbs.enumerated() {
      shifted[index + wordShift] |= limb << bitShift
      if bitShift != 0 { shifted[index + wordShift + 1] = limb >> (64 - bitShift) }
    }
    return BigUInt(limbs: shifted)
  }

  /// The quotient and remainder of division by a nonzero machine word.
  ///
  /// - Parameter divisor: The divisor, not zero.
  /// - Returns: `self / divisor` and `self % divisor`.
  package func quotientAndRemainder(dividingBy divisor: UInt64) -> (
    quotient: BigUInt, remainder: UInt64
  ) {
    precondition(divisor != 0, "division by zero")
    var quotient = limbs
    var remainder: UInt64 = 0
    for index in quotient.indices.reversed() {
      // remainder < divisor, so the two-word dividend's quotient fits one word.
      let (q, r) = divisor.dividingFullWidth((high: remainder, low: quotient[index]))
      quotient[index] = q
      remainder = r
    }
    return (BigUInt(limbs: quotient), remainder)
  }
}
