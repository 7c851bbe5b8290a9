/// The entry point that picks the factory of a currency pair.
///
/// ```swift
/// let pounds = try CurrencyPairs.factory(for: "GBP")
/// let formatter = pounds.makeFormatter()
/// let converter = try pounds.makeConverter(rates: .ecbReference)
/// ```
/// USD and GBP are built in. Any other currency of the ISO table (every currency of the rate
/// table among them) becomes usable once registered with ``register(_:symbol:replacingExisting:)``.
public enum CurrencyPairs {
  /// The factory of a registered currency; the same instance on every call.
  /// - Parameter code: A currency code, case-insensitive (`"gbp"` works).
  /// - Returns: The currency's factory.
  /// - Throws: ``CurrencyError/unknownCurrency(_:suggestion:)`` for a code not in the ISO table
  ///   (`unknown currency 'GPB'; did you mean 'GBP'?`), ``CurrencyError/notRegistered(_:registered:)``
  ///   for a known currency not registered yet.
  public static func factory(for code: String) throws(CurrencyError) -> any CurrencyPairFactory {
    try CurrencyPairRegistry.shared.factory(for: code)
  }

  /// The factory of any currency of the ISO table, registering it with its default home
  /// symbol on first use if needed. Convenient for a command line where `stock eur` should
  /// simply work.
  /// - Parameters:
  ///   - code: A currency code, case-insensitive.
  ///   - registeringIfNeeded: Pass `true` to register a known but unregistered currency.
  /// - Returns: The currency's factory, the same instance on every call.
  /// - Throws: ``CurrencyError/unknownCurrency(_:suggestion:)``, or
  ///   ``CurrencyError/notRegistered(_:registered:)`` when `registeringIfNeeded` is `false`.
  public static func factory(for code: String, registeringIfNeeded: Bool) throws(CurrencyError)
    -> any CurrencyPairFactory
  {
    guard registeringIfNeeded else { return try factory(for: code) }
    do {
      return try CurrencyPairRegistry.shared.factory(for: code)
    } catch .unknownCurrency(let bad, let suggestion) {
      throw .unknownCurrency(bad, suggestion: suggestion)
    } catch {
      return try CurrencyPairRegistry.shared.factoryRegisteringIfNeeded(code)
    }
  }

  /// Registers a currency of the ISO table, making its factory available.
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
  public static func register(
    _ code: String, symbol: String? = nil, replacingExisting: Bool = false
  ) throws(CurrencyError) -> any CurrencyPairFactory {
    try CurrencyPairRegistry.shared.register(
      code, symbol: symbol, replacingExisting: replacingExisting)
  }

  /// The codes with a registered factory, ordered (`["GBP", "USD"]` at start).
  public static var registeredCodes: [String] { CurrencyPairRegistry.shared.registeredCodes }
}
