package import CarFactory
package import StockValuation

/// Everything a session knows, as one value: its builds, its stock, its money settings and
/// the models in force. Commands are functions of an invocation and this state
/// (``Interpreter``); `save`, `load` and `--store` write and read it (``SessionFile``).
///
/// Two counters let others tell what changed without comparing states: ``edits`` moves on
/// every change (a store writes a record only after a command that moved it), ``revision``
/// only when what a build's answer depends on changes — the models, the money settings, or
/// the whole book (`load`) — so the scripted fast path (``ScriptMemo``) keys what it keeps by
/// it.
///
/// Only this module changes it: the ``Interpreter`` is the one writer of the builds, the stock,
/// the car and the ledger (the scripted fast path asks it to record a build it knows,
/// ``Interpreter/record(known:on:)``).
package struct SessionState {
  /// The builds, numbered from 1.
  package internal(set) var builds = BuildBook() { didSet { edits &+= 1 } }
  /// The stock.
  package internal(set) var stock = Stock.starting { didSet { edits &+= 1 } }
  /// The working car, when one is open.
  package internal(set) var car: WorkingCar? { didSet { edits &+= 1 } }
  /// The dealer's profile (`dealer NAME …`), which customer quotes carry.
  package internal(set) var dealer: DealerProfile? { didSet { edits &+= 1 } }
  /// The sales ledger: appended to, never edited.
  package internal(set) var sales = SalesLedger() { didSet { edits &+= 1 } }
  /// The recorded quotes: appended to, never edited.
  package internal(set) var quotes = QuoteBook() { didSet { edits &+= 1 } }
  /// The orders: appended to, never edited (a sale closes one).
  package internal(set) var orders = OrderBook() { didSet { edits &+= 1 } }
  /// The floor plan's rates (`floorplan APR%`), none until one is set.
  package internal(set) var floorPlan = FloorPlan() { didSet { edits &+= 1 } }
  /// Report currency, rates in force, rounding and locale.
  package private(set) var money: MoneySettings
  /// The models in force.
  package private(set) var catalogs: Catalogs
  /// Moves when the models, the money settings or the whole book change.
  package private(set) var revision: UInt64 = 0
  /// Moves on every change.
  package private(set) var edits: UInt64 = 0

  /// A session over these models and money settings, with no builds and the sample stock
  /// (no stock at all for a clean start, ``Catalogs/isClean``).
  package init(catalogs: Catalogs, money: MoneySettings = MoneySettings()) {
    self.catalogs = catalogs
    self.money = money
    if catalogs.isClean { stock = Stock() }
  }

  /// A session over these models and money settings that starts with a stock of its own (an
  /// inventory file, or none for a new store).
  package init(catalogs: Catalogs, money: MoneySettings, stock: Stock) {
    self.init(catalogs: catalogs, money: money)
    self.stock = stock
  }

  /// A session over these models and money settings that goes on from a saved one (a
  /// store): its builds, stock, working car, dealer and ledger. The money settings are the
  /// run's own (a store's currency and rates are set up with them).
  package init(catalogs: Catalogs, money: MoneySettings, continuing saved: SavedSession) {
    self.init(catalogs: catalogs, money: money)
    builds = saved.builds
    stock = saved.stock
    car = saved.car
    dealer = saved.dealer
    sales = saved.sales
    quotes = saved.quotes
    orders = saved.orders
    floorPlan = saved.floorPlan
  }

  /// The report currency.
  package var currency: Currency { money.currency }

  /// What a session file keeps of this state.
  package var saved: SavedSession {
    SavedSession(
      builds: builds, stock: stock, currency: currency, rates: money.rates, car: car,
      isClean: catalogs.isClean, catalogs: catalogs.files, dealer: dealer, sales: sales,
      quotes: quotes, orders: orders, floorPlan: floorPlan)
  }

  /// Where each model a catalog defines came from, which a saved build of it records.
  package var modelSources: [ModelID: ModelSource] { catalogs.modelSources }

  /// Where a model came from: for a UVL model its file as given and the digest of its
  /// bytes (a build of features is read against them), and the SHA-256 of the catalog file
  /// (JSON or UVL) that defines it, which a build made now was made under (SPEC §16).
  package struct ModelSource: Equatable {
    package var file: String?
    package var digest: String?
    package var catalog: String?
  }

  /// Sets the report currency; it must be one the rates in force can convert to.
  mutating func setCurrency(_ currency: Currency) throws(CommandError) {
    try money.setCurrency(currency)
    changedAnswers()
  }

  /// Replaces the rates in force; the report currency must stay convertible.
  mutating func setRates(_ table: RateTable) throws(CommandError) {
    try money.setRates(table)
    changedAnswers()
  }

  /// Replaces the models in force (a catalog was loaded): a store records the catalog.
  mutating func setCatalogs(_ catalogs: Catalogs) {
    // What was made of a model another file now defines was made under the old file.
    var replaced: [ModelID: String] = [:]
    let next = catalogs.modelFiles
    for (model, file) in self.catalogs.modelFiles where next[model] != file {
      replaced[model] = file.sha256
    }
    if !replaced.isEmpty {
      builds.stamp(replaced)
      stock.stamp(replaced)
    }
    self.catalogs = catalogs
    changedAnswers()
  }

  /// Replaces the builds, stock, currency and rates with a saved session, all or nothing.
  ///
  /// - Throws: ``CommandError`` if the saved currency cannot be used with the saved rates; the
  ///   state is then unchanged.
  package mutating func adopt(_ saved: SavedSession) throws(CommandError) {
    try follow(saved, catalogs: nil, money: true)
  }

  /// Replaces the builds, stock, working car, dealer and sales with what a store another
  /// process holds has now, all or nothing (a reading session, see ``StoreReader/refresh()``).
  ///
  /// - Parameters:
  ///   - saved: The store's session.
  ///   - catalogs: The models in force from now on, when the store's setup changed.
  ///   - followsMoney: Whether the currency and rates become the saved ones too.
  /// - Throws: ``CommandError`` if the saved currency cannot be used with the saved rates; the
  ///   state is then unchanged.
  package mutating func follow(_ saved: SavedSession, catalogs: Catalogs?, money followsMoney: Bool)
    throws(CommandError)
  {
    var settings = money
    if followsMoney {
      // USD converts under any table, so the rates can be swapped before the currency.
      try settings.setCurrency(.usd)
      try settings.setRates(saved.rates)
      try settings.setCurrency(saved.currency)
    }
    money = settings
    if let catalogs { self.catalogs = catalogs }
    var book = saved.builds
    book.generation = builds.generation &+ 1
    builds = book
    stock = saved.stock
    car = saved.car
    dealer = saved.dealer
    var ledger = saved.sales
    ledger.generation = sales.generation &+ 1
    sales = ledger
    var quoteBook = saved.quotes
    quoteBook.generation = quotes.generation &+ 1
    quotes = quoteBook
    var orderBook = saved.orders
    orderBook.generation = orders.generation &+ 1
    orders = orderBook
    floorPlan = saved.floorPlan
    changedAnswers()
  }

  private mutating func changedAnswers() {
    revision &+= 1
    edits &+= 1
  }
}

