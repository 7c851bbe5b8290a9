package import CarFactory
package import StockValuation
package import Support

/// A command that failed, as a typed case carrying what its message names: the bad word,
/// the command, the builds or stock lines there are, the library's own error. No case holds a
/// sentence: the renderers word every failure in one place (`CommandError+Message.swift`),
/// and JSON error objects carry its stable ``code`` beside the words.
///
/// The mode decides where it is shown: `configurator: line 4: …` in a script, `FILE:4: …`
/// with `-f`, `Error: …` at the prompt, `configurator: …` for a one-shot command.
package indirect enum CommandError: Error {
  /// A first word that is no command, with what to say of it.
  case unknownCommand(String, hint: UnknownCommandHint)
  /// A quote opened and not closed on the line.
  case unterminatedQuote(Character, line: String)
  /// An argument the command needs is missing.
  case missingArgument(command: String, MissingArgument)
  /// A word after the arguments the command takes, with the usage it breaks.
  case unexpectedArgument(command: String, word: String, hint: ArgumentHint)
  /// Arguments not in the command's shape.
  case usage(command: String, Shape)
  /// A value that does not read as what it must be (`show: bad build number 'x'`).
  case badValue(command: String, BadValue, value: String)
  /// A build number no build has; `known` are the first numbers there are, of `total`.
  case noSuchBuild(command: String, number: Int, known: [Int], total: Int)
  /// Something named that is not there: a category, a product in stock, a rate to reset.
  case notFound(command: String?, Missing)
  /// A build that cannot be used so: its model is gone, or it is not a car.
  case unavailable(command: String, Unavailable)
  /// A figure or count that would go beyond its limit; nothing was changed.
  case limit(command: String?, Limit)
  /// A value not allowed where it is given, or arguments that do not go together.
  case invalid(command: String?, Invalid)
  /// A file that could not be opened, read or written.
  case file(command: String?, FileFailure)
  /// Choices that conflict under a model's rules: a minimal set of them, the rules between
  /// them and the ways out, as data (JSON error objects carry them as fields).
  case conflict(RuleConflict)
  /// Models with no valid build at all (`lint`).
  case noValidBuild([ModelID])
  /// Records that no longer stand under the catalogs in force (`revalidate`): how many, of
  /// how many checked.
  case recordsInvalid(Int, of: Int)
  /// A question the engine could not answer within its time or memory (`count`, the price
  /// range), or prices that add up past what money can hold.
  case unanswered(ConfigurationError)
  /// A refusal by one of the libraries (a catalog, a rate, money, the stock, a session
  /// file), with the command it happened in when the message names it.
  case failed(command: String?, any Error)
  /// A failure of a command's part that the command names first (`quote: …`).
  case within(command: String, CommandError)
  /// A failure of a line whose `#` started a comment before a number (`show #1`).
  case commentedNumber(CommandError)
  /// A command about the working car when none is open.
  case noWorkingCar(command: String)
  /// The failures of a `read` script's lines, each reported already.
  case alreadyReported
}

extension CommandError {
  /// What to say of a first word that is no command.
  package enum UnknownCommandHint: Equatable {
    /// The nearest command, if one is near.
    case nearest(String?)
    /// The word names a value of the working car's model, which `+WORD` would choose.
    case choosable
  }

  /// The usage a message quotes: a command's own, or one of a command's forms.
  package enum Synopsis: Equatable {
    case command(Command)
    case stockAdd, stockRemove, stockSell, stockVoid, stockShow, stockLoad, stockClear
    case stockAging
    /// `rate CODE VALUE`.
    case rateValue
  }

  /// An argument that is missing, with what the message lists beside it.
  package enum MissingArgument: Equatable {
    /// A model, listing the models in force.
    case model(known: [ModelID])
    /// A model, since no working car is open (`why`).
    case modelWithoutCar(known: [ModelID])
    case buildNumber(Synopsis)
    /// A quote number `Q-K` (`order`).
    case quoteNumber(Synopsis)
    /// `cancel` after an order number.
    case cancel(Synopsis)
    /// The dealer's name, for a profile not set yet.
    case dealerName(Synopsis)
    case file(Synopsis)
    case atom(Synopsis)
    /// The number of a way out (`fix`).
    case wayOutNumber(Synopsis)
    /// A stock number, build number or product name.
    case stockTarget(Synopsis)
    /// The file after `--output` (the flag as written).
    case outputFile(after: String)
    /// The attribute after `min=`, `max=` or `by=`, listing the model's attributes.
    case attribute(key: String, attributes: [String])
    /// The number of builds to draw, or `pairs` (`sample`).
    case sampleSize(Synopsis)
    /// The value after `find=`, `state=` or `group=`, listing what it may be (the states, the
    /// groups or features; none for `find=`).
    case filterValue(key: String, known: [String])
  }

