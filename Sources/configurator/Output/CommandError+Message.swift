internal import CarFactory
internal import Dealership
internal import StockValuation
import Support

/// The one place a ``CommandError`` becomes words and a code.
extension CommandError {
  /// The one-line message. Control characters in echoed input are escaped (`\n`,
  /// `\u{1B}`), so the message stays one line and cannot drive the terminal; a runaway
  /// quoted value is shortened with `…`.
  var message: String {
    text.escapingControlCharacters.cappingQuotedValues
  }

  /// The kind of failure, stable for scripts that read JSON errors (listed in
  /// `Docs/Scripting.md`): `unknown-command`, `syntax`, `missing-argument`,
  /// `unexpected-argument`, `usage`, `bad-value`, `no-such-build`, `not-found`,
  /// `unavailable`, `limit`, `file`, `conflict`, and for the libraries' refusals `catalog`,
  /// `build`, `currency`, `rate`, `money`, `stock`, `inventory`, `session-file`.
  var code: String {
    switch self {
    case .unknownCommand: "unknown-command"
    case .unterminatedQuote: "syntax"
    case .missingArgument: "missing-argument"
    case .unexpectedArgument: "unexpected-argument"
    case .usage: "usage"
    case .badValue, .invalid: "bad-value"
    case .noSuchBuild: "no-such-build"
    case .notFound: "not-found"
    case .unavailable: "unavailable"
    case .limit: "limit"
    case .file(_, .savedCurrency): "session-file"
    case .file: "file"
    case .conflict, .noValidBuild, .recordsInvalid: "conflict"
    case .noWorkingCar: "no-working-car"
    case .unanswered: "limit"
    case .failed(_, let error): Self.code(of: error)
    case .within(_, let inner), .commentedNumber(let inner): inner.code
    case .alreadyReported: "reported"
    }
  }

  /// The conflict this failure is, or wraps.
  var ruleConflict: RuleConflict? {
    switch self {
    case .conflict(let conflict): conflict
    case .within(_, let inner), .commentedNumber(let inner): inner.ruleConflict
    default: nil
    }
  }

  /// The message before escaping.
  private var text: String {
    switch self {
    case .unknownCommand(let name, let hint):
      return "unknown command '\(name)'\(Self.text(of: hint, name: name)) (try 'help')"
    case .unterminatedQuote(let mark, let line):
      return "unterminated quote \(mark) in '\(line)'"
    case .missingArgument(let command, let argument):
      return "\(command): missing \(Self.text(of: argument))"
    case .unexpectedArgument(let command, let word, let hint):
      return "\(command): unexpected argument '\(word)' (\(Self.text(of: hint)))"
    case .usage(let command, let shape):
      return "\(command): expected \(Self.text(of: shape))"
    case .badValue(let command, let what, let value):
      let (name, expected) = Self.text(of: what)
      return "\(command): bad \(name) '\(value)' (expected \(expected))"
    case .noSuchBuild(let command, let number, let known, let total):
      let list =
        known.isEmpty
        ? "there are no builds"
        : "builds: \(known.map(String.init).joined(separator: ", "))"
          + (total > known.count ? ", ..." : "")
      return "\(command): no build #\(number) (\(list))"
    case .notFound(let command, let missing):
      return Self.prefixed(command, Self.text(of: missing))
    case .limit(let command, let limit):
      return Self.prefixed(command, Self.text(of: limit))
    case .invalid(let command, let invalid):
      return Self.prefixed(command, Self.text(of: invalid))
    case .file(let command, let failure):
      return Self.prefixed(command, Self.text(of: failure))
    case .conflict(let conflict):
      return Self.text(of: conflict)
    case .recordsInvalid(let invalid, let checked):
      return "revalidate: \(invalid) of \(checked) \(checked == 1 ? "record" : "records") "
        + "\(invalid == 1 ? "does" : "do") not stand under the catalogs in force"
    case .noValidBuild(let models):
      let names = models.map(\.rawValue).joined(separator: ", ")
      return models.count == 1
        ? "lint: model \(names) has no valid build" : "lint: models \(names) have no valid build"
    case .unanswered(let error):
      return Self.text(of: error)
    case .unavailable(let command, let unavailable):
      return "\(command): \(Self.text(of: unavailable))"
    case .failed(let command, let error):
      return Self.prefixed(command, Self.description(of: error))
    case .within(let command, let inner):
      return "\(command): \(inner.text)"
    case .commentedNumber(let inner):
      return inner.text + " ('#' starts a comment: write the build number without it, or quote it)"
    case .noWorkingCar(let command):
      return "\(command): no working car is open (open one with 'configure MODEL')"
    case .alreadyReported:
      return ""
    }
  }

