internal import CarFactory
internal import StockValuation
import Synchronization

/// How the session values and shows money: the report currency, the rates in force, the
/// rounding rule and the locale. Formatters and converters come from the currency's pair
/// factory and are cached here, so repeated formatting derives nothing again.
///
/// The pair factories come from the session's own ``CurrencyPairRegistry``, in which every
/// currency of the ISO table is registered up front (SPEC §3: every currency of the rate table
/// can be used), so a lookup never needs to register one.
struct MoneySettings {
  private(set) var currency: Currency = .usd
  private(set) var rates: RateTable = .ecbReference
  let rounding: Rounding
  let locale: String?
  /// The session's currency pairs.
  let pairs: CurrencyPairRegistry
  /// Different after every change of currency or rates, and for every settings made, so
  /// text rendered in one currency (a build's cached block) can tell it is stale.
  private(set) var generation: UInt64 = Self.generations.add(1, ordering: .relaxed).newValue
  private static let generations = Atomic<UInt64>(0)
  private var formatters: [Currency: any MoneyFormatting] = [:]
  private var converters: [Currency: any CurrencyConverting] = [:]
  /// The formatter counts were last formatted with, and the ``generation`` it is of: a stock
  /// sentence formats two counts, which should not cost two dictionary lookups.
  private var countFormatter: (any MoneyFormatting)?
  private var countGeneration: UInt64 = 0

  /// Creates settings; ``checkLocale()`` tells whether the locale is usable.
  init(
    rounding: Rounding = .halfEven, locale: String? = nil,
    pairs: CurrencyPairRegistry = Self.everyCurrency()
  ) {
    self.rounding = rounding
    self.locale = locale
    self.pairs = pairs
  }

  /// A registry with a pair for every currency of the ISO table (USD and GBP built in).
  static func everyCurrency() -> CurrencyPairRegistry {
    let pairs = CurrencyPairRegistry()
    let builtIn = Set(pairs.registeredCodes)
    for currency in Currency.all where !builtIn.contains(currency.code) {
      _ = try? pairs.register(currency.code)
    }
    return pairs
  }

  /// Fails if the locale is unknown, so later formatting cannot fail on it.
  mutating func checkLocale() throws(CommandError) {
    _ = try formatter(for: .usd)
  }

  /// Looks up a currency by code (case-insensitive), with a suggestion when it is unknown.
  static func currency(_ code: String) throws(CommandError) -> Currency {
    do {
      return try Currency(code: code)
    } catch {
      throw .failed(command: nil, error)
    }
  }

  /// The formatter of a currency, made once through its pair factory.
  mutating func formatter(for currency: Currency) throws(CommandError) -> any MoneyFormatting {
    if let cached = formatters[currency] { return cached }
    do {
      let factory = try pairs.factory(for: currency.code)
      let formatter = try factory.makeFormatter(locale: locale)
      formatters[currency] = formatter
      return formatter
    } catch {
      throw .failed(command: nil, error)
    }
  }

  /// The USD-to-currency converter under the rates in force, made once per rate change.
  mutating func converter(to currency: Currency) throws(CommandError) -> any CurrencyConverting {
    if let cached = converters[currency] { return cached }
    do {
      let factory = try pairs.factory(for: currency.code)
      let converter = try factory.makeConverter(rates: rates, rounding: rounding)
      converters[currency] = converter
      return converter
    } catch let error as CurrencyError {
      throw .failed(command: nil, error)
    } catch let error as RateError {
      throw .failed(command: nil, error)
    } catch {
      throw .notFound(command: nil, reason: "cannot convert USD to \(currency.code)")
    }
  }

  /// Sets the report currency; it must be one the rates in force can convert to.
  mutating func setCurrency(_ currency: Currency) throws(CommandError) {
    _ = try converter(to: currency)
    _ = try formatter(for: currency)
    self.currency = currency
    generation = Self.generations.add(1, ordering: .relaxed).newValue
  }

  /// Replaces the rates in force; the report currency must stay convertible.
  mutating func setRates(_ table: RateTable) throws(CommandError) {
    let previous = (rates, converters)
    rates = table
    converters = [:]
    do {
      _ = try converter(to: currency)
    } catch {
      (rates, converters) = previous
      throw error
    }
    generation = Self.generations.add(1, ordering: .relaxed).newValue
  }

  /// The report's headline (``StockReport/headline(formatter:)``), in this session's format.
  mutating func headline(of report: StockReport) -> String {
    guard let formatter = try? formatter(for: report.total.currency),
      let headline = try? report.headline(formatter: formatter)
    else { return report.total.description }
    return headline
  }

  /// A USD list price as people read it, in the home convention or the chosen locale.
  mutating func usd(_ price: Price) -> String {
    format(Money(minorUnits: price.cents, currency: .usd))
  }

  /// A USD list price in the report currency with the list price beside it
  /// (`£43,986.87 ($72,900.00)`, SPEC §4), or just the list price when the report currency
  /// is USD. The amount is converted once from the exact price and rounded by the session's
  /// rule.
  mutating func listed(_ price: Price) -> String {
    let list = usd(price)
    guard currency != .usd, let converter = try? converter(to: currency),
      let value = try? converter.convert(Money(minorUnits: price.cents, currency: .usd))
    else { return list }
    return "\(format(value)) (\(list))"
  }

  /// A count of items grouped as the report currency's amounts are (`1,234`; `1.234` for
  /// de_DE).
  mutating func count(_ count: Int64) -> String {
    if countGeneration == generation, let known = countFormatter {
      return known.formatCount(count)
    }
    guard let formatter = try? formatter(for: currency) else { return String(count) }
    countFormatter = formatter
    countGeneration = generation
    return formatter.formatCount(count)
  }

  /// Formats an amount; amounts reaching here always fit the formatter's currency.
  mutating func format(_ amount: Money) -> String {
    guard let formatter = try? formatter(for: amount.currency),
      let text = try? formatter.format(amount)
    else { return amount.description }
    return text
  }
}