  /// What a message says after an unexpected word.
  package enum ArgumentHint: Equatable {
    case usage(Synopsis)
    /// The usage, and that lines of one name are told apart by their stock numbers.
    case usageByStockNumber(Synopsis)
    /// The options `quote` takes, with the nearest to the word's key, if one is near.
    case quoteOptions([String], nearest: String?)
  }

  /// Arguments not in a command's shape: what was expected.
  package enum Shape: Equatable {
    /// `--output FILE` with no command before it.
    case commandBeforeOutput(path: String)
    /// `--output` after `read` or `quit`.
    case commandWithOutput
    case catalogLoad
    /// `catalog diff OLD NEW [map=FILE]`.
    case catalogDiff
    case twoBuildNumbers
    case oneObjective
    case oneAttributeRange
    case rateCodeAndValue
  }

  /// A value that does not read as what it must be; each case names what was expected.
  package enum BadValue: Equatable {
    case buildNumber
    case quantity
    case wayOutNumber
    /// A way out of the last conflict, of `count`.
    case wayOut(count: Int)
    case stockNumber
    case saleNumber
    /// A quote number `Q-K`.
    case quoteNumber
    /// An order number `O-K`.
    case orderNumber
    /// `deposit=` with nothing after it.
    case emptyDeposit
    /// A deposit, which must be an amount of the quote's currency.
    case deposit(Currency)
    /// `price=` with nothing after it.
    case emptyPrice
    /// A sale's price, which must be an amount of the currency (`example`: the list price).
    case salePrice(Currency, example: Money)
    /// `customer=` with nothing after it.
    case emptyCustomer
    /// A customer's name past the longest kept.
    case customerTooLong(limit: Int)
    /// A name on a customer's document (``DocumentText``) that is not one.
    case documentName(DocumentField, DocumentText.Problem)
    case discount
    /// A discount amount that is not one of the quote's currency.
    case discountAmount(Currency, MoneyError)
    case tax
    /// `dealer … tax=`: a label and a percent, like `VAT 20%`.
    case dealerTax
    /// A percent, of the quote's `discount` or `tax`.
    case percent(DocumentPercent)
    case validity
    /// A validity whose last day would be past the year 9999.
    case lastDay
    /// The date of `from=` or `to=`.
    case date(key: String)
    /// The environment variable that fixes today's date.
    case today(variable: String)
    /// A VIN of `stock add vin=` (see ``VIN``).
    case vin
    /// What a car cost the dealer (`stock add cost=`): an amount of the session's currency.
    case cost(Currency)
    /// The annual rate of `floorplan`: a percent like `7.3%`.
    case floorplanRate
    /// A trade-in's `acv=` or `allowance=`: an amount of the sale's currency, not negative.
    case tradeInAmount(String)
    /// What `export` writes: only `hledger`.
    case exportFormat
    case outputFile
    /// The number of builds `sample` draws: a whole number from 1 to `limit`, or `pairs`.
    case sampleSize(limit: Int)
    /// The seed of `sample`: a whole number from 0 to 2^64 − 1.
    case seed
    /// What `count … by=` counts by: only `value`.
    case countBy
    /// A state of `state=`, listing the states there are.
    case state(known: [String])
    /// The levels of `depth=`.
    case depth
  }

  /// The names a customer's document carries as typed.
  package enum DocumentField: Equatable {
    case customer
    case dealerName
    /// The dealer's `address=`, `phone=` and `vat=` (SPEC §15).
    case address
    case phone
    case vatNumber
  }

  /// The percents of a quote.
  package enum DocumentPercent: String, Equatable {
    case discount
    case tax
  }