  /// A conflict in one line: the choices, the rules involved (with their messages), and the
  /// smallest corrections with the price each would give (`drop paint=red → $45,300.00`).
  static func text(of conflict: RuleConflict) -> String {
    let line = conflict.line
    var text = line.conflictText(conflict.conflict.reason)
    let ways = zip(conflict.conflict.corrections, conflict.shownPrices).map { correction, price in
      let drop = correction.drop.map { line.atom(of: $0) }.joined(separator: " and ")
      return "drop \(drop)" + (price.map { " → \($0)" } ?? "")
    }
    if !ways.isEmpty { text += "; " + ways.joined(separator: ", or ") }
    return text
  }

  /// Why the engine gave no answer.
  private static func text(of error: ConfigurationError) -> String {
    switch error {
    case .conflict(let conflict):
      return "the choices conflict (\(conflict.reason.rules.joined(separator: ", ")))"
    case .budgetExceeded(let what):
      return "\(what) took longer than the time limit of 10 s and was stopped"
    case .countUnfinished(let reason):
      return "count: \(reason)"
    case .priceOverflow:
      return "the prices add up to more than can be represented"
    }
  }

  private static func prefixed(_ command: String?, _ text: String) -> String {
    command.map { "\($0): \(text)" } ?? text
  }

  /// A library error's own one-line description (its `description`); the compiled answers'
  /// refusals are worded here.
  private static func description(of error: any Error) -> String {
    if let refusal = error as? CompiledAnswerError { return text(of: refusal) }
    return String(describing: error)
  }

  /// The code of a library's refusal, by its type.
  private static func code(of error: any Error) -> String {
    switch error {
    case is BuildError, is RegistryError: "build"
    case is CatalogError, is UVLError, is JSONSyntaxError: "catalog"
    case is CurrencyError: "currency"
    case is RateError, is RateFileError: "rate"
    case is MoneyError: "money"
    case is StockError: "stock"
    case is InventoryError: "inventory"
    case is SessionFileError: "session-file"
    case is FileSystemError, is StoreKeeper.OpenError: "file"
    case let choice as ChoiceError:
      switch choice {
      case .malformed, .missingValue, .oneValueOnly, .ambiguous: "bad-value"
      case .unknownGroup, .notOffered, .repeated, .unknownFeature: "build"
      }
    case is ConfigurationError: "conflict"
    case is CompiledAnswerError: "limit"
    default: "failed"
    }
  }
}

// MARK: the words of each kind

extension CommandError {
  private static func text(of hint: UnknownCommandHint, name: String) -> String {
    switch hint {
    case .nearest(let nearest):
      nearest.map { "; did you mean '\($0)'?" } ?? ""
    case .choosable:
      "; to choose it on the working car, write '+\(name)' or 'choose \(name)'"
    }
  }

  /// `usage: build MODEL [CHOICE...]`, without `usage: `.
  static func text(of synopsis: Synopsis) -> String {
    switch synopsis {
    case .command(let command): command.synopsis
    case .stockAdd: "stock add N [QTY] [vin=VIN] [cost=AMOUNT] [received=DATE]"
    case .stockRemove: "stock remove S-N|N|NAME [QTY]"
    case .stockSell:
      "stock sell S-N|N|NAME [QTY] [price=AMOUNT|order=O-K] [customer=TEXT]"
    case .stockVoid: "stock sell S-N|N|NAME void [sale=K]"
    case .stockShow: "stock show S-N|N|NAME"
    case .stockLoad: "stock load [--replace] FILE"
    case .stockClear: "stock clear"
    case .stockAging: "stock aging"
    case .rateValue: "rate CODE VALUE"
    }
  }

