package import StockValuation

/// `currency`, `rates reset`, `rate CODE VALUE` and `rate CODE reset`.
extension Interpreter {
  func setCurrency(_ currency: Currency?, _ state: inout SessionState) throws(CommandError)
    -> CommandResult
  {
    guard let currency else { return .currency(state.currency) }
    try state.setCurrency(currency)
    return .event(.currencySet(currency))
  }

  func setRate(_ rate: ExchangeRate, _ state: inout SessionState) throws(CommandError)
    -> CommandResult
  {
    try state.setRates(state.money.rates.overriding(with: rate))
    return .event(.rateSet(rate))
  }

  /// `rate CODE reset`: refused when no rate of that currency was set.
  func resetRate(_ currency: Currency, _ state: inout SessionState) throws(CommandError)
    -> CommandResult
  {
    let rates = state.money.rates
    let overrides = rates.overrides.filter { $0.quote == currency || $0.base == currency }
    guard !overrides.isEmpty else {
      throw .notFound(
        command: "rate", .rateToReset(currency, inForce: rates.rate(for: currency)))
    }
    return try resetRates(overrides, &state)
  }

  /// Removes overrides, back to the rate table's own rates; refused (nothing changed) when
  /// the report currency would have no rate left.
  func resetRates(_ overrides: [ExchangeRate], _ state: inout SessionState)
    throws(CommandError) -> CommandResult
  {
    let rates = state.money.rates
    var table = rates.withoutOverrides
    let removed = Set(overrides.map { "\($0.base.code)/\($0.quote.code)" })
    for rate in rates.overrides where !removed.contains("\(rate.base.code)/\(rate.quote.code)") {
      table = table.overriding(with: rate)
    }
    try state.setRates(table)
    let currencies = Set(overrides.flatMap { [$0.base, $0.quote] }).subtracting([.usd])
    let inForce = table.rates.filter { currencies.contains($0.quote) }
    return .event(.ratesReset(removed: overrides, inForce: inForce))
  }
}
