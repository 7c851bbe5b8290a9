extension BigUInt {
  /// The difference `self − other`, or `nil` when `other` is larger (an unsigned number has
  /// no negative): how `catalog diff` takes the builds both sides share from one side's count.
  ///
  /// - Parameter other: The number taken away.
  /// - Returns: The difference, or `nil`.
  package func subtracting(_ other: BigUInt) -> BigUInt? {
    guard !(self < other) else { return nil }
    var limbs = self.limbs
    var borrow = false
    for index in limbs.indices {
      let subtrahend = index < other.limbs.count ? other.limbs[index] : 0
      let (first, under1) = limbs[index].subtractingReportingOverflow(subtrahend)
      let (second, under2) = first.subtractingReportingOverflow(borrow ? 1 : 0)
      limbs[index] = second
      borrow = under1 || under2
    }
    return BigUInt(limbs: limbs)
  }
}
