import ConfigurationEngine
import Testing

@testable import CarFactory

/// The shares of `count … by=value` (SPEC §17): `part / whole` as a percentage rounded half
/// to even, exact for counts of any size, against integer arithmetic.
@Suite struct PercentageTests {
  /// `round(part · 100 · 10^decimals / whole)`, half to even, and whether it was exact.
  static func reference(_ part: Int, _ whole: Int, decimals: Int) -> (UInt64, Bool) {
    var scale: UInt64 = 100
    for _ in 0..<decimals { scale *= 10 }
    let (quotient, remainder) = (UInt64(part) * scale).quotientAndRemainder(
      dividingBy: UInt64(whole))
    let twice = 2 * remainder
    let up = twice > UInt64(whole) || (twice == UInt64(whole) && quotient % 2 == 1)
    return (up ? quotient + 1 : quotient, remainder == 0)
  }

  @Test(arguments: [0, 1, 2, 3])
  func everyShareOfSmallCountsRoundsHalfToEven(decimals: Int) {
    var scale: UInt64 = 100
    for _ in 0..<decimals { scale *= 10 }
    var ties = 0
    for whole in 1...160 {
      for part in 0...whole {
        let share = ValueCounts.percentage(
          BigUInt(UInt64(part)), of: BigUInt(UInt64(whole)), scale: scale, decimals: decimals)
        let (expected, exact) = Self.reference(part, whole, decimals: decimals)
        #expect(share.scaled == expected, "\(part)/\(whole) to \(decimals)")
        #expect(share.isExact == exact, "\(part)/\(whole) to \(decimals)")
        if (UInt64(part) * scale * 2) % UInt64(whole) == 0, !exact { ties += 1 }
      }
    }
    // Halves were met (1/8 = 12.5% to no decimals, 1/32 = 3.125% to two), so both ways
    // of a tie were checked.
    #expect(ties > 10)
  }

  @Test func hugeCountsRoundAsTheirRatioDoes() {
    // 3/8 and 1/3 of a whole past 2^300: the estimate from the top bits is corrected
    // exactly, as for small numbers.
    let unit = BigUInt.powerOfTwo(300).multiplied(byWord: 12_345)
    for (part, whole) in [(3, 8), (1, 3), (2, 3), (1, 32), (7, 7), (0, 5), (1, 1_000_000)] {
      for decimals in [0, 2, 6] {
        var scale: UInt64 = 100
        for _ in 0..<decimals { scale *= 10 }
        let share = ValueCounts.percentage(
          unit.multiplied(byWord: UInt64(part)), of: unit.multiplied(byWord: UInt64(whole)),
          scale: scale, decimals: decimals)
        let (expected, exact) = Self.reference(part, whole, decimals: decimals)
        #expect(share.scaled == expected && share.isExact == exact, "\(part)/\(whole)")
      }
    }
  }

  @Test func digitsKeepEveryDecimal() {
    #expect(Percentage(scaled: 3617, decimals: 2, isExact: false).digits == "36.17")
    #expect(Percentage(scaled: 5, decimals: 2, isExact: true).digits == "0.05")
    #expect(Percentage(scaled: 100_000_000, decimals: 6, isExact: true).digits == "100.000000")
    #expect(Percentage(scaled: 42, decimals: 0, isExact: true).digits == "42")
  }
}