  private static func text(of argument: MissingArgument) -> String {
    switch argument {
    case .model(let known):
      "MODEL (models: \(known.map(\.rawValue).joined(separator: ", ")))"
    case .modelWithoutCar(let known):
      "MODEL (no working car is open) (models: \(known.map(\.rawValue).joined(separator: ", ")))"
    case .buildNumber(let usage): "build number (usage: \(text(of: usage)))"
    case .quoteNumber(let usage): "quote number Q-K (usage: \(text(of: usage)))"
    case .cancel(let usage): "'cancel' after the order number (usage: \(text(of: usage)))"
    case .dealerName(let usage): "NAME (no dealer is set yet) (usage: \(text(of: usage)))"
    case .file(let usage): "FILE (usage: \(text(of: usage)))"
    case .atom(let usage): "ATOM (usage: \(text(of: usage)))"
    case .wayOutNumber(let usage): "way out number (usage: \(text(of: usage)))"
    case .stockTarget(let usage):
      "stock number, build number or product name (usage: \(text(of: usage)))"
    case .outputFile(let flag):
      "FILE after \(flag) (end a command with --output FILE, e.g. quote 1 gbp --output quote.html)"
    case .attribute(let key, let attributes):
      "attribute after '\(key)=' (\(attributeList(attributes)))"
    case .sampleSize(let usage):
      "number of builds or 'pairs' (usage: \(text(of: usage)))"
    case .filterValue("find", _):
      "TEXT after 'find=' (the text to look for in the values' ids and names)"
    case .filterValue("state", let states):
      "STATE after 'state=' (states: \(states.joined(separator: ", ")); several with commas)"
    case .filterValue(let key, let names):
      "NAME after '\(key)=' (a group, or a UVL model's feature: \(listed(names)))"
    }
  }

  /// `attributes: price`, or what a model without any has.
  private static func attributeList(_ attributes: [String]) -> String {
    attributes.isEmpty
      ? "it has no attributes: no feature has a price"
      : "attributes: " + attributes.joined(separator: ", ")
  }

  private static func text(of hint: ArgumentHint) -> String {
    switch hint {
    case .usage(let usage):
      "usage: \(text(of: usage))"
    case .usageByStockNumber(let usage):
      "usage: \(text(of: usage)); lines of one name are told apart by their stock numbers "
        + "(S-N, shown by 'stock')"
    case .quoteOptions(let options, let nearest):
      "options: \(options.map { $0 + "=" }.joined(separator: ", "))"
        + (nearest.map { "; did you mean '\($0)'?" } ?? "")
    }
  }

  /// What a message calls a name on a customer's document.
  private static func word(of field: DocumentField) -> String {
    switch field {
    case .customer: "customer"
    case .dealerName: "name"
    case .address: "address"
    case .phone: "phone"
    case .vatNumber: "VAT number"
    }
  }

  private static func text(of shape: Shape) -> String {
    switch shape {
    case .commandBeforeOutput(let path): "a command before it (quote 1 --output \(path))"
    case .commandWithOutput: "a command that writes output, not read or quit"
    case .catalogLoad: "'catalog load FILE' (usage: \(Command.catalog.synopsis))"
    case .catalogDiff: "'catalog diff OLD NEW [map=FILE]' (usage: \(Command.catalog.synopsis))"
    case .twoBuildNumbers: "two build numbers (usage: \(Command.compare.synopsis))"
    case .oneObjective: "one of min=ATTR and max=ATTR, not both"
    case .oneAttributeRange: "one by=ATTR"
    case .rateCodeAndValue: "CODE and VALUE, like 'rate GBP 0.60338' (1 USD = VALUE CODE)"
    }
  }

