internal import CarFactory
internal import StockValuation
import Support

extension Session {
  func currency(_ arguments: [String]) throws(CommandError) -> CommandResult {
    guard let code = arguments.first else { return .currency(money.currency) }
    try expectNoArguments(Array(arguments.dropFirst()), for: .currency)
    let currency = try MoneySettings.currency(code)
    try money.setCurrency(currency)
    return .event(.currencySet(currency))
  }

  func rates(_ arguments: [String]) throws(CommandError) -> CommandResult {
    if let word = arguments.first, ASCII.lowercased(word[...]) == "reset" {
      try expectNoArguments(Array(arguments.dropFirst()), for: .rates)
      return try resetRates(money.rates.overrides)
    }
    try expectNoArguments(arguments, for: .rates)
    return .rates(money.rates.rates + money.rates.overrides)
  }

  func rate(_ arguments: [String]) throws(CommandError) -> CommandResult {
    if arguments.count == 2, ASCII.lowercased(arguments[1][...]) == "reset" {
      let currency = try MoneySettings.currency(arguments[0])
      let overrides = money.rates.overrides.filter { $0.quote == currency || $0.base == currency }
      guard !overrides.isEmpty else {
        let rate = money.rates.rate(for: currency).map { ": \($0.description) is in force" } ?? ""
        throw .notFound(
          command: "rate", reason: "no rate of \(currency.code) was set to reset\(rate)")
      }
      return try resetRates(overrides)
    }
    guard arguments.count == 2 else {
      if arguments.count > 2 {
        throw .unexpectedArgument(
          command: "rate", word: arguments[2], hint: "usage: rate CODE VALUE")
      }
      throw .usage(
        command: "rate", expected: "CODE and VALUE, like 'rate GBP 0.60338' (1 USD = VALUE CODE)")
    }
    let rate = try Self.overrideRate(code: arguments[0], value: arguments[1])
    try money.setRates(money.rates.overriding(with: rate))
    return .event(.rateSet(rate))
  }

  /// Removes overrides, back to the rate table's own rates; refused (nothing changed) when
  /// the report currency would have no rate left.
  private func resetRates(_ overrides: [ExchangeRate]) throws(CommandError) -> CommandResult {
    var table = money.rates.withoutOverrides
    let removed = Set(overrides.map { "\($0.base.code)/\($0.quote.code)" })
    for rate in money.rates.overrides
    where !removed.contains("\(rate.base.code)/\(rate.quote.code)") {
      table = table.overriding(with: rate)
    }
    try money.setRates(table)
    let currencies = Set(overrides.flatMap { [$0.base, $0.quote] }).subtracting([.usd])
    let inForce = table.rates.filter { currencies.contains($0.quote) }
    return .event(.ratesReset(removed: overrides, inForce: inForce))
  }

  /// `1 USD = VALUE CODE` from the command line: strictly parsed, positive, never inverted.
  static func overrideRate(code: String, value: String) throws(CommandError) -> ExchangeRate {
    let currency = try MoneySettings.currency(code)
    guard currency != .usd else {
      throw .invalid(
        command: nil, reason: "USD is the list-price currency; give the rate of another currency")
    }
    do {
      return try ExchangeRate(base: .usd, quote: currency, parsing: value, source: "command line")
    } catch {
      throw .failed(command: nil, error)
    }
  }
}
