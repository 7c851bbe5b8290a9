internal import CarFactory
internal import StockValuation

extension Session {
  func currency(_ arguments: [String]) throws(CommandError) {
    guard let code = arguments.first else {
      let currency = money.currency
      switch format {
      case .text: out.line("Currency: \(currency.code) (\(currency.name))")
      case .json:
        var result = JSONObject()
        result.add("type", "currency")
        result.add("currency", currency.code)
        result.add("name", currency.name)
        out.line(result.rendered)
      case .csv:
        csvHeader(["currency", "name"])
        out.line(CSV.row([currency.code, currency.name]))
      }
      return
    }
    try expectNoArguments(Array(arguments.dropFirst()), for: .currency)
    let currency = try MoneySettings.currency(code)
    try money.setCurrency(currency)
    if format == .text {
      out.line("Currency set to \(currency.code) (\(currency.name)).")
    } else if format == .json {
      var result = JSONObject()
      result.add("type", "currencySet")
      result.add("currency", currency.code)
      out.line(result.rendered)
    }
  }

  func rates(_ arguments: [String]) throws(CommandError) {
    try expectNoArguments(arguments, for: .rates)
    let table = money.rates
    let rows: [ExchangeRate] = table.rates + table.overrides
    switch format {
    case .text:
      var text = TextTable([
        ("PAIR", .left), ("RATE", .right), ("DATE", .left), ("SOURCE", .left),
      ])
      for rate in rows {
        text.append([
          "\(rate.base.code)/\(rate.quote.code)", rate.value.description,
          rate.date?.description ?? "", rate.source,
        ])
      }
      out.line("1 BASE = RATE QUOTE. Cross rates go through EUR; overrides apply one way only.")
      for line in text.render() { out.line(line) }
    case .json:
      var result = JSONObject()
      result.add("type", "rates")
      result.add(
        "rates",
        rows.map { rate in
          var object = JSONObject()
          object.add("base", rate.base.code)
          object.add("quote", rate.quote.code)
          object.add("value", rate.value.description)
          object.add("date", rate.date?.description)
          object.add("source", rate.source)
          return object
        })
      out.line(result.rendered)
    case .csv:
      csvHeader(["base", "quote", "rate", "date", "source"])
      for rate in rows {
        out.line(
          CSV.row([
            rate.base.code, rate.quote.code, rate.value.description,
            rate.date?.description ?? "", rate.source,
          ]))
      }
    }
  }

  func rate(_ arguments: [String]) throws(CommandError) {
    guard arguments.count == 2 else {
      if arguments.count > 2 {
        throw CommandError("rate: unexpected argument '\(arguments[2])' (usage: rate CODE VALUE)")
      }
      throw CommandError(
        "rate: expected CODE and VALUE, like 'rate GBP 0.60338' (1 USD = VALUE CODE)")
    }
    let rate = try Self.overrideRate(code: arguments[0], value: arguments[1])
    try money.setRates(money.rates.overriding(with: rate))
    if format == .text {
      out.line("Rate set: \(rate.description).")
    } else if format == .json {
      var result = JSONObject()
      result.add("type", "rateSet")
      result.add("base", rate.base.code)
      result.add("quote", rate.quote.code)
      result.add("value", rate.value.description)
      result.add("source", rate.source)
      out.line(result.rendered)
    }
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
