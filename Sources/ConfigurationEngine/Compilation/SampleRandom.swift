/// The generator behind samples and fleets: xoshiro256** (Blackman and Vigna) seeded through
/// SplitMix64, written out here so that a seed gives the same numbers on every platform and
/// toolchain (no library algorithm between the bits and the draws).
package struct SampleRandom: Sendable {
  private var s0: UInt64
  private var s1: UInt64
  private var s2: UInt64
  private var s3: UInt64

  /// A generator from a seed; every seed (zero too) gives a valid state.
  ///
  /// - Parameter seed: The seed.
  package init(seed: UInt64) {
    var state = seed
    func splitMix() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    s0 = splitMix()
    s1 = splitMix()
    s2 = splitMix()
    s3 = splitMix()
  }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    let result = ((s1 &* 5) << 7 | (s1 &* 5) >> 57) &* 9
    let t = s1 << 17
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = s3 << 45 | s3 >> 19
    return result
  }

  /// A random bit.
  package mutating func bit() -> Bool { next() >> 63 == 1 }

  /// A number drawn uniformly below a bound that is not zero: as many random bits as the
  /// bound has, drawn again while they reach it (fewer than two draws on average).
  ///
  /// - Parameter bound: The bound, not zero.
  /// - Returns: A number in `0 ..< bound`.
  package mutating func below(_ bound: BigUInt) -> BigUInt {
    precondition(!bound.isZero, "no number is below zero")
    let width = bound.bitWidth
    if width <= 64, let small = bound.uint64Value { return BigUInt(below(small)) }
    let topBits = UInt64(width - (bound.limbs.count - 1) * 64)
    let topMask: UInt64 = topBits == 64 ? ~0 : (1 << topBits) - 1
    var limbs = [UInt64](repeating: 0, count: bound.limbs.count)
    while true {
      for index in limbs.indices { limbs[index] = next() }
      limbs[limbs.count - 1] &= topMask
      let candidate = BigUInt(limbs: limbs)
      if candidate < bound { return candidate }
    }
  }

  /// A number drawn uniformly below a machine word that is not zero.
  ///
  /// - Parameter bound: The bound, not zero.
  /// - Returns: A number in `0 ..< bound`.
  package mutating func below(_ bound: UInt64) -> UInt64 {
    precondition(bound != 0, "no number is below zero")
    let shift = UInt64((bound - 1).leadingZeroBitCount)
    while true {
      let candidate = shift == 64 ? 0 : next() >> shift
      if candidate < bound { return candidate }
    }
  }
}
