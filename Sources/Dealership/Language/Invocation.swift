package import CarFactory
package import StockValuation

/// A command line read once into what it asks for: the command with its arguments as typed
/// values (build numbers, quantities, currencies, a model's choices). Made from a line's
/// words by ``init(words:catalogs:)``, which reports every mistake in the words themselves;
/// what depends on the session (does build #7 exist?) is for the ``Interpreter`` to check.
package enum Invocation {
  case help(Command?)
  case models
  case build(ModelRequest)
  /// `build MODEL [CHOICE…] min=ATTR` (or `max=ATTR`).
  indirect case optimalBuild(ModelRequest, Objective)
  /// `options MODEL [CHOICE…] [by=ATTR] [find=TEXT] [state=STATE,…] [group=NAME]`: the
  /// attribute whose range is asked for, and the filter of the rows shown (`nil` for none).
  indirect case options(ModelRequest, by: String?, filter: OptionsFilter?)
  case count(ModelRequest)
  /// `count MODEL [CHOICE…] by=value` (or `count by=value` on the working car): every value's
  /// count and share (SPEC §17).
  case valueCounts(ModelRequest)
  /// `sample MODEL [CHOICE…] N [seed=S]` (or `sample N [seed=S]` on the working car).
  case samples(ModelRequest, count: Int, seed: UInt64)
  /// `sample MODEL [CHOICE…] pairs [seed=S]` (or `sample pairs` on the working car).
  case pairs(ModelRequest, seed: UInt64)
  /// `lint [MODEL]`: the models to check (every model without one).
  indirect case lint([ProductConfigurator])
  case catalogLoad(path: String)
  /// `catalog diff OLD NEW [map=FILE]` (SPEC §16): the two files and the renaming map.
  case catalogDiff(old: String, new: String, map: String?)
  /// `revalidate`: every record checked against the catalogs in force.
  case revalidate
  case builds
  case show(build: Int)
  /// `show Q-K`: a recorded quote.
  case showQuote(Int)
  /// `quotes`: the recorded quotes.
  case quotes
  /// `order Q-K [deposit=AMOUNT]`: the quote to turn into an order, and the deposit as typed.
  case order(quote: Int, deposit: String?)
  /// `order O-K cancel [refund=AMOUNT]`: the refund as typed, `nil` for the whole deposit.
  case cancelOrder(Int, refund: String?)
  /// `orders`: the orders.
  case orders
  case remove(build: Int)
  /// `quote N [CODE] [customer=TEXT] [discount=…] [tax=P%] [valid=DAYS]`.
  indirect case quote(QuoteRequest)
  /// `dealer [NAME] [address=…] [phone=…] [vat=…] [tax=LABEL P%]`: what to change, or `nil`
  /// to show the profile set.
  indirect case dealer(DealerProfile.Change?)
  /// `export hledger FILE`: the books written to FILE as an hledger journal.
  indirect case exportJournal(path: String)
  /// `floorplan [APR%]`: the yearly rate to set from today, or `nil` to show the plan.
  indirect case floorPlan(ExactDecimal?)
  case compare(Int, Int)
  /// `stock [CODE…] [category=NAME]`: no currency means the session's; the category as
  /// typed (empty when `category=` had no name, which needs the stock's categories to word).
  indirect case stockReport(currencies: [Currency], category: String?)
  /// `stock add N [QTY] [vin=VIN] [cost=AMOUNT] [received=DATE]`.
  indirect case stockAdd(build: Int, quantity: Int64, arrival: StockArrival)
  indirect case stockRemove(StockTarget, quantity: Int64)
  /// `stock sell TARGET [QTY] [price=AMOUNT] [customer=TEXT]`: the price as typed (its
  /// decimals depend on the session's currency).
  indirect case stockSell(
    StockTarget, quantity: Int64, price: String?, customer: String?, order: Int?,
    trade: TradeInRequest?)
  /// `stock sell TARGET void [sale=K]`.
  indirect case stockVoid(StockTarget, sale: Int?)
  /// `stock show TARGET`: one line with its whole specification.
  indirect case stockShow(StockTarget)
  /// `sales [from=DATE] [to=DATE] [CODE…]`.
  indirect case sales(from: DayReference?, to: DayReference?, currencies: [Currency])
  indirect case stockLoad(path: String, replacing: Bool)
  case stockClear
  /// `stock aging`: the stock by days since received (SPEC §15).
  case stockAging
  /// `currency [CODE]`.
  indirect case currency(Currency?)
  case rates
  case ratesReset
  /// `rate CODE VALUE`: the override it sets.
  indirect case rate(ExchangeRate)
  indirect case rateReset(Currency)
  case save(path: String)
  case load(path: String)
  case read(path: String)
  case quit
  // The working car (SPEC §11).
  /// `configure MODEL [CHOICE…]`.
  case configure(ModelRequest)
  /// A change of the working car: `+ATOM`, `-ATOM`, `NAME=VALUE`, `choose ATOM…` (the choices
  /// read against the car's model).
  case change([Choice])
  /// `drop ATOM…`: the values whose choices are taken back.
  case drop([Choice])
  case undo
  case redo
  case fix(Int)
  /// `why [MODEL] ATOM [CHOICE…]`: the value asked about, under the choices (the working car's
  /// when no model is given).
  case why(ModelRequest, value: Int)
  /// `rules [MODEL]`.
  case rules(ProductConfigurator)
  case car
  case done
  case discard
  case edit(build: Int)
  /// `options [find=TEXT] [state=STATE,…] [group=NAME]` with no model: the working car's
  /// table, and the filter of the rows shown (`nil` for none).
  indirect case carOptions(ModelRequest, filter: OptionsFilter?)
  /// `tree MODEL [FEATURE] [depth=N]`, or `tree [FEATURE] [depth=N]` on the working car: the
  /// model (with the car's choices), the group or UVL feature the tree starts from (an index
  /// into the line's groups; `nil` for the whole model) and how many levels below it to show.
  indirect case tree(ModelRequest, top: Int?, depth: Int?)
}

/// A model and the user's choices for it, read against the model's product line: what
/// `build`, `options` and `count` take. Two requests are equal when they name the same model
/// and the same choices in the same order (so they get the same answer).
package struct ModelRequest: Hashable {
  /// The model's configurator (its product line and solver).
  package let configurator: ProductConfigurator
  /// The choices, in the order given.
  package let choices: [Choice]

  /// The product line.
  package var line: ProductLine { configurator.line }

  package static func == (lhs: ModelRequest, rhs: ModelRequest) -> Bool {
    lhs.configurator === rhs.configurator && lhs.choices == rhs.choices
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(configurator))
    hasher.combine(choices)
  }
}

/// What `stock remove`, `stock sell` and `stock show` name: a stock number (`S-3`), a
/// build's car or a line by name.
package enum StockTarget: Equatable {
  case number(Int)
  case build(Int)
  case name(String)
}