  /// What a bad value is called, and what was expected instead.
  private static func text(of value: BadValue) -> (what: String, expected: String) {
    switch value {
    case .buildNumber: ("build number", "1, 2, ...")
    case .quantity: ("quantity", "a whole number from 1")
    case .wayOutNumber: ("way out number", "1, 2, ...")
    case .wayOut(let count): ("way out", "1 to \(count)")
    case .stockNumber: ("stock number", "S-1, S-2, ...")
    case .saleNumber: ("sale number", "1, 2, ...")
    case .quoteNumber: ("quote number", "Q-1, Q-2, ...")
    case .orderNumber: ("order number", "O-1, O-2, ...")
    case .emptyDeposit: ("deposit", "an amount")
    case .deposit(let currency):
      (
        "deposit",
        "an amount in \(currency.code) (the quote's currency) with at most "
          + "\(currency.minorUnits) decimals, like 500 or 500 \(currency.code)"
      )
    case .emptyPrice: ("price", "an amount")
    case .salePrice(let currency, let example):
      (
        "price",
        "an amount in \(currency.code) with at most \(currency.minorUnits) decimals, like "
          + example.decimalString + " or " + example.decimalString + " " + currency.code
      )
    case .emptyCustomer: ("customer", "a name, like 'Ann Lee'")
    case .customerTooLong(let limit): ("customer", "at most \(limit) characters")
    case .documentName(let field, let problem):
      (
        Self.word(of: field) + " (\(text(of: problem)))",
        "a name of printable characters, at most \(DocumentText.maximumLength)"
      )
    case .discount: ("discount", "an amount like 500 or 500.00, or a percent like 5%")
    case .discountAmount(let currency, let error):
      ("discount", "an amount in \(currency.code) (\(error))")
    case .tax: ("tax", "a percent like 20%")
    case .dealerTax:
      (
        "tax",
        "a label of at most \(DealerProfile.Tax.maximumLabelLength) characters and a percent, "
          + "like 'VAT 20%'"
      )
    case .percent(let what): (what.rawValue, "a percent from 0% to 100% with at most four decimals")
    case .validity: ("validity", "days from 1 to \(QuoteRequest.maximumValidity)")
    case .lastDay: ("validity", "a last day before the year 10000")
    case .date(let key): ("\(key) date", "a date as YYYY-MM-DD")
    case .today(let variable): (variable, "a date as YYYY-MM-DD")
    case .vin: ("VIN", VIN.expected)
    case .cost(let currency):
      (
        "cost",
        "an amount in \(currency.code) with at most \(currency.minorUnits) decimals, like 12000"
      )
    case .floorplanRate: ("floor plan rate", "a yearly percent from 0% to 100% like 7.3%")
    case .tradeInAmount(let key): (key, "an amount of the sale's currency, not negative")
    case .exportFormat: ("export format", "hledger")
    case .outputFile: ("file", "a file name")
    case .sampleSize(let limit):
      ("number of builds", "a whole number from 1 to \(grouped(limit)), or 'pairs'")
    case .seed: ("seed", "a whole number from 0 to \(UInt64.max)")
    case .countBy: ("by=", "'value', as in 'count MODEL by=value'")
    case .state(let known):
      ("state", "one or more of \(known.joined(separator: ", ")), joined by commas")
    case .depth: ("depth", "a whole number of levels from 1")
    }
  }

  /// What is wrong with a name on a document: `contains a control character`.
  static func text(of problem: DocumentText.Problem) -> String {
    switch problem {
    case .empty: "is empty"
    case .controlCharacter: "contains a control character"
    case .tooLong: "is longer than \(DocumentText.maximumLength) characters"
    }
  }

  private static func text(of missing: Missing) -> String {
    switch missing {
    case .rateToReset(let currency, let inForce):
      return "no rate of \(currency.code) was set to reset"
        + (inForce.map { ": \($0.description) is in force" } ?? "")
    case .conversion(let currency):
      return "cannot convert USD to \(currency.code)"
    case .category(let category, let nearest, let categories):
      return "no category '\(category)' in stock\(hint(nearest)) (categories: "
        + "\(categoryList(categories)))"
    case .stockLine(let number, let gone, let numbers):
      let list =
        numbers.isEmpty
        ? "the stock has no lines" : "in stock: " + listed(numbers.map(StockNumber.text))
      return "no line \(StockNumber.text(number)) in stock\(gone ? " (sold or removed)" : "") "
        + "(\(list))"
    case .carNotInStock(let build):
      return "build #\(build)'s car is not in stock"
    case .quote(let number, let known):
      let list = known.isEmpty ? "no quote yet" : "quotes: " + listed(known.map { "Q-\($0)" })
      return "no quote Q-\(number) (\(list))"
    case .order(let number, let known):
      let list = known.isEmpty ? "no order yet" : "orders: " + listed(known.map { "O-\($0)" })
      return "no order O-\(number) (\(list))"
    case .product(let name, let nearest, let names):
      let list = names.isEmpty ? "the stock has no lines" : "products: " + listed(names)
      return "no product '\(name)' in stock\(hint(nearest)) (\(list))"
    case .sale(let number, let entries):
      return "there is no sale \(number) "
        + (entries == 0 ? "(the ledger is empty)" : "(entries 1 to \(entries))")
    case .saleToVoid(let target, let allVoided):
      return "\(text(of: target)) has no sale to void"
        + (allVoided ? " (every sale of it is voided already)" : "")
    case .unchosen(let atom, let choices):
      return "you did not choose \(atom) (choices: "
        + (choices.isEmpty ? "none" : choices.joined(separator: ", ")) + ")"
    case .nothingToUndo:
      return "nothing to undo since the car was opened"
    case .lastBuild:
      return "there are no builds, so no last one (make one with 'build MODEL')"
    case .nothingToRedo:
      return "nothing to redo"
    case .noConflict:
      return "there is no conflict to get out of"
    case .attribute(let name, let model, let attributes):
      return "unknown attribute '\(name.capped(at: 60))' of model '\(model)' "
        + "(\(attributeList(attributes)))"
    case .group(let name, let model, let nearest, let names, let features):
      let kind = features ? "feature" : "group"
      return "no \(kind) '\(name.capped(at: 60))' in model '\(model)'\(hint(nearest)) "
        + "(\(kind)s: \(listed(names)))"
    }
  }

