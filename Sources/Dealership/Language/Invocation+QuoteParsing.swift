package import StockValuation
package import Support

/// `quote …` and `dealer …` read into invocations.
extension InvocationParser {
  /// The options `quote` takes after its build number and currency.
  private static let quoteOptions = ["customer", "discount", "tax", "valid"]

  func quote() throws(CommandError) -> Invocation {
    guard argumentCount >= 1 else {
      throw .missingArgument(command: "quote", .buildNumber(.command(.quote)))
    }
    var request = QuoteRequest(build: try buildNumber(0, for: "quote"))
    var seen: Set<String> = []
    for index in 1..<max(1, argumentCount) {
      let word = argument(index)
      guard let equals = word.firstIndex(of: "=") else {
        guard request.currency == nil, seen.isEmpty else {
          throw .unexpectedArgument(command: "quote", word: word, hint: .usage(.command(.quote)))
        }
        do {
          request.currency = try MoneySettings.currency(word)
        } catch {
          throw .within(command: "quote", error)
        }
        continue
      }
      let name = word[..<equals].lowercased()
      let value = String(word[word.index(after: equals)...])
      guard Self.quoteOptions.contains(name) else {
        throw .unexpectedArgument(
          command: "quote", word: word,
          hint: .quoteOptions(
            Self.quoteOptions, nearest: Suggestion.nearest(to: name, in: Self.quoteOptions)))
      }
      guard seen.insert(name).inserted else {
        throw .invalid(command: "quote", .quoteOptionTwice(name))
      }
      switch name {
      case "customer":
        if let problem = DocumentText.problem(value) {
          throw .badValue(command: "quote", .documentName(.customer, problem), value: value)
        }
        request.customer = value
      case "discount":
        if value.hasSuffix("%") {
          request.discount = .percent(try Self.percent(value, what: .discount))
        } else {
          guard (try? ExactDecimal(parsing: value))?.significand ?? -1 >= 0 else {
            throw .badValue(command: "quote", .discount, value: value)
          }
          request.discount = .amount(value)
        }
      case "tax":
        guard value.hasSuffix("%") else {
          throw .badValue(command: "quote", .tax, value: value)
        }
        request.tax = try Self.percent(value, what: .tax)
      default:
        guard let days = Int(value), value.allSatisfy(\.isASCII), !value.hasPrefix("+"),
          (1...QuoteRequest.maximumValidity).contains(days)
        else {
          throw .badValue(command: "quote", .validity, value: value)
        }
        request.validDays = days
      }
    }
    return .quote(request)
  }

  /// `P%`: a percent from 0 to 100 with at most four decimals.
  static func percent(
    _ text: String, what: CommandError.DocumentPercent, for command: String = "quote"
  ) throws(CommandError) -> ExactDecimal {
    let digits = String(text.dropLast())
    guard let value = try? ExactDecimal(parsing: digits), value.significand >= 0,
      value.scale <= QuoteRequest.maximumPercentDecimals,
      value.significand <= 100 * pow10(value.scale)
    else {
      throw .badValue(command: command, .percent(what), value: text)
    }
    return value
  }

  /// 10^exponent for the few decimals a percent may have.
  private static func pow10(_ exponent: Int) -> Int64 {
    var value: Int64 = 1
    for _ in 0..<min(exponent, 4) { value *= 10 }
    return value
  }
}

/// `order Q-K [deposit=AMOUNT]` read into an invocation (SPEC §15).
extension InvocationParser {
  func order() throws(CommandError) -> Invocation {
    let command = "order"
    guard argumentCount >= 1 else {
      throw .missingArgument(command: command, .quoteNumber(.command(.order)))
    }
    if let order = OrderNumber.number(in: argument(0)) { return try cancelOrder(order) }
    guard let quote = QuoteNumber.number(in: argument(0)) else {
      throw .badValue(command: command, .quoteNumber, value: argument(0))
    }
    var deposit: String?
    for index in 1..<max(1, argumentCount) {
      let word = argument(index)
      if let equals = word.firstIndex(of: "="), ASCII.lowercased(word[..<equals]) == "deposit" {
        guard deposit == nil else { throw .invalid(command: command, .keyTwice("deposit")) }
        let value = String(word[word.index(after: equals)...])
        guard !value.isEmpty else {
          throw .badValue(command: command, .emptyDeposit, value: "")
        }
        deposit = value
      } else if let given = deposit, !given.contains(" "),
        argument(index - 1).lowercased().hasPrefix("deposit="), (try? Currency(code: word)) != nil
      {
        // `deposit=500 GBP` unquoted: the currency is the next word.
        deposit = given + " " + word
      } else {
        throw .unexpectedArgument(command: command, word: word, hint: .usage(.command(.order)))
      }
    }
    return .order(quote: quote, deposit: deposit)
  }

  /// `order O-K cancel [refund=AMOUNT]`.
  private func cancelOrder(_ order: Int) throws(CommandError) -> Invocation {
    let command = "order"
    guard argumentCount >= 2, argument(1, is: "cancel") else {
      throw .missingArgument(command: command, .cancel(.command(.order)))
    }
    var refund: String?
    for index in 2..<max(2, argumentCount) {
      let word = argument(index)
      if let equals = word.firstIndex(of: "="), ASCII.lowercased(word[..<equals]) == "refund" {
        guard refund == nil else { throw .invalid(command: command, .keyTwice("refund")) }
        refund = String(word[word.index(after: equals)...])
      } else if let given = refund, !given.contains(" "),
        argument(index - 1).lowercased().hasPrefix("refund="), (try? Currency(code: word)) != nil
      {
        refund = given + " " + word
      } else {
        throw .unexpectedArgument(command: command, word: word, hint: .usage(.command(.order)))
      }
    }
    return .cancelOrder(order, refund: refund)
  }
}
