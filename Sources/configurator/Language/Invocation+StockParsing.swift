internal import StockValuation
import Support

/// `stock …`, `currency`, `rates` and `rate` read into invocations.
extension InvocationParser {
  /// The words after `stock` that name a subcommand.
  static let stockSubcommands = ["add", "remove", "load", "clear"]

  func stock() throws(CommandError) -> Invocation {
    guard argumentCount >= 1 else { return .stockReport(currencies: [], category: nil) }
    if argument(0, is: "add") { return try stockAdd() }
    if argument(0, is: "remove") { return try stockRemove() }
    if argument(0, is: "load") { return try stockLoad() }
    if argument(0, is: "clear") {
      if argumentCount > 1 {
        throw .unexpectedArgument(
          command: "stock clear", word: argument(1), hint: "usage: stock clear")
      }
      return .stockClear
    }
    return try stockReport()
  }

  private func stockAdd() throws(CommandError) -> Invocation {
    let usage = "usage: stock add N [QTY]"
    guard argumentCount >= 2 else {
      throw .missingArgument(command: "stock add", what: "build number", hint: usage)
    }
    if argumentCount > 3 {
      throw .unexpectedArgument(command: "stock add", word: argument(3), hint: usage)
    }
    let number = try buildNumber(1, for: "stock add")
    let quantity = argumentCount == 3 ? try quantity(2, for: "stock add") : 1
    return .stockAdd(build: number, quantity: quantity)
  }

  private func stockRemove() throws(CommandError) -> Invocation {
    let usage = "usage: stock remove N|NAME [QTY]"
    guard argumentCount >= 2 else {
      throw .missingArgument(
        command: "stock remove", what: "build number or product name", hint: usage)
    }
    if argumentCount > 3 {
      throw .unexpectedArgument(command: "stock remove", word: argument(3), hint: usage)
    }
    let quantity = argumentCount == 3 ? try quantity(2, for: "stock remove") : 1
    let target = argument(1)
    let digits = target.hasPrefix("#") ? target.dropFirst() : target[...]
    if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
      return .stockRemove(.build(try buildNumber(1, for: "stock remove")), quantity: quantity)
    }
    return .stockRemove(.name(target), quantity: quantity)
  }

  private func stockLoad() throws(CommandError) -> Invocation {
    let usage = "usage: stock load [--replace] FILE"
    var next = 1
    let replacing = argumentCount > 1 && argument(1, is: "--replace")
    if replacing { next += 1 }
    guard argumentCount > next else {
      throw .missingArgument(command: "stock load", what: "FILE", hint: usage)
    }
    if argumentCount > next + 1 {
      throw .unexpectedArgument(command: "stock load", word: argument(next + 1), hint: usage)
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
          throw .invalid(command: "stock", reason: "category= is given twice")
        }
        category = String(word[word.index(after: equals)...])
        continue
      }
      let currency = try reportCurrency(word, first: currencies.isEmpty)
      guard !currencies.contains(currency) else {
        throw .invalid(command: "stock", reason: "currency '\(currency.code)' is given twice")
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
        throw .invalid(
          command: "stock",
          reason: "unknown currency or subcommand '\(word)'; did you mean '\(nearest)'? "
            + "(usage: \(Command.stock.synopsis))")
      }
      throw .within(command: "stock", error)
    }
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
        throw .unexpectedArgument(
          command: "rate", word: argument(2), hint: "usage: rate CODE VALUE")
      }
      throw .usage(
        command: "rate", expected: "CODE and VALUE, like 'rate GBP 0.60338' (1 USD = VALUE CODE)")
    }
    return .rate(try Self.overrideRate(code: argument(0), value: argument(1)))
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