extension SessionState: Equatable {
  /// Equal when what a session file keeps is equal: builds, stock, currency, rates, the
  /// working car, a clean start and the catalog files.
  package static func == (lhs: SessionState, rhs: SessionState) -> Bool {
    lhs.builds == rhs.builds && lhs.stock == rhs.stock && lhs.currency == rhs.currency
      && lhs.money.rates == rhs.money.rates && lhs.car == rhs.car && lhs.dealer == rhs.dealer
      && lhs.sales == rhs.sales && lhs.quotes == rhs.quotes
      && lhs.orders == rhs.orders && lhs.floorPlan == rhs.floorPlan
      && lhs.catalogs.isClean == rhs.catalogs.isClean && lhs.catalogs.files == rhs.catalogs.files
  }
}

/// What a session file holds: the builds (with the next build number), the stock (with the
/// next stock number), the sales ledger, the report
/// currency and the rates in force with their overrides, whether the session started clean
/// and the catalog files it loaded. Rounding, locale and output format are options of each run, not kept.
package struct SavedSession: Equatable {
  package var builds: BuildBook
  package var stock: Stock
  package var currency: Currency
  package var rates: RateTable
  /// The working car, when one is open.
  package var car: WorkingCar? = nil
  /// Whether the session started without the built-in models (`--clean`): a store created
  /// clean stays clean. `load` leaves the models in force as they are.
  package var isClean = false
  /// The catalog files the session loaded, which a store loads again when it is opened
  /// without `--catalog`. `load` leaves the models in force as they are.
  package var catalogs: [CatalogFile] = []
  /// The dealer's profile, when one is set (`"dealer"`: a name in files before version 7,
  /// absent from older ones).
  package var dealer: DealerProfile? = nil
  /// The sales ledger (session file version 4).
  package var sales = SalesLedger()
  /// The recorded quotes (session file version 7).
  package var quotes = QuoteBook()
  /// The orders (session file version 7).
  package var orders = OrderBook()
  /// The floor plan's rates (session file version 8).
  package var floorPlan = FloorPlan()

  /// A saved session.
  package init(
    builds: BuildBook, stock: Stock, currency: Currency, rates: RateTable,
    car: WorkingCar? = nil, isClean: Bool = false, catalogs: [CatalogFile] = [],
    dealer: DealerProfile? = nil, sales: SalesLedger = SalesLedger(),
    quotes: QuoteBook = QuoteBook(), orders: OrderBook = OrderBook(),
    floorPlan: FloorPlan = FloorPlan()
  ) {
    self.builds = builds
    self.stock = stock
    self.currency = currency
    self.rates = rates
    self.car = car
    self.isClean = isClean
    self.catalogs = catalogs
    self.dealer = dealer
    self.sales = sales
    self.quotes = quotes
    self.orders = orders
    self.floorPlan = floorPlan
  }

  /// An empty session: no builds, no stock, USD, the built-in ECB rates.
  ///
  /// - Parameter clean: Whether it starts without the built-in models.
  /// - Returns: The session.
  package static func empty(clean: Bool = false) -> SavedSession {
    SavedSession(
      builds: BuildBook(), stock: Stock(), currency: .usd, rates: .ecbReference, isClean: clean)
  }
}
