package import StockValuation

/// `stock aging`: the stock by days since received (SPEC §15).
extension Interpreter {
  /// The stock grouped by days since received, in the session's currency: values are summed
  /// exactly in USD and converted once per band, costs summed exactly in their currency
  /// (USD ones converted once per band).
  func stockAging(_ state: SessionState) throws(CommandError) -> CommandResult {
    let command = "stock aging"
    let today = try Today.date(for: command, in: environment)
    let currency = state.currency
    let converter = try state.money.converter(to: currency)
    let slots = StockAging.spans.count + 1
    var counts = [Int64](repeating: 0, count: slots)
    var uncosted = [Int64](repeating: 0, count: slots)
    var values = [ExactMoney](repeating: .zero(.usd), count: slots)
    var costs = [Money](repeating: Money(minorUnits: 0, currency: currency), count: slots)
    var usdCosts = [Money](repeating: Money(minorUnits: 0, currency: .usd), count: slots)
    let plan = state.floorPlan
    var interests = costs
    var usdInterests = usdCosts
    do throws(MoneyError) {
      for line in state.stock.lines where line.quantity > 0 {
        let slot = StockAging.band(ofDays: line.received.map { max(0, $0.days(until: today)) })
        counts[slot] = try Self.sum(counts[slot], line.quantity, line.name)
        values[slot] = try values[slot].adding(try line.exactValue())
        guard let cost = line.cost, cost.currency == currency || cost.currency == .usd else {
          uncosted[slot] = try Self.sum(uncosted[slot], line.quantity, line.name)
          continue
        }
        let lineCost = try cost.multiplied(by: line.quantity)
        // Each car's interest is rounded once, then counted as many times as there are cars.
        let interest = try line.received.map { received throws(MoneyError) in
          try plan.interest(on: cost, from: received, to: today, rounding: state.money.rounding)
            .multiplied(by: line.quantity)
        }
        if cost.currency == currency {
          costs[slot] = try costs[slot].adding(lineCost)
          if let interest { interests[slot] = try interests[slot].adding(interest) }
        } else {
          usdCosts[slot] = try usdCosts[slot].adding(lineCost)
          if let interest { usdInterests[slot] = try usdInterests[slot].adding(interest) }
        }
      }
      let undated = StockAging.spans.count
      for summary in state.stock.summaries {
        counts[undated] = try Self.sum(counts[undated], summary.itemCount, summary.source)
        uncosted[undated] = try Self.sum(uncosted[undated], summary.itemCount, summary.source)
        for category in summary.categories {
          values[undated] = try values[undated].adding(category.exactTotal)
        }
      }
      var bands: [StockAging.Band] = []
      var total = StockAging.Band(
        span: .undated, count: 0, uncosted: 0, cost: Money(minorUnits: 0, currency: currency),
        value: Money(minorUnits: 0, currency: currency),
        interest: plan.isSet ? Money(minorUnits: 0, currency: currency) : nil)
      var totalValue = ExactMoney.zero(.usd)
      for slot in 0..<slots where slot < StockAging.spans.count || counts[slot] > 0 {
        let cost = try costs[slot].adding(try converter.convert(usdCosts[slot]))
        let interest = try interests[slot].adding(try converter.convert(usdInterests[slot]))
        let band = StockAging.Band(
          span: slot < StockAging.spans.count ? StockAging.spans[slot] : .undated,
          count: counts[slot], uncosted: uncosted[slot], cost: cost,
          value: try converter.convert(values[slot]), interest: plan.isSet ? interest : nil)
        bands.append(band)
        total.count = try Self.sum(total.count, band.count, "stock")
        total.uncosted = try Self.sum(total.uncosted, band.uncosted, "stock")
        total.cost = try total.cost.adding(cost)
        total.interest = try total.interest?.adding(interest)
        totalValue = try totalValue.adding(values[slot])
      }
      // The total value is the exact sum converted once, as the stock report's is.
      total.value = try converter.convert(totalValue)
      return .stockAging(
        StockAging(
          date: today, currency: currency, bands: bands, total: total,
          floorPlanRate: plan.rate(on: today)?.percent))
    } catch {
      throw .limit(command: command, .stockValue(error))
    }
  }

  /// `a + b`, or an overflow naming what was being counted.
  private static func sum(_ a: Int64, _ b: Int64, _ what: String) throws(MoneyError) -> Int64 {
    let (sum, overflow) = a.addingReportingOverflow(b)
    guard !overflow else { throw .overflow("count of '\(what)'") }
    return sum
  }
}
