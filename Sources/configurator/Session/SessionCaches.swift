internal import CarFactory
internal import StockValuation

/// What a session keeps only to go faster, apart from its state (builds, stock, money) and
/// its options: each is made from the state on first use and forgotten when what it was made
/// from changes (``Session/forgetBuildCaches()``, ``Session/resetCachesIfBookReplaced()``,
/// a change to the stock). The differential tests run scripts with the fast paths on and off.
struct SessionCaches {

  /// Script lines that built before, by their bytes (the scripted fast path).
  var lineCache = BuildLineCache()
  /// The registry's models by their bytes and the configuration of each plain build key,
  /// made on first use; forgotten when a catalog is loaded or the book replaced.
  var buildKeys: BuildKeyTable?
  /// The rendered bytes of each build configuration, by configuration index, made on first
  /// use by the renderer, in the money settings of ``templatesGeneration``.
  var templates: [[UInt8]?] = []
  /// Each configuration's car (or features) as made again, by configuration index, made on
  /// first use (see ``Session/madeEntry(for:)``).
  var madeEntries: [BuildEntry?] = []
  /// The book the caches above index into; when the session's book is replaced they start
  /// again.
  var cachedEpoch: UInt64 = 0
  /// The money settings the templates were rendered under (their prices are in its currency).
  var templatesGeneration: UInt64 = 0
  /// The configuration the last command recorded a build of, if it did (what the line cache
  /// learns from the line).
  var lastBuildConfiguration: UInt32?
  /// The exact totals of the stock as it is, kept by `stock add` so that it checks only what
  /// it adds (any other change to the stock forgets them; they are made again on demand).
  var stockTotals: StockAccumulator?
  /// Where each stock line is, by its key, kept by `stock add` as `stockTotals` is.
  var stockPositions: StockPositions?
  /// The stock line key (name, category, unit price) of each configuration's car, by
  /// configuration index (see ``Session/addToStock(_:quantity:)``); forgotten with
  /// ``madeEntries``.
  var stockItems: [StockLineKey?] = []
  /// Each model's configurator, made on first use (it holds the model's solver and the
  /// tie-breaks of the session's builds, so it is kept until the model is replaced).
  var configurators: [ModelID: ProductConfigurator] = [:]
}
