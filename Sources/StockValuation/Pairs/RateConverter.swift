/// The one converter implementation: `minor units × numerator ÷ denominator`, rounded once.
struct RateConverter: CurrencyConverting {
  let source: Currency
  let target: Currency
  let rounding: Rounding
  let effectiveRate: AppliedRate
  /// Minor units of `target` per minor unit of `source` = numerator / denominator.
  private let numerator: UInt128
  private let denominator: UInt128
  /// The same ratio for exact amounts (10^-6 minor units), `nil` if it does not fit.
  private let exactRatio: (numerator: UInt128, denominator: UInt128)?

  /// Resolves the rate from `source` to `target` in `rates`.
  init(from source: Currency, to target: Currency, rates: RateTable, rounding: Rounding)
    throws(RateError)
  {
    self.source = source
    self.target = target
    self.rounding = rounding
    // A rate r = significand / 10^scale in major units; the ratio in minor units adds
    // 10^(target minor − source minor).
    var top: UInt128 = 1
    var bottom: UInt128 = 1
    var exponent = target.minorUnits - source.minorUnits
    let legs: [ExchangeRate]
    var via: Currency?
    if source == target {
      legs = []
    } else if let direct = rates.override(from: source, to: target) {
      legs = [direct]
      top = UInt128(direct.value.significand)
      exponent -= direct.value.scale
    } else {
      let base = rates.base
      var parts: [ExchangeRate] = []
      if source != base {
        guard let leg = rates.rate(for: source) else {
          throw .missingRate(source.code, source: rates.source)
        }
        parts.append(leg)
        bottom = UInt128(leg.value.significand)
        exponent += leg.value.scale
      }
      if target != base {
        guard let leg = rates.rate(for: target) else {
          throw .missingRate(target.code, source: rates.source)
        }
        parts.append(leg)
        top = UInt128(leg.value.significand)
        exponent -= leg.value.scale
      }
      legs = parts
      via = base
    }
    // Exponents are at most 18 + 4 apart, so these powers fit comfortably.
    if exponent >= 0 {
      top *= Pow10.uint128[exponent]
    } else {
      bottom *= Pow10.uint128[-exponent]
    }
    let divisor = WideArithmetic.gcd(top, bottom)
    let reducedTop = top / divisor
    let reducedBottom = bottom / divisor
    numerator = reducedTop
    denominator = reducedBottom
    let extra = UInt128(ExactMoney.extraScale)
    let common = WideArithmetic.gcd(reducedTop, extra)
    exactRatio = WideArithmetic.multiply(reducedBottom, extra / common).map {
      (reducedTop / common, $0)
    }
    let isExact = legs.count < 2 && (legs.first.map { $0.base == source } ?? true)
    effectiveRate = AppliedRate(
      from: source, to: target, legs: legs, via: via,
      value: isExact
        ? (legs.first?.value ?? ExactDecimal(significand: 1, scale: 0))
        : Self.display(legs: legs, source: source, target: target),
      isExact: isExact)
  }

  func convert(_ amount: Money) throws(MoneyError) -> Money {
    guard amount.currency == source else {
      throw .currencyMismatch(expected: source.code, actual: amount.currency.code)
    }
    guard
      let minor = WideArithmetic.scale(
        Int128(amount.minorUnits), by: numerator, over: denominator, rounding: rounding)
    else { throw .overflow("converting \(amount) to \(target.code)") }
    return Money(minorUnits: minor, currency: target)
  }

  func convert(_ amount: ExactMoney) throws(MoneyError) -> Money {
    guard amount.currency == source else {
      throw .currencyMismatch(expected: source.code, actual: amount.currency.code)
    }
    guard let ratio = exactRatio,
      let minor = WideArithmetic.scale(
        amount.scaled, by: ratio.numerator, over: ratio.denominator, rounding: rounding)
    else { throw .overflow("converting \(amount) to \(target.code)") }
    return Money(minorUnits: minor, currency: target)
  }

  /// The computed rate `target/base ÷ source/base` in major units, rounded half-even to six
  /// significant digits.
  private static func display(legs: [ExchangeRate], source: Currency, target: Currency)
    -> ExactDecimal
  {
    var top = Int128(1)
    var bottom = UInt128(1)
    var exponent = 0
    for leg in legs {
      if leg.quote == target {
        top = Int128(leg.value.significand)
        exponent -= leg.value.scale
      } else {
        bottom = UInt128(leg.value.significand)
        exponent += leg.value.scale
      }
    }
    // value = top / bottom × 10^exponent; find the scale giving six significant digits.
    var scale = 6
    var steps = 0
    while true {
      steps += 1
      let shift = exponent + scale
      let numeratorPower = shift >= 0 ? Pow10.wide(shift) : 1
      let denominatorPower = shift < 0 ? Pow10.wide(-shift) : 1
      guard let up = numeratorPower, let down = denominatorPower,
        let over = WideArithmetic.multiply(bottom, down),
        let digits = WideArithmetic.scale(top, by: up, over: over, rounding: .halfEven)
      else { return ExactDecimal(significand: 0, scale: 0) }
      if steps > 40 {
        return ExactDecimal(significand: digits, scale: scale)
      } else if digits >= 1_000_000, scale > 0 {
        scale -= 1
      } else if digits < 100_000, scale < 18 {
        scale += 1
      } else {
        return ExactDecimal(significand: digits, scale: scale)
      }
    }
  }
}
