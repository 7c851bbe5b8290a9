/// Sums into an existing number: the compiled queries add a node's count into thousands of
/// accumulators, and an addition that reuses the accumulator's limbs allocates nothing.
extension BigUInt {
  /// Adds a number in place, growing the limbs only when the sum needs more.
  ///
  /// - Parameter other: What is added.
  mutating func add(_ other: BigUInt) {
    let count = other.limbs.count
    guard count > 0 else { return }
    if limbs.count < count {
      limbs.append(contentsOf: repeatElement(0, count: count - limbs.count))
    }
    var carry = false
    limbs.withUnsafeMutableBufferPointer { target in
      other.limbs.withUnsafeBufferPointer { source in
        var index = 0
        while index < count {
          let (sum, overflow) = target[index].addingReportingOverflow(source[index])
          if carry {
            let (total, overflow2) = sum.addingReportingOverflow(1)
            target[index] = total
            carry = overflow || overflow2
          } else {
            target[index] = sum
            carry = overflow
          }
          index += 1
        }
        while carry, index < target.count {
          let (total, overflow) = target[index].addingReportingOverflow(1)
          target[index] = total
          carry = overflow
          index += 1
        }
      }
    }
    if carry { limbs.append(1) }
  }
}