  private static func text(of unavailable: Unavailable) -> String {
    switch unavailable {
    case .modelGone(let build, let model):
      "build #\(build) of model '\(model)' can no longer be made"
    case .notACar(let build):
      "build #\(build) is of a UVL feature model, not a car"
    }
  }

  private static func text(of limit: Limit) -> String {
    switch limit {
    case .readDepth(let maximum, let path):
      return "scripts nested more than \(maximum) deep at '\(path)'"
    case .buildNumbers(let next):
      return "no build numbers left (the next one would be \(next))"
    case .quantity(let quantity):
      return "bad quantity \(quantity)"
    case .lineQuantity(let quantity?, let name):
      return "quantity \(quantity) makes the stock of '\(name)' too large"
    case .lineQuantity(nil, let name):
      return "the stock of '\(name)' would be too large"
    case .stockValue(let error):
      return "the stock would be worth more than the largest amount (\(error.description)); "
        + "nothing was changed"
    case .loadedQuantity(let file, let name):
      return "\(file): the quantity of '\(name)' in stock would be too large; nothing was changed"
    case .moreThanInStock(let quantity, let line, let selling):
      return selling
        ? "cannot sell \(quantity) of \(StockNumber.named(line)) (\(line.quantity) in stock)"
        : "cannot take \(quantity) of \(StockNumber.named(line)) out of stock "
          + "(\(line.quantity) in stock)"
    case .saleTotal(let error):
      return "the sale's total is too large (\(error.description))"
    case .floorPlanRates(let maximum):
      return "the floor plan keeps at most \(maximum) rates, one a day"
    case .salePrice(let error):
      return "the price is too large (\(error.description))"
    case .salesTotals(let error):
      return "the totals are too large (\(error.description))"
    case .ledgerTotals(let price, let error):
      return "price \(price.description) would make the sales ledger's "
        + "totals too large to add up (\(error.description))"
    }
  }

