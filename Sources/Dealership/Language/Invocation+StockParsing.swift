package import StockValuation
package import Support

/// `stock …`, `currency`, `rates` and `rate` read into invocations.
extension InvocationParser {
  /// The words after `stock` that name a subcommand.
  package static let stockSubcommands = [
    "add", "remove", "sell", "show", "load", "clear", "aging",
  ]

  func stock() throws(CommandError) -> Invocation {
    guard argumentCount >= 1 else { return .stockReport(currencies: [], category: nil) }
    if argument(0, is: "add") { return try stockAdd() }
    if argument(0, is: "remove") { return try stockRemove() }
    if argument(0, is: "sell") { return try stockSell() }
    if argument(0, is: "show") { return try stockShow() }
    if argument(0, is: "load") { return try stockLoad() }
    if argument(0, is: "clear") {
      if argumentCount > 1 {
        throw .unexpectedArgument(
          command: "stock clear", word: argument(1), hint: .usage(.stockClear))
      }
      return .stockClear
    }
    if argument(0, is: "aging") {
      if argumentCount > 1 {
        throw .unexpectedArgument(
          command: "stock aging", word: argument(1), hint: .usage(.stockAging))
      }
      return .stockAging
    }
    return try stockReport()
  }

  /// `stock add N [QTY] [vin=VIN] [cost=AMOUNT] [received=DATE]`, the keys in any order.
  private func stockAdd() throws(CommandError) -> Invocation {
    let command = "stock add"
    guard argumentCount >= 2 else {
      throw .missingArgument(command: command, .buildNumber(.stockAdd))
    }
    let number = try buildNumber(1, for: command)
    var quantity: Int64?
    var arrival = StockArrival()
    var seen: Set<String> = []
    for index in 2..<max(2, argumentCount) {
      let word = argument(index)
      guard let equals = word.firstIndex(of: "=") else {
        guard quantity == nil, seen.isEmpty else {
          throw .unexpectedArgument(command: command, word: word, hint: .usage(.stockAdd))
        }
        quantity = try self.quantity(index, for: command)
        continue
      }
      let key = ASCII.lowercased(word[..<equals])
      let value = String(word[word.index(after: equals)...])
      guard ["vin", "cost", "received"].contains(key) else {
        throw .unexpectedArgument(command: command, word: word, hint: .usage(.stockAdd))
      }
      guard seen.insert(key).inserted else { throw .invalid(command: command, .keyTwice(key)) }
      switch key {
      case "vin":
        guard let vin = VIN.checked(value) else {
          throw .badValue(command: command, .vin, value: value)
        }
        arrival.vin = vin
      case "cost":
        arrival.cost = value
      default:
        guard let date = CalendarDate(value) else {
          throw .badValue(command: command, .date(key: "received"), value: value)
        }
        arrival.received = date
      }
    }
    if let vin = arrival.vin, let quantity, quantity != 1 {
      throw .invalid(command: command, .vinWithQuantity(vin, quantity: quantity))
    }
    return .stockAdd(build: number, quantity: quantity ?? 1, arrival: arrival)
  }

  private func stockRemove() throws(CommandError) -> Invocation {
    guard argumentCount >= 2 else {
      throw .missingArgument(command: "stock remove", .stockTarget(.stockRemove))
    }
    if argumentCount > 3 {
      throw .unexpectedArgument(
        command: "stock remove", word: argument(3), hint: .usage(.stockRemove))
    }
    let target = try stockTarget(1, for: "stock remove")
    if argumentCount == 3, argument(2).contains("=") {
      throw .unexpectedArgument(
        command: "stock remove", word: argument(2), hint: .usageByStockNumber(.stockRemove))
    }
    let quantity = argumentCount == 3 ? try quantity(2, for: "stock remove") : 1
    return .stockRemove(target, quantity: quantity)
  }

