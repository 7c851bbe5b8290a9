import Testing

@testable import StockValuation

/// Conversions against an independent exact reference (``BigNatural``), on generated rate
/// tables that include legal extremes (18 significant digits, 18 decimals) and small
/// significands that make exact ties: the narrow and the wide path must both give the
/// correctly rounded result, and report an overflow exactly when the result does not fit.
@Suite struct ConversionReferenceTests {
  /// One leg: `significand / 10^scale` units of the currency per EUR.
  private struct Leg {
    var significand: Int64
    var scale: Int
  }

  private static let codes = ["EUR", "USD", "GBP", "JPY", "BHD", "HUF"]

  private static func leg(_ random: inout SplitMix) -> Leg {
    let significand: Int64 =
      switch random.next() % 4 {
      case 0: [1, 2, 3, 4, 5, 7, 8, 25, 125][Int(random.next() % 9)]
      case 1: 999_999_999_999_999_999
      default: Int64.random(in: 1..<1_000_000_000_000_000_000, using: &random)
      }
    // Scales at the ends make the ratios that pass 128 bits.
    let scale = [0, 18, Int(random.next() % 19)][Int(random.next() % 3)]
    return Leg(significand: significand, scale: scale)
  }

  private static func amount(_ random: inout SplitMix, limit: Int128) -> Int128 {
    switch random.next() % 4 {
    case 0: return Int128(Int64.random(in: -1000...1000, using: &random))
    case 1: return [limit, -limit - 1, 0, 1, -1][Int(random.next() % 5)]
    default:
      let magnitude = Int128(random.next()) << Int(random.next() % 64)
      return min(magnitude, limit) * (random.next() % 2 == 0 ? 1 : -1)
    }
  }

  /// The correctly rounded `value × rate` in the target's minor units, or `nil` on overflow.
  private static func reference(
    _ value: Int128, extraDigits: Int, source: (Currency, Leg?), target: (Currency, Leg?),
    rounding: Rounding
  ) -> Int64? {
    let sourceLeg = source.1 ?? Leg(significand: 1, scale: 0)
    let targetLeg = target.1 ?? Leg(significand: 1, scale: 0)
    // value / 10^(source minor + extra) × (t / 10^tScale) / (s / 10^sScale) × 10^(target minor)
    let numerator =
      BigNatural(value.magnitude) * BigNatural(UInt128(targetLeg.significand))
      * BigNatural.powerOfTen(sourceLeg.scale + target.0.minorUnits)
    let denominator =
      BigNatural(UInt128(sourceLeg.significand))
      * BigNatural.powerOfTen(targetLeg.scale + source.0.minorUnits + extraDigits)
    guard
      let magnitude = numerator.dividedRounded(by: denominator, halfEven: rounding == .halfEven)
    else { return nil }
    if value < 0 {
      guard magnitude <= UInt128(Int64.max) + 1 else { return nil }
      return magnitude == UInt128(Int64.max) + 1 ? .min : -Int64(magnitude)
    }
    return magnitude <= UInt128(Int64.max) ? Int64(magnitude) : nil
  }

  @Test(arguments: [Rounding.halfEven, .halfUp])
  func conversionsMatchTheExactReference(rounding: Rounding) throws {
    var random = SplitMix(state: rounding == .halfEven ? 17 : 71)
    var widePaths = 0
    var mismatches: [String] = []
    for _ in 0..<400 {
      let pair = Self.codes.shuffled(using: &random).prefix(2)
      let source = try Currency(code: pair[pair.startIndex])
      let target = try Currency(code: pair[pair.startIndex + 1])
      var legs: [Currency: Leg] = [:]
      var rates: [ExchangeRate] = []
      for currency in [source, target] where currency != .eur {
        let leg = Self.leg(&random)
        legs[currency] = leg
        rates.append(
          try ExchangeRate(
            base: .eur, quote: currency,
            value: ExactDecimal(significand: leg.significand, scale: leg.scale), date: nil,
            source: "generated"))
      }
      let table = try RateTable(base: .eur, source: "generated", rates: rates)
      let converter = try RateConverter(
        from: source, to: target, rates: table, rounding: rounding)
      if case .wide = converter.exactRatio { widePaths += 1 }
      for _ in 0..<5 {
        let minor = Int64(
          truncatingIfNeeded: Self.amount(&random, limit: Int128(Int64.max)))
        let expected = Self.reference(
          Int128(minor), extraDigits: 0, source: (source, legs[source]),
          target: (target, legs[target]), rounding: rounding)
        let actual = try? converter.convert(Money(minorUnits: minor, currency: source))
        if actual?.minorUnits != expected {
          mismatches.append("\(minor) \(source.code)→\(target.code) \(legs)")
        }
        let scaled = Self.amount(&random, limit: Int128.max)
        let exactExpected = Self.reference(
          scaled, extraDigits: 6, source: (source, legs[source]),
          target: (target, legs[target]), rounding: rounding)
        let exactActual = try? converter.convert(ExactMoney(scaled: scaled, currency: source))
        if exactActual?.minorUnits != exactExpected {
          mismatches.append("exact \(scaled) \(source.code)→\(target.code) \(legs)")
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    #expect(widePaths >= 15)
  }

  @Test func theWidePathAgreesWithTheNarrowOne() {
    var random = SplitMix(state: 5)
    for _ in 0..<2000 {
      let numerator = UInt128(random.next() >> (random.next() % 64)) + 1
      let denominator = UInt128(random.next() >> (random.next() % 64)) + 1
      let value =
        Int128(Int64.random(in: -1_000_000...1_000_000, using: &random))
        * Int128(
          random.next() % 3 == 0 ? 1 : denominator)
      let wide = RateRatio.wide(
        numerator: WideMagnitude(numerator), denominator: WideMagnitude(denominator))
      let narrow = RateRatio.narrow(numerator: numerator, denominator: denominator)
      for rounding in Rounding.allCases {
        #expect(wide.scale(value, rounding: rounding) == narrow.scale(value, rounding: rounding))
      }
    }
  }
}
