internal import CarFactory
internal import StockValuation

/// What a session file keeps of a session: its builds (with the next build number), its
/// stock, its report currency and the rates in force with their overrides.
///
/// Rounding, locale and output format are not kept: they are options of each run.
struct SessionState: Equatable {
  var builds: BuildBook
  var stock: [StockLine]
  var currency: Currency
  var rates: RateTable
  /// Large inventory files kept as per-category totals.
  var stockSummaries: [StockSummary] = []
  /// The file and digest of each UVL model the builds use, so a saved build is refused
  /// against a different version of its model.
  var modelSources: [ModelID: ModelSource] = [:]

  /// Where a UVL model came from: its file and the digest of its bytes.
  struct ModelSource: Equatable {
    let file: String
    let digest: String
  }

  /// An empty session: no builds, no stock, USD, the built-in ECB rates.
  static var empty: SessionState {
    SessionState(builds: BuildBook(), stock: [], currency: .usd, rates: .ecbReference)
  }
}

/// A cheap stand-in for a ``SessionState`` that tells whether a command changed the session.
///
/// Builds are compared by their book's identity, next number and count (every change to a
/// book adds, removes or replaces it); stock and rates by value, which is quick when they are
/// unchanged because equal arrays that share storage compare at once.
struct SessionFingerprint: Equatable {
  let bookEpoch: UInt64
  let nextBuild: Int
  let buildCount: Int
  let stock: [StockLine]
  let stockSummaries: [StockSummary]
  let currency: Currency
  let rates: RateTable

  init(_ state: SessionState) {
    bookEpoch = state.builds.epoch
    nextBuild = state.builds.nextNumber
    buildCount = state.builds.count
    stock = state.stock
    stockSummaries = state.stockSummaries
    currency = state.currency
    rates = state.rates
  }
}

extension Session {
  /// The part of the session a session file keeps.
  var state: SessionState {
    var sources: [ModelID: SessionState.ModelSource] = [:]
    for model in registry.modelIDs where registry.isFeatureModel(model) {
      if let line = try? registry.productLine(for: model) {
        sources[model] = .init(file: line.file, digest: line.digest)
      }
    }
    return SessionState(
      builds: builds, stock: stock, currency: money.currency, rates: money.rates,
      stockSummaries: stockSummaries, modelSources: sources)
  }

  /// Replaces the builds, stock, currency and rates with a saved state, all or nothing.
  ///
  /// - Throws: ``CommandError`` if the saved currency cannot be used with the saved rates; the
  ///   session is then unchanged.
  func adopt(_ state: SessionState) throws(CommandError) {
    var settings = money
    // USD converts under any table, so the rates can be swapped before the currency.
    try settings.setCurrency(.usd)
    try settings.setRates(state.rates)
    try settings.setCurrency(state.currency)
    money = settings
    builds = state.builds
    stock = state.stock
    stockSummaries = state.stockSummaries
  }
}
