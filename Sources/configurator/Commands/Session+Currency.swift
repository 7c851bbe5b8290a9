internal import CarFactory
internal import StockValuation

extension Session {
  func currency(_ arguments: [String]) throws(CommandError) -> CommandResult {
    guard let code = arguments.first else { return .currency(money.currency) }
    try expectNoArguments(Array(arguments.dropFirst()), for: .currency)
    let currency = try MoneySettings.currency(code)
    try money.setCurrency(currency)
    return .event(.currencySet(currency))
  }

  func rates(_ arguments: [String]) throws(CommandError) -> CommandResult {
    try expectNoArguments(arguments, for: .rates)
    return .rates(money.rates.rates + money.rates.overrides)
  }

  func rate(_ arguments: [String]) throws(CommandError) -> CommandResult {
    guard arguments.count == 2 else {
      if arguments.count > 2 {
        throw CommandError("rate: unexpected argument '\(arguments[2])' (usage: rate CODE VALUE)")
      }
      throw CommandError(
        "rate: expected CODE and VALUE, like 'rate GBP 0.60338' (1 USD = VALUE CODE)")
    }
    let rate = try Self.overrideRate(code: arguments[0], value: arguments[1])
    try money.setRates(money.rates.overriding(with: rate))
    return .event(.rateSet(rate))
  }

  /// `1 USD = VALUE CODE` from the command line: strictly parsed, positive, never inverted.
  static func overrideRate(code: String, value: String) throws(CommandError) -> ExchangeRate {
    let currency = try MoneySettings.currency(code)
    guard currency != .usd else {
      throw CommandError("USD is the list-price currency; give the rate of another currency")
    }
    do {
      return try ExchangeRate(base: .usd, quote: currency, parsing: value, source: "command line")
    } catch {
      throw CommandError(error.description)
    }
  }
}