  private static func text(of invalid: Invalid) -> String {
    switch invalid {
    case .outputTwice(let first, let second):
      return "given twice ('\(first)' and '\(second)')"
    case .catalogLoaded(let path):
      return "catalog '\(path)' is loaded already (its models are in force; to take a "
        + "changed file, start again with --catalog FILE)"
    case .diffOfKinds(let old, let new):
      return "cannot compare '\(old)' with '\(new)': give two JSON catalogs or two UVL models"
    case .renaming(let file, let line, let text, let problem):
      let why =
        switch problem {
        case .noSeparator: "not 'old,new' (or 'old=new' for a name without '=')"
        case .unknownName(let name): "no old model has '\(name)'"
        case .twice(let name, let first): "'\(name)' is renamed already on line \(first)"
        }
      return "\(file):\(line): '\(text)': \(why)"
    case .rateOfUSD:
      return "USD is the list-price currency; give the rate of another currency"
    case .vinInStock(let vin, let line):
      return
        "VIN '\(vin)' is in stock again as \(StockNumber.named(line)); take that line out first"
    case .vinInFile(let file, let vin, let stockNumber):
      let place =
        stockNumber.map { "is in stock already (\(StockNumber.text($0)))" }
        ?? "is given twice in the file"
      return "\(file): VIN '\(vin)' \(place); nothing was changed"
    case .vinSold(let file, let vin, let sale):
      return "\(file): VIN '\(vin)' was sold (sale \(sale)); void that sale to stock the car "
        + "again; nothing was changed"
    case .vinWithQuantity(let vin, let quantity):
      return "VIN '\(vin)' is one car; give no quantity (got \(quantity))"
    case .vinTaken(let vin, let stockNumber, let sale):
      if let stockNumber {
        return "VIN '\(vin)' is in stock already (\(StockNumber.text(stockNumber)))"
      }
      return "VIN '\(vin)' was sold (sale \(sale ?? 0)); void that sale to stock the car again"
    case .ambiguousLines(let target, let lines):
      let named = lines.map { line in
        let number = line.stockNumber.map(StockNumber.text) ?? "?"
        return "\(number) \(line.category) at \(line.unitPrice)"
          + (line.vin.map { " VIN \($0)" } ?? "")
      }
      return "\(lines.count) lines are \(text(of: target)) (\(listed(named))); "
        + "give the stock number instead"
    case .priceWithoutRate(let list, let currency):
      return "the car is listed at \(list); a price in \(currency.code) has no USD "
        + "value at its rate (sell it in USD: currency usd)"
    case .voidOfVoid(let entry, let voids):
      return "entry \(entry) is the void of sale \(voids); it cannot be voided"
    case .saleOfOther(let sale, let line, let target):
      return "sale \(sale) is of \(StockNumber.named(line)), not of \(text(of: target))"
    case .salesOfSeveral(let target, let numbers):
      return "sales of \(numbers.count) stock lines answer to \(text(of: target)) ("
        + listed(numbers.map(StockNumber.text)) + "); give the stock number or sale=K"
    case .voidedAlready(let sale, let void, let date):
      return "sale \(sale) was voided already (entry \(void), \(date))"
    case .quoteExpired(let quote, let validUntil, let today):
      return "quote Q-\(quote) was valid until \(validUntil); today is \(today) "
        + "(record a new quote)"
    case .quoteOrdered(let quote, let order):
      return "quote Q-\(quote) is order O-\(order) already"
    case .orderClosed(let order, let sale):
      return "order O-\(order) is closed: sale \(sale) sold it"
    case .orderWithPrice:
      return "order= sells at the order's quote; give no price="
    case .orderCancelled(let order, let date):
      return "order O-\(order) was cancelled on \(date)"
    case .refundPastDeposit(let refund, let deposit):
      return "the refund \(refund.decimalString) \(refund.currency.code) is more than the "
        + "deposit \(deposit.decimalString) \(deposit.currency.code)"
    case .tradeInIncomplete:
      return "a trade-in takes trade=VIN, acv=AMOUNT (what the car is worth) and "
        + "allowance=AMOUNT (what the customer is allowed for it) together"
    case .tradeInOfOneCar(let quantity):
      return "a trade-in goes with a sale of one car, not \(quantity)"
    case .tradeInGone(let sale, let stockNumber):
      return "sale \(sale)'s trade-in \(StockNumber.text(stockNumber)) is no longer in stock; "
        + "void its sale first"
    case .orderOfOneCar(let quantity):
      return "an order is of one car, not \(quantity)"
    case .orderOfOtherCar(let order, let build, let stockNumber):
      return "order O-\(order) is of build #\(build), not of line S-\(stockNumber)'s car"
    case .depositPastTotal(let deposit, let total):
      return "deposit \(deposit) is more than the quote's total \(total)"
    case .discountPastSubtotal(let amount, let subtotal):
      return "discount \(amount) is more than the quote's \(subtotal)"
    case .quoteOptionTwice(let name):
      return "'\(name)=' is given twice"
    case .keyTwice(let key):
      return "\(key)= is given twice"
    case .currencyTwice(let currency):
      return "currency '\(currency.code)' is given twice"
    case .saleWithoutVoid:
      return "sale= goes with void: stock sell S-N void sale=K"
    case .voidWithFigures:
      return "a void takes back a whole sale: no quantity, price= or customer= "
        + "(usage: \(text(of: Synopsis.stockVoid)))"
    case .stockWord(let word, let nearest):
      return "unknown currency or subcommand '\(word)'; did you mean '\(nearest)'? "
        + "(usage: \(Command.stock.synopsis))"
    case .emptyDateRange(let from, let to):
      return "from=\(from) is after to=\(to); no day is in between"
    case .emptyCategory(let categories):
      return "category= needs a NAME (categories: \(categoryList(categories)))"
    }
  }

