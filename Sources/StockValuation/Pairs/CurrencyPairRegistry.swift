import Support
import Synchronization

/// The factories by currency code, behind a lock. USD and GBP are there from the start.
///
/// ``CurrencyPairs`` uses the process-wide ``shared`` registry; tests may make their own.
final class CurrencyPairRegistry: Sendable {
  /// The process-wide registry.
  static let shared = CurrencyPairRegistry()

  private let factories: Mutex<[String: any CurrencyPairFactory]>

  init() {
    factories = Mutex([
      "USD": DollarPairFactory.shared,
      "GBP": PoundPairFactory.shared,
    ])
  }

  /// The registered factory for `code` (case-insensitive).
  func factory(for code: String) throws(CurrencyError) -> any CurrencyPairFactory {
    let key = code.uppercased()
    if let factory = factories.withLock({ $0[key] }) { return factory }
    let registered = registeredCodes
    guard ISO4217.byCode[key] != nil else {
      let others = ISO4217.codes.filter { !registered.contains($0) }
      throw .unknownCurrency(
        code, suggestion: Suggestion.nearest(to: key, in: registered + others, maximumDistance: 1))
    }
    throw .notRegistered(key, registered: registered)
  }

  /// Registers the currency `code`; see ``CurrencyPairs/register(_:symbol:replacingExisting:)``.
  @discardableResult
  func register(_ code: String, symbol: String?, replacingExisting: Bool) throws(CurrencyError)
    -> any CurrencyPairFactory
  {
    let currency = try Currency(code: code)
    let factory = RegisteredPairFactory(
      currency: currency, homeSymbol: symbol ?? HomeSymbols.symbol(for: currency))
    return try factories.withLock { table throws(CurrencyError) in
      if !replacingExisting, table[currency.code] != nil {
        throw .alreadyRegistered(currency.code)
      }
      table[currency.code] = factory
      return factory
    }
  }

  /// The factory for `code`, registering it first if it is a known but unregistered currency.
  func factoryRegisteringIfNeeded(_ code: String) throws(CurrencyError)
    -> any CurrencyPairFactory
  {
    let currency = try Currency(code: code)
    return factories.withLock { table in
      if let existing = table[currency.code] { return existing }
      let factory = RegisteredPairFactory(
        currency: currency, homeSymbol: HomeSymbols.symbol(for: currency))
      table[currency.code] = factory
      return factory
    }
  }

  /// The registered codes, ordered.
  var registeredCodes: [String] { factories.withLock { $0.keys.sorted() } }
}
