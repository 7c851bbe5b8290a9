/// The one converter implementation: `minor units × numerator ÷ denominator`, rounded once.
struct RateConverter: CurrencyConverting {
  let source: Currency
  let target: Currency
  let rounding: Rounding
  let effectiveRate: AppliedRate
  /// Minor units of `target` per minor unit of `source`.
  let ratio: RateRatio
  /// The same ratio for exact amounts (10^-6 minor units).
  let exactRatio: RateRatio

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
      top = UInt128(direct.value.significand.magnitude)
      exponent -= direct.value.scale
    } else {
      let base = rates.base
      var parts: [ExchangeRate] = []
      if source != base {
        guard let leg = rates.rate(for: source) else { throw rates.missingRate(source) }
        parts.append(leg)
        bottom = UInt128(leg.value.significand.magnitude)
        exponent += leg.value.scale
      }
      if target != base {
        guard let leg = rates.rate(for: target) else { throw rates.missingRate(target) }
        parts.append(leg)
        top = UInt128(leg.value.significand.magnitude)
        exponent -= leg.value.scale
      }
      legs = parts
      via = base
    }
    // Significands are below 2^63 and |exponent| ≤ 18 + 4 (one scale, the minor-unit
    // difference), so both sides stay below 2^63 × 10^22 × 10^6 < 2^157; see ``RateRatio``.
    let power = Pow10.uint128[min(abs(exponent), 38)]
    func widened(_ value: UInt128, scaled: Bool) -> WideMagnitude {
      guard scaled else { return WideMagnitude(value) }
      return WideMagnitude(value).multiplied(by: power) ?? WideMagnitude(high: .max, low: .max)
    }
    let numerator = widened(top, scaled: exponent > 0)
    let denominator = widened(bottom, scaled: exponent < 0)
    ratio = RateRatio(numerator: numerator, denominator: denominator)
    exactRatio = RateRatio(
      numerator: numerator,
      denominator: denominator.multiplied(by: UInt128(ExactMoney.extraScale))
        ?? WideMagnitude(high: .max, low: .max))
    let isExact = legs.count < 2 && (legs.first.map { $0.base == source } ?? true)
    effectiveRate = AppliedRate(
      from: source, to: target, legs: legs, via: via,
      value: isExact
        ? DecimalFigure(legs.first?.value ?? ExactDecimal(significand: 1, scale: 0))
        : Self.display(legs: legs, target: target),
      isExact: isExact, tableDate: via == nil ? nil : rates.date)
  }

  func convert(_ amount: Money) throws(MoneyError) -> Money {
    guard amount.currency == source else {
      throw .currencyMismatch(expected: source.code, actual: amount.currency.code)
    }
    guard let minor = ratio.scale(Int128(amount.minorUnits), rounding: rounding) else {
      throw .overflow("converting \(amount) to \(target.code)")
    }
    return Money(minorUnits: minor, currency: target)
  }

  func convert(_ amount: ExactMoney) throws(MoneyError) -> Money {
    guard amount.currency == source else {
      throw .currencyMismatch(expected: source.code, actual: amount.currency.code)
    }
    guard let minor = exactRatio.scale(amount.scaled, rounding: rounding) else {
      throw .overflow("converting \(amount) to \(target.code)")
    }
    return Money(minorUnits: minor, currency: target)
  }

  /// The computed rate `target/base ÷ source/base` in major units, rounded half-even to six
  /// significant digits, however small or large.
  private static func display(legs: [ExchangeRate], target: Currency) -> DecimalFigure {
    var top = Int128(1)
    var bottom = UInt128(1)
    var exponent = 0
    for leg in legs {
      if leg.quote == target {
        top = Int128(leg.value.significand.magnitude)
        exponent -= leg.value.scale
      } else {
        bottom = UInt128(leg.value.significand.magnitude)
        exponent += leg.value.scale
      }
    }
    // value = top / bottom × 10^exponent. Start near six digits (from the digit counts),
    // then step: the needed shift stays within 10^±38 and the quotient within Int64.
    var scale = 6 - String(top).count + String(bottom).count - exponent
    var last = DecimalFigure(significand: 0, exponent: 0)
    for _ in 0..<64 {
      let shift = exponent + scale
      guard let up = shift >= 0 ? Pow10.wide(shift) : 1,
        let down = shift < 0 ? Pow10.wide(-shift) : 1,
        let over = WideArithmetic.multiply(bottom, down)
      else { return last }
      guard let digits = WideArithmetic.scale(top, by: up, over: over, rounding: .halfEven) else {
        scale -= 1
        continue
      }
      last = DecimalFigure(significand: UInt64(digits.magnitude), exponent: -scale)
      if digits >= 1_000_000 {
        scale -= 1
      } else if digits < 100_000 {
        scale += 1
      } else {
        return last
      }
    }
    return last
  }
}