  /// `stock sell S-N|N|NAME [QTY] [price=AMOUNT|order=O-K] [customer=TEXT]` or `… void
  /// [sale=K]`.
  private func stockSell() throws(CommandError) -> Invocation {
    let command = "stock sell"
    guard argumentCount >= 2 else {
      throw .missingArgument(command: command, .stockTarget(.stockSell))
    }
    let target = try stockTarget(1, for: command)
    var quantity: Int64?
    var price: String?
    var customer: String?
    var void = false
    var sale: Int?
    var order: Int?
    var trade: [String: String] = [:]
    for index in 2..<max(2, argumentCount) {
      let word = argument(index)
      if let equals = word.firstIndex(of: "=") {
        let key = ASCII.lowercased(word[..<equals])
        let value = String(word[word.index(after: equals)...])
        switch key {
        case "price" where price == nil:
          guard !value.isEmpty else {
            throw .badValue(command: command, .emptyPrice, value: "")
          }
          price = value
        case "customer" where customer == nil:
          guard !value.isEmpty else {
            throw .badValue(command: command, .emptyCustomer, value: "")
          }
          customer = value
        case "sale" where sale == nil:
          guard let number = Int(value), number >= 1, value.allSatisfy(\.isASCII) else {
            throw .badValue(command: command, .saleNumber, value: value)
          }
          sale = number
        case "order" where order == nil:
          guard let number = OrderNumber.number(in: value) else {
            throw .badValue(command: command, .orderNumber, value: value)
          }
          order = number
        // Each pattern its own `where`: one clause after a list guards only its last pattern.
        case "trade" where trade[key] == nil, "acv" where trade[key] == nil,
          "allowance" where trade[key] == nil:
          guard !value.isEmpty else {
            throw .badValue(
              command: command, key == "trade" ? .vin : .tradeInAmount(key), value: "")
          }
          trade[key] = value
        case "price", "customer", "sale", "order", "trade", "acv", "allowance":
          throw .invalid(command: command, .keyTwice(key))
        default:
          throw .unexpectedArgument(
            command: command, word: word, hint: .usageByStockNumber(.stockSell))
        }
      } else if let given = price, index > 2, argument(index - 1).lowercased().hasPrefix("price="),
        (try? Currency(code: word)) != nil, !given.contains(" ")
      {
        // `price=25836.32 GBP` unquoted: the currency is the next word.
        price = given + " " + word
      } else if argument(index, is: "void"), !void {
        void = true
      } else if quantity == nil, price == nil, customer == nil, !void {
        quantity = try self.quantity(index, for: command)
      } else {
        throw .unexpectedArgument(command: command, word: word, hint: .usage(.stockSell))
      }
    }
    var tradeIn: TradeInRequest?
    if !trade.isEmpty {
      guard let vinText = trade["trade"], let acv = trade["acv"], let allowance = trade["allowance"]
      else {
        throw .invalid(command: command, .tradeInIncomplete)
      }
      guard let vin = VIN.checked(vinText) else {
        throw .badValue(command: command, .vin, value: vinText)
      }
      guard !void else { throw .invalid(command: command, .voidWithFigures) }
      if let quantity, quantity != 1 {
        throw .invalid(command: command, .tradeInOfOneCar(quantity))
      }
      tradeIn = TradeInRequest(vin: vin, acv: acv, allowance: allowance)
    }
    guard void else {
      if sale != nil {
        throw .invalid(command: command, .saleWithoutVoid)
      }
      if order != nil, price != nil {
        throw .invalid(command: command, .orderWithPrice)
      }
      if order != nil, let quantity, quantity != 1 {
        throw .invalid(command: command, .orderOfOneCar(quantity))
      }
      return .stockSell(
        target, quantity: quantity ?? 1, price: price, customer: customer, order: order,
        trade: tradeIn)
    }
    guard quantity == nil, price == nil, customer == nil, order == nil else {
      throw .invalid(command: command, .voidWithFigures)
    }
    return .stockVoid(target, sale: sale)
  }

  /// `stock show S-N|N|NAME`.
  private func stockShow() throws(CommandError) -> Invocation {
    guard argumentCount >= 2 else {
      throw .missingArgument(command: "stock show", .stockTarget(.stockShow))
    }
    if argumentCount > 2 {
      throw .unexpectedArgument(command: "stock show", word: argument(2), hint: .usage(.stockShow))
    }
    return .stockShow(try stockTarget(1, for: "stock show"))
  }

