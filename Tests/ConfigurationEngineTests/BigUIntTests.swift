import Testing

@testable import ConfigurationEngine

@Suite struct BigUIntTests {
  /// The number with a 128-bit machine value, built from its two words.
  private static func big(_ value: UInt128) -> BigUInt {
    BigUInt(limbs: [UInt64(truncatingIfNeeded: value), UInt64(truncatingIfNeeded: value >> 64)])
  }

  /// Random words, edges included, from a fixed seed.
  private static func words(count: Int, seed: UInt64) -> [UInt64] {
    var generator = CountRandom(seed: seed)
    let edges: [UInt64] = [
      0, 1, 2, .max, .max - 1, 1 << 63, (1 << 32) - 1, 10_000_000_000_000_000_000,
    ]
    return edges
      + (0..<count).map { index in
        // Mix small, medium and full-width values.
        let raw = generator.next()
        switch index % 3 {
        case 0: return raw & 0xFFFF
        case 1: return raw >> 20
        default: return raw
        }
      }
  }

  @Test func sumsAndProductsOfWordsMatchUInt128() {
    let values = Self.words(count: 60, seed: 7)
    for a in values {
      for b in values {
        let (sum, overflow) = UInt128(a).addingReportingOverflow(UInt128(b))
        #expect(!overflow)
        #expect(BigUInt(a) + BigUInt(b) == Self.big(sum))
        #expect(BigUInt(a) * BigUInt(b) == Self.big(UInt128(a) * UInt128(b)))
        #expect(BigUInt(a).multiplied(byWord: b) == Self.big(UInt128(a) * UInt128(b)))
        #expect((BigUInt(a) < BigUInt(b)) == (a < b))
      }
    }
  }

  @Test func decimalTextMatchesUInt128() {
    for a in Self.words(count: 40, seed: 11) {
      for b in Self.words(count: 10, seed: 12) {
        let value = UInt128(a) << 64 | UInt128(b)
        let text = String(value)
        #expect(Self.big(value).description == text)
        #expect(BigUInt(text) == Self.big(value))
      }
    }
  }

  @Test func divisionByAWordMatchesUInt128() {
    for a in Self.words(count: 30, seed: 13) {
      for divisor in Self.words(count: 30, seed: 14) where divisor != 0 {
        let value = UInt128(a) << 64 | UInt128(a ^ divisor)
        let (quotient, remainder) = Self.big(value).quotientAndRemainder(dividingBy: divisor)
        #expect(quotient == Self.big(value / UInt128(divisor)))
        #expect(UInt128(remainder) == value % UInt128(divisor))
      }
    }
  }

  @Test func powersOfTwoAreExact() {
    #expect(BigUInt.powerOfTwo(0).description == "1")
    #expect(BigUInt.powerOfTwo(64).description == "18446744073709551616")
    #expect(
      BigUInt.powerOfTwo(200).description
        == "1606938044258990275541962092341162602522202993782792835301376")
    // 2^200 by doubling, by shifting, and as (2^100)^2 agree.
    var doubled = BigUInt.one
    for _ in 0..<200 { doubled += doubled }
    #expect(doubled == .powerOfTwo(200))
    #expect(BigUInt(3).shiftedLeft(by: 199) == .powerOfTwo(200) + .powerOfTwo(199))
    #expect(BigUInt.powerOfTwo(100) * BigUInt.powerOfTwo(100) == .powerOfTwo(200))
    #expect(BigUInt.powerOfTwo(200).bitWidth == 201)
  }

  @Test func powersEqualRepeatedProducts() {
    // 3^40 = 12157665459056928801 (a word); 67^91 by repeated products; x^0 = 1, 0^0 = 1.
    #expect(BigUInt(3).power(40).description == "12157665459056928801")
    for (base, exponent) in [(67, 91), (2, 130), (10, 45), (1, 1000), (0, 5), (7, 0), (0, 0)] {
      var product = BigUInt.one
      for _ in 0..<exponent { product *= BigUInt(UInt64(base)) }
      #expect(BigUInt(UInt64(base)).power(exponent) == product, "\(base)^\(exponent)")
    }
    #expect(BigUInt(10).power(45).description == "1" + String(repeating: "0", count: 45))
  }

  @Test func thirtyFactorialIsExact() {
    var factorial = BigUInt.one
    for factor in 1...30 { factorial *= BigUInt(UInt64(factor)) }
    #expect(factorial.description == "265252859812191058636308480000000")
    #expect(BigUInt("265252859812191058636308480000000") == factorial)
  }

  @Test func manyLimbProductsAreAssociativeAndDistributive() {
    var generator = CountRandom(seed: 21)
    func random(_ limbs: Int) -> BigUInt {
      BigUInt(limbs: (0..<limbs).map { _ in generator.next() })
    }
    for size in 1...8 {
      let a = random(size)
      let b = random(size + 3)
      let c = random(2 * size)
      #expect((a * b) * c == a * (b * c))
      #expect(a * (b + c) == a * b + a * c)
      #expect(a * b == b * a)
      #expect(BigUInt(a.description) == a)
      #expect(a.shiftedLeft(by: 70 * size) == a * .powerOfTwo(70 * size))
    }
  }

  @Test func zeroHasOneRepresentation() {
    #expect(BigUInt(limbs: [0, 0, 0]) == .zero)
    #expect(BigUInt(limbs: [5, 0]) == BigUInt(5))
    #expect(BigUInt.zero.description == "0")
    #expect((BigUInt.powerOfTwo(300) * .zero).isZero)
    #expect(BigUInt("0") == .zero)
    #expect(BigUInt("") == nil)
    #expect(BigUInt("12a") == nil)
    #expect(BigUInt("-1") == nil)
  }
}
