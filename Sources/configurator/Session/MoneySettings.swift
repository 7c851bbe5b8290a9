internal import CarFactory
internal import StockValuation

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
  private var formatters: [Currency: any MoneyFormatting] = [:]
  private var converters: [Currency: any CurrencyConverting] = [:]

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
      throw CommandError(error.description)
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
      throw CommandError(error.description)
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
      throw CommandError(error.description)
    } catch let error as RateError {
      throw CommandError(error.description)
    } catch {
      throw CommandError("cannot convert USD to \(currency.code)")
    }
  }

  /// Sets the report currency; it must be one the rates in force can convert to.
  mutating func setCurrency(_ currency: Currency) throws(CommandError) {
    _ = try converter(to: currency)
    _ = try formatter(for: currency)
    self.currency = currency
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

  /// Formats an amount; amounts reaching here always fit the formatter's currency.
  mutating func format(_ amount: Money) -> String {
    guard let formatter = try? formatter(for: amount.currency),
      let text = try? formatter.format(amount)
    else { return amount.description }
    return text
  }
}