  /// Argument `index` as a stock line: `S-N`, a build number (`3`, `#3`) or a name.
  private func stockTarget(_ index: Int, for command: String) throws(CommandError) -> StockTarget {
    let target = argument(index)
    if let parsed = StockNumber.parse(target) {
      guard let number = parsed else {
        throw .badValue(command: command, .stockNumber, value: target)
      }
      return .number(number)
    }
    // `last` is the newest build's car, as it is for `show` and `quote`.
    if argument(index, is: "last") { return .build(try last(for: command)) }
    let digits = target.hasPrefix("#") ? target.dropFirst() : target[...]
    if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
      return .build(try buildNumber(index, for: command))
    }
    return .name(target)
  }

  private func stockLoad() throws(CommandError) -> Invocation {
    var next = 1
    let replacing = argumentCount > 1 && argument(1, is: "--replace")
    if replacing { next += 1 }
    guard argumentCount > next else {
      throw .missingArgument(command: "stock load", .file(.stockLoad))
    }
    if argumentCount > next + 1 {
      throw .unexpectedArgument(
        command: "stock load", word: argument(next + 1), hint: .usage(.stockLoad))
    }
    return .stockLoad(path: argument(next), replacing: replacing)
  }

  /// `stock [CODE…] [category=NAME]`.
  private func stockReport() throws(CommandError) -> Invocation {
    var currencies: [Currency] = []
    var category: String?
    for index in 0..<argumentCount {
      let word = argument(index)
      if let equals = word.firstIndex(of: "="), ASCII.lowercased(word[..<equals]) == "category" {
        guard category == nil else {
          throw .invalid(command: "stock", .keyTwice("category"))
        }
        category = String(word[word.index(after: equals)...])
        continue
      }
      let currency = try reportCurrency(word, first: currencies.isEmpty)
      guard !currencies.contains(currency) else {
        throw .invalid(command: "stock", .currencyTwice(currency))
      }
      currencies.append(currency)
    }
    return .stockReport(currencies: currencies, category: category)
  }

  /// A currency of `stock CODE...`; a misspelt subcommand in first place is named as one.
  private func reportCurrency(_ word: String, first: Bool) throws(CommandError) -> Currency {
    do {
      return try MoneySettings.currency(word)
    } catch {
      let words = Self.stockSubcommands + ["category="]
      if first, let nearest = Suggestion.nearest(to: word, in: words) {
        throw .invalid(command: "stock", .stockWord(word, nearest: nearest))
      }
      throw .within(command: "stock", error)
    }
  }

  /// `sales [from=DAY] [to=DAY] [CODE…]`, a day `YYYY-MM-DD`, `today` or `yesterday`.
  func sales() throws(CommandError) -> Invocation {
    var from: DayReference?
    var to: DayReference?
    var currencies: [Currency] = []
    for index in 0..<argumentCount {
      let word = argument(index)
      if let equals = word.firstIndex(of: "=") {
        let key = ASCII.lowercased(word[..<equals])
        let value = String(word[word.index(after: equals)...])
        guard key == "from" || key == "to" else {
          throw .unexpectedArgument(command: "sales", word: word, hint: .usage(.command(.sales)))
        }
        guard (key == "from" ? from : to) == nil else {
          throw .invalid(command: "sales", .keyTwice(key))
        }
        guard let date = DayReference(value) else {
          throw .badValue(command: "sales", .date(key: key), value: value)
        }
        if key == "from" { from = date } else { to = date }
        continue
      }
      let currency: Currency
      do {
        currency = try MoneySettings.currency(word)
      } catch {
        throw .within(command: "sales", error)
      }
      guard !currencies.contains(currency) else {
        throw .invalid(command: "sales", .currencyTwice(currency))
      }
      currencies.append(currency)
    }
    if case .date(let from)? = from, case .date(let to)? = to, to < from {
      throw .invalid(command: "sales", .emptyDateRange(from: from, to: to))
    }
    return .sales(from: from, to: to, currencies: currencies)
  }

  // MARK: currency, rates, rate

  func currency() throws(CommandError) -> Invocation {
    guard argumentCount >= 1 else { return .currency(nil) }
    try expectArguments(upTo: 1, for: .currency)
    return .currency(try MoneySettings.currency(argument(0)))
  }

  func rates() throws(CommandError) -> Invocation {
    if argumentCount >= 1, argument(0, is: "reset") {
      try expectArguments(upTo: 1, for: .rates)
      return .ratesReset
    }
    try expectArguments(upTo: 0, for: .rates)
    return .rates
  }

  func rate() throws(CommandError) -> Invocation {
    if argumentCount == 2, argument(1, is: "reset") {
      return .rateReset(try MoneySettings.currency(argument(0)))
    }
    guard argumentCount == 2 else {
      if argumentCount > 2 {
        throw .unexpectedArgument(command: "rate", word: argument(2), hint: .usage(.rateValue))
      }
      throw .usage(command: "rate", .rateCodeAndValue)
    }
    return .rate(try Self.overrideRate(code: argument(0), value: argument(1)))
  }

  /// `1 USD = VALUE CODE` from the command line: strictly parsed, positive, never inverted.
  package static func overrideRate(code: String, value: String) throws(CommandError) -> ExchangeRate
  {
    let currency = try MoneySettings.currency(code)
    guard currency != .usd else {
      throw .invalid(command: nil, .rateOfUSD)
    }
    do {
      return try ExchangeRate(base: .usd, quote: currency, parsing: value, source: "command line")
    } catch {
      throw .failed(command: nil, error)
    }
  }
}