  /// Something named that is not there.
  package enum Missing {
    /// A rate to reset; `inForce` is the currency's rate in force, if any.
    case rateToReset(Currency, inForce: ExchangeRate?)
    /// A currency the rates in force cannot convert to.
    case conversion(Currency)
    /// A stock category, with the nearest one and the stock's categories.
    case category(String, nearest: String?, categories: [String])
    /// A stock number; `gone` when it was given once (sold or removed).
    case stockLine(Int, gone: Bool, numbers: [Int])
    /// A build whose car is not in stock.
    case carNotInStock(build: Int)
    /// A product name, with the nearest one and the names in stock.
    case product(String, nearest: String?, names: [String])
    /// A ledger entry, of `entries`.
    case sale(Int, entries: Int)
    /// A quote `Q-K`, with the numbers recorded.
    case quote(Int, known: [Int])
    /// An order `O-K`, with the numbers placed.
    case order(Int, known: [Int])
    /// A stock line with no open sale; `allVoided` when every sale of it is voided.
    case saleToVoid(StockTarget, allVoided: Bool)
    /// A value the user did not choose on the working car, with the choices made.
    case unchosen(atom: String, choices: [String])
    case nothingToUndo
    /// `last` with no build yet.
    case lastBuild
    case nothingToRedo
    case noConflict
    /// An attribute a model does not have, with those it has.
    case attribute(String, model: ModelID, attributes: [String])
    /// A group (`group=`, `tree MODEL NAME`) a model does not have: a catalog's slot or
    /// equipment group, or a UVL feature (`features`), with the nearest name and the names.
    case group(String, model: ModelID, nearest: String?, names: [String], features: Bool)
  }

  /// A build that cannot be used so.
  package enum Unavailable: Equatable {
    /// Its model is gone, or no longer has its values.
    case modelGone(build: Int, model: ModelID)
    /// It is a build of a UVL feature model, not a car.
    case notACar(build: Int)
  }

  /// A figure or count that would go beyond its limit.
  package enum Limit {
    /// `read` scripts nested more than `maximum` deep, at `path`.
    case readDepth(maximum: Int, path: String)
    /// No build numbers are left; `next` is the one there would be.
    case buildNumbers(next: Int)
    /// A quantity that cannot be held.
    case quantity(Int64)
    /// A quantity that makes a line's stock too large (`nil`: putting a sale back).
    case lineQuantity(Int64?, name: String)
    /// The stock would be worth more than money can hold.
    case stockValue(MoneyError)
    /// A file's line whose quantity would make the stock of its product too large.
    case loadedQuantity(file: String, name: String)
    /// Taking more of a line than there are (`selling`: a sale, else a removal).
    case moreThanInStock(Int64, line: StockLine, selling: Bool)
    /// A sale's figures past what money can hold.
    case saleTotal(MoneyError)
    /// The floor plan holds as many rates as it keeps.
    case floorPlanRates(Int)
    /// A sale's price past what money can hold in USD.
    case salePrice(MoneyError)
    /// The sales report's totals past what money can hold.
    case salesTotals(MoneyError)
    /// A sale at `price` (its unit price, in the sale's currency) whose figures would put the
    /// ledger's totals past what money can hold, so that `sales` could no longer add it up.
    case ledgerTotals(price: Money, MoneyError)
  }

