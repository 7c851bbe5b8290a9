import Testing

@testable import StockValuation

/// `roundsToMinorUnits` answers as `rounded` does: a comparison far from the limit, the
/// rounding itself near it.
@Suite struct ExactMoneyFitTests {
  @Test func fitsExactlyWhenRoundingDoes() {
    let scale = ExactMoney.extraScale
    let limit = Int128(Int64.max)
    let cases: [Int128] = [
      0, 1, -1, scale, 123_456_789 * scale,
      (limit - 2) * scale, (limit - 1) * scale, (limit - 1) * scale + 1,
      limit * scale, limit * scale + scale / 2 - 1, limit * scale + scale / 2,
      limit * scale + scale / 2 + 1, (limit + 1) * scale,
      -limit * scale, -(limit + 1) * scale, -(limit + 1) * scale - scale / 2,
      -(limit + 1) * scale - scale / 2 - 1, -(limit + 2) * scale,
    ]
    for scaled in cases {
      let money = ExactMoney(scaled: scaled, currency: .usd)
      for rounding in [Rounding.halfEven, .halfUp] {
        let rounds = (try? money.rounded(rounding)) != nil
        #expect(money.roundsToMinorUnits(rounding) == rounds, "\(scaled) \(rounding)")
      }
    }
  }
}
