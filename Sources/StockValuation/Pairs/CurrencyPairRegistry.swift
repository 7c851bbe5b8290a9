import Support
import Synchronization

/// The entry point that picks the factory of a currency pair: factories by currency code,
/// registered at run time — the same idiom as `CarRegistry`.
///
/// ```swift
/// let pounds = try CurrencyPairRegistry.shared.factory(for: "GBP")
/// let formatter = pounds.makeFormatter()
/// let converter = try pounds.makeConverter(rates: .ecbReference)
/// ```
/// USD and GBP are built in. Any other currency of the ISO table (every currency of the rate
/// table among them) becomes usable once registered with ``register(_:symbol:replacingExisting:)``;
/// a lookup never registers anything. ``shared`` is the process-wide registry; a program or a
/// test can make its own and pass it where factories are needed.
public final class CurrencyPairRegistry: Sendable {
  /// The process-wide registry, holding the built-in USD and GBP pairs.
  public static let shared = CurrencyPairRegistry()

  private let factories: Mutex<[String: any CurrencyPairFactory]>

  /// Creates a registry holding the built-in USD and GBP pairs (their one instance each).
  public init() {
    factories = Mutex([
      "USD": DollarPairFactory.shared,
      "GBP": PoundPairFactory.shared,
    ])
  }

  /// The factory of a registered currency; the same instance on every call.
  ///
  /// - Parameter code: A currency code, case-insensitive (`"gbp"` works).
  /// - Returns: The currency's factory.
  /// - Throws: ``CurrencyError/unknownCurrency(_:suggestion:)`` for a code not in the ISO table
  ///   (`unknown currency 'GPB'; did you mean 'GBP'?`), ``CurrencyError/notRegistered(_:registered:)``
  ///   for a known currency not registered.
  public func factory(for code: String) throws(CurrencyError) -> any CurrencyPairFactory {
    let key = code.uppercased()
    if let factory = factories.withLock({ $0[key] }) { return factory }
    let registered = registeredCodes
    guard ISO4217.byCode[key] != nil else {
      let others = ISO4217.codes.filter { !registered.contains($0) }
      throw .unknownCurrency(
        code,
        suggestion: Suggestion.nearest(to: key, in: registered + others, maximumDistance: 1))
    }
    throw .notRegistered(key, registered: registered)
  }

  /// Registers a currency of the ISO table, making its factory available.
  ///
  /// - Parameters:
  ///   - code: A currency code, case-insensitive.
  ///   - symbol: The home-convention prefix; by default `€` for EUR, `¥` for JPY, and the code
  ///     followed by a space (`"CHF "`) for others.
  ///   - replacingExisting: Whether an existing registration (even USD or GBP) is replaced by a
  ///     new factory instance; if `false`, registering twice is an error.
  /// - Returns: The new factory.
  /// - Throws: ``CurrencyError/unknownCurrency(_:suggestion:)`` or
  ///   ``CurrencyError/alreadyRegistered(_:)``.
  @discardableResult
  public func register(_ code: String, symbol: String? = nil, replacingExisting: Bool = false)
    throws(CurrencyError) -> any CurrencyPairFactory
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

  /// The codes with a registered factory, ordered (`["GBP", "USD"]` at start).
  public var registeredCodes: [String] { factories.withLock { $0.keys.sorted() } }
}