  /// A value not allowed where it is given.
  package enum Invalid {
    /// `--output` given twice.
    case outputTwice(String, String)
    /// A catalog whose models are in force already.
    case catalogLoaded(path: String)
    /// `catalog diff` of a UVL model and a JSON catalog.
    case diffOfKinds(old: String, new: String)
    /// A line of a `catalog diff` map that cannot be used (SPEC §16).
    case renaming(file: String, line: Int, text: String, RenamingProblem)
    /// A rate of USD, the list-price currency.
    case rateOfUSD
    /// A VIN in stock again on another line.
    case vinInStock(String, line: StockLine)
    /// A file's VIN given twice in it (`stockNumber` nil) or in stock already on that line.
    case vinInFile(file: String, vin: String, stockNumber: Int?)
    /// A file's VIN of a car the ledger has sold (sale `sale`, not voided): one car is not
    /// sold twice.
    case vinSold(file: String, vin: String, sale: Int)
    /// `stock add … vin=` with more than one car: a VIN is one car.
    case vinWithQuantity(String, quantity: Int64)
    /// `stock add … vin=` of a car in stock already (on line `stockNumber`) or sold (sale
    /// `sale`, not voided).
    case vinTaken(String, stockNumber: Int?, sale: Int?)
    /// Several stock lines answer to a name.
    case ambiguousLines(StockTarget, lines: [StockLine])
    /// A price in another currency for a car listed at nothing, which has no USD value.
    case priceWithoutRate(list: Money, currency: Currency)
    /// An entry that is a void, which cannot be voided.
    case voidOfVoid(entry: Int, voids: Int)
    /// A sale that is of another line than the target.
    case saleOfOther(sale: Int, line: StockLine, target: StockTarget)
    /// Sales of several lines answer to the target.
    case salesOfSeveral(StockTarget, numbers: [Int])
    /// A sale voided already.
    case voidedAlready(sale: Int, void: Int, date: CalendarDate)
    /// A discount larger than the quote.
    case discountPastSubtotal(Money, subtotal: Money)
    /// An order of a quote past its last valid day.
    case quoteExpired(quote: Int, validUntil: CalendarDate, today: CalendarDate)
    /// An order of a quote that is an order already.
    case quoteOrdered(quote: Int, order: Int)
    /// A sale of an order a sale closed already.
    case orderClosed(order: Int, sale: Int)
    /// `stock sell … order=` with `price=`: the order's quote sets the price.
    case orderWithPrice
    /// The order was cancelled on `date`.
    case orderCancelled(order: Int, date: CalendarDate)
    /// A refund past the deposit held.
    case refundPastDeposit(Money, deposit: Money)
    /// `trade=`, `acv=` and `allowance=` come together.
    case tradeInIncomplete
    /// A trade-in goes with a sale of one car.
    case tradeInOfOneCar(Int64)
    /// A void of a sale whose trade-in is no longer in stock (sold, or removed).
    case tradeInGone(sale: Int, stockNumber: Int)
    /// `stock sell … order=` of more than one car.
    case orderOfOneCar(Int64)
    /// `stock sell S-N order=O-K` where line S-N is not the car of the order's quote.
    case orderOfOtherCar(order: Int, build: Int, stockNumber: Int)
    /// A deposit larger than the quote's total.
    case depositPastTotal(Money, total: Money)
    /// A `quote` option given twice.
    case quoteOptionTwice(String)
    /// A `KEY=` given twice.
    case keyTwice(String)
    /// A currency given twice.
    case currencyTwice(Currency)
    /// `sale=` without `void`.
    case saleWithoutVoid
    /// A void with a quantity, price or customer.
    case voidWithFigures
    /// A first word after `stock` that is no currency, near a subcommand.
    case stockWord(String, nearest: String)
    /// `from=` after `to=`.
    case emptyDateRange(from: CalendarDate, to: CalendarDate)
    /// `category=` with no name.
    case emptyCategory(categories: [String])
  }

  /// What is wrong with a line of a renaming map.
  package enum RenamingProblem: Equatable {
    /// Neither `old,new` nor `old=new`.
    case noSeparator
    /// An old name no old model has.
    case unknownName(String)
    /// An old name renamed twice (the line of the first).
    case twice(String, firstLine: Int)
  }

  /// Why a page could not be printed to PDF.
  package enum PDFFailure: Equatable {
    /// No headless browser to print with (`chromium`, `chromium-browser`, `google-chrome` on
    /// `PATH`, or `CONFIGURATOR_BROWSER`).
    case noBrowser
    /// The browser named by `CONFIGURATOR_BROWSER` cannot be run.
    case browserNotRunnable(String)
    /// The browser ended with this status without a PDF.
    case browserFailed(program: String, status: Int32)
    /// The browser had not printed within this many seconds and was stopped.
    case timedOut(seconds: Int)
    /// What the browser wrote is not a PDF, or is larger than the limit.
    case notAPDF
    /// No temporary folder to print in (the system's reason).
    case noTemporaryFolder(String)
  }

  /// A file that could not be used.
  package enum FileFailure {
    /// `save` over the store this session only reads.
    case saveOverReadStore(path: String)
    /// A change of the session while another process holds its store, and who holds it if
    /// that is known.
    case changeOfReadStore(path: String, holder: LockHolder?)
    /// `--output` over the session's own store.
    case outputIsStore(path: String)
    /// `--output FILE.pdf` that could not be printed.
    case pdf(path: String, PDFFailure)
    /// A file the system would not open or read.
    case system(FileSystemError)
    /// A script (`-f FILE`) the system would not open.
    case script(FileSystemError)
    /// A script or session file that is a directory.
    case directory(path: String)
    /// A session file that cannot be read.
    case unreadable(path: String)
    /// A catalog whose bytes are not the ones a store recorded.
    case catalogChanged(path: String, recorded: String, now: String)
    /// A catalog a store remembers that is gone.
    case catalogMissing(path: String)
    /// A store another process holds, and who holds it if that is known.
    case storeHeld(path: String, holder: LockHolder?)
    /// A store that could not be written; it keeps its last saved state.
    case storeNotSaved(FileSystemError)
    /// A session file whose currency cannot be used with its rates.
    case savedCurrency(path: String, CommandError)
  }
}