  private static func text(of failure: FileFailure) -> String {
    switch failure {
    case .saveOverReadStore(let path):
      return "cannot write '\(path)': it is the store this session only reads; save elsewhere"
    case .changeOfReadStore(let path, let holder):
      return heldText(path, holder: holder)
        + "; this session only reads it (start again when that process quits, "
        + "or with --wait SECONDS)"
    case .outputIsStore(let path):
      return "cannot write '\(path)': it is this session's store"
    case .pdf(let path, let failure):
      return "cannot write '\(path)': " + Self.pdfText(failure)
    case .system(let error):
      return error.description
    case .script(let error):
      return "cannot open script '\(error.path)': \(error.reason)"
    case .directory(let path):
      return "'\(path)' is a directory"
    case .unreadable(let path):
      return "cannot read '\(path)'"
    case .catalogChanged(let path, let recorded, let now):
      return "catalog '\(path)' has changed since it was recorded (SHA-256 "
        + "\(recorded.prefix(12))…, now \(now.prefix(12))…); give it with --catalog FILE "
        + "to use it as it is now"
    case .catalogMissing(let path):
      return "catalog '\(path)' is missing; give the catalogs with --catalog FILE"
    case .storeHeld(let path, let holder):
      return heldText(path, holder: holder)
    case .storeNotSaved(let error):
      return "store not saved: \(error.description) (it keeps its last saved state)"
    case .savedCurrency(let path, let error):
      return "\(path): currency: \(error.text)"
    }
  }

  /// Who holds the store at `path`, in words: `store 'S' is in use by configurator process
  /// 4242 since 2026-11-25 21:40:02 UTC`, or by "another configurator process" when no
  /// living holder is recorded (a lock taken by another program, or a record that could not
  /// be written).
  static func heldText(_ path: String, holder: LockHolder?) -> String {
    guard let holder else { return "store '\(path)' is in use by another configurator process" }
    return "store '\(path)' is in use by configurator process \(holder.processID) "
      + "since \(holder.sinceText)"
  }

  /// A stock target as messages name it: `S-3`, `build #3`, `'VW Golf'`.
  private static func text(of target: StockTarget) -> String {
    switch target {
    case .number(let number): StockNumber.text(number)
    case .build(let number): "build #\(number)"
    case .name(let name): "'\(name)'"
    }
  }

  /// `; did you mean 'x'?`, or nothing.
  private static func hint(_ nearest: String?) -> String {
    nearest.map { "; did you mean '\($0)'?" } ?? ""
  }

  /// At most ten names, then `...`.
  private static func listed(_ names: [String]) -> String {
    names.prefix(10).joined(separator: ", ") + (names.count > 10 ? ", ..." : "")
  }

  /// The stock's categories, or that it has none.
  private static func categoryList(_ names: [String]) -> String {
    names.isEmpty ? "none; the stock is empty" : listed(names)
  }
}

extension CommandError {
  /// Why a page was not printed to PDF, and what to do instead.
  static func pdfText(_ failure: CommandError.PDFFailure) -> String {
    switch failure {
    case .noBrowser:
      return "a PDF is printed by headless Chromium, and none was found (chromium, "
        + "chromium-browser, google-chrome on PATH, or CONFIGURATOR_BROWSER); "
        + "write an .html page and print it from a browser"
    case .browserNotRunnable(let program):
      return "CONFIGURATOR_BROWSER '\(program.capped(at: 60))' cannot be run"
    case .browserFailed(let program, let status):
      return "\(program) ended with status \(status) without printing the page"
    case .timedOut(let seconds):
      return "the browser had not printed the page within \(seconds) s and was stopped"
    case .notAPDF:
      return "the browser wrote no PDF"
    case .noTemporaryFolder(let reason):
      return "no temporary folder to print in (\(reason))"
    }
  }
}
