package import CarFactory
package import StockValuation

/// How the session values and shows money: the report currency, the rates in force, the
/// rounding rule and the locale. Formatters and converters come from the currency's pair
/// factory and are kept once made (``PairCache``), so repeated formatting derives nothing
/// again.
///
/// The pair factories come from the session's own ``CurrencyPairRegistry``, in which every
/// currency of the ISO table is registered up front (SPEC §3: every currency of the rate table
/// can be used), so a lookup never needs to register one.
package struct MoneySettings {
  package private(set) var currency: Currency = .usd
  package private(set) var rates: RateTable = .ecbReference
  let rounding: Rounding
  let locale: String?
  /// Whether amounts shown to people in another currency than USD carry the USD list price
  /// beside them (`--list-prices`); without it the screen shows one currency (SPEC §14).
  package var showsListPrices = false
  /// The day reports are dated by (`--as-of`, else today), against which a report says how
  /// old its rates are (SPEC §15); `nil` when unknown.
  package var reportDay: CalendarDate?
  /// The session's currency pairs.
  let pairs: CurrencyPairRegistry
  /// The formatters and converters made under these settings' locale and rates; a change of
  /// rates starts a new cache (a copy of the settings shares it until then).
  private var made = PairCache()

  /// Creates settings; ``checkLocale()`` tells whether the locale is usable.
  package init(
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
  package func checkLocale() throws(CommandError) {
    _ = try formatter(for: .usd)
  }

  /// Looks up a currency by code (case-insensitive), with a suggestion when it is unknown.
  package static func currency(_ code: String) throws(CommandError) -> Currency {
    do {
      return try Currency(code: code)
    } catch {
      throw .failed(command: nil, error)
    }
  }

  /// The formatter of a currency, made once through its pair factory.
  func formatter(for currency: Currency) throws(CommandError) -> any MoneyFormatting {
    if let cached = made.formatters[currency] { return cached }
    do {
      let factory = try pairs.factory(for: currency.code)
      let formatter = try factory.makeFormatter(locale: locale)
      made.formatters[currency] = formatter
      return formatter
    } catch {
      throw .failed(command: nil, error)
    }
  }

  /// The USD-to-currency converter under the rates in force, made once per rate change.
  func converter(to currency: Currency) throws(CommandError) -> any CurrencyConverting {
    if let cached = made.converters[currency] { return cached }
    do {
      let factory = try pairs.factory(for: currency.code)
      let converter = try factory.makeConverter(rates: rates, rounding: rounding)
      made.converters[currency] = converter
      return converter
    } catch let error as CurrencyError {
      throw .failed(command: nil, error)
    } catch let error as RateError {
      throw .failed(command: nil, error)
    } catch {
      throw .notFound(command: nil, .conversion(currency))
    }
  }

  /// Sets the report currency; it must be one the rates in force can convert to.
  package mutating func setCurrency(_ currency: Currency) throws(CommandError) {
    _ = try converter(to: currency)
    _ = try formatter(for: currency)
    self.currency = currency
  }

  /// Replaces the rates in force; the report currency must stay convertible.
  package mutating func setRates(_ table: RateTable) throws(CommandError) {
    var next = self
    next.rates = table
    next.made = made.keepingFormatters()
    _ = try next.converter(to: currency)
    self = next
  }

  /// The report's headline (``StockReport/headline(formatter:)``), in this session's format.
  package func headline(of report: StockReport) -> String {
    guard let formatter = try? formatter(for: report.total.currency),
      let headline = try? report.headline(formatter: formatter)
    else { return report.total.description }
    return headline
  }

  /// A USD list price as people read it, in the home convention or the chosen locale.
  package func usd(_ price: Price) -> String {
    format(Money(minorUnits: price.cents, currency: .usd))
  }

  /// A USD list price in the report currency with the list price beside it
  /// (`£43,986.87 ($72,900.00)`, SPEC §4), or just the list price when the report currency
  /// is USD. The amount is converted once from the exact price and rounded by the session's
  /// rule.
  package func listed(_ price: Price) -> String {
    let list = usd(price)
    guard currency != .usd, let converter = try? converter(to: currency),
      let value = try? converter.convert(Money(minorUnits: price.cents, currency: .usd))
    else { return list }
    return "\(format(value)) (\(list))"
  }

  /// A USD price as tables, the working car and the prompt show it: in the report currency,
  /// converted once from the exact price and rounded by the session's rule (`£43,986.87`),
  /// with the list price beside it only when asked (``showsListPrices``, ``listed(_:)``).
  package func shown(_ price: Price) -> String {
    if showsListPrices { return listed(price) }
    return converted(price).map(format) ?? usd(price)
  }

  /// The difference of two USD prices as ``shown(_:)`` shows them (`+£536.94`,
  /// `-£754.23`): the difference of the two amounts as shown, so that the differences a
  /// screen lists add up to the difference of the prices it shows; with the list prices
  /// shown, the converted difference with the USD one beside it.
  package func shownDifference(_ price: Price, from previous: Price) -> String {
    if showsListPrices || currency == .usd {
      let (cents, overflow) = price.cents.subtractingReportingOverflow(previous.cents)
      guard !overflow else { return "?" }
      let magnitude = cents.magnitude <= UInt64(Int64.max) ? Int64(cents.magnitude) : nil
      guard let magnitude else { return "?" }
      return (cents < 0 ? "-" : "+") + listed(Price(cents: magnitude))
    }
    guard let now = converted(price), let before = converted(previous),
      let difference = try? now.subtracting(before)
    else { return "?" }
    let minor = difference.minorUnits
    guard minor != Int64.min else { return "?" }
    return (minor < 0 ? "-" : "+")
      + format(Money(minorUnits: minor < 0 ? -minor : minor, currency: difference.currency))
  }

  /// A USD amount (a stock line's unit price) as a table in `currency` shows it: converted
  /// once, with the USD amount beside it only when asked (``showsListPrices``).
  ///
  /// - Parameters:
  ///   - amount: The amount, in USD.
  ///   - currency: The table's currency.
  /// - Returns: The text.
  package func shown(_ amount: Money, in currency: Currency) -> String {
    guard amount.currency == .usd, currency != .usd,
      let converted = try? converter(to: currency).convert(amount)
    else { return format(amount) }
    return showsListPrices ? "\(format(converted)) (\(format(amount)))" : format(converted)
  }

  /// A USD price in the report currency, converted once; `nil` when it cannot be (then the
  /// USD price is shown).
  private func converted(_ price: Price) -> Money? {
    let usd = Money(minorUnits: price.cents, currency: .usd)
    guard currency != .usd else { return usd }
    return try? converter(to: currency).convert(usd)
  }

  /// A count of items grouped as the report currency's amounts are (`1,234`; `1.234` for
  /// de_DE).
  package func count(_ count: Int64) -> String {
    if made.countCurrency == currency {
      // Below a thousand a count is its digits wherever the formatter was seen to write 999
      // so (no sign, no grouping, ASCII digits): a stock sentence on every other line.
      if made.countsBelowThousandArePlain, count >= 0, count < 1000 {
        return Self.digits(count)
      }
      if let known = made.countFormatter { return known.formatCount(count) }
    }
    guard let formatter = try? formatter(for: currency) else { return String(count) }
    made.countFormatter = formatter
    made.countCurrency = currency
    made.countsBelowThousandArePlain =
      formatter.formatCount(0) == "0" && formatter.formatCount(999) == "999"
    return formatter.formatCount(count)
  }

  /// The decimal digits of a count from 0 to 999, made in place (a small string).
  private static func digits(_ count: Int64) -> String {
    let value = Int(truncatingIfNeeded: count)
    let length = value < 10 ? 1 : value < 100 ? 2 : 3
    return String(unsafeUninitializedCapacity: length) { out in
      var rest = value
      for position in stride(from: length - 1, through: 0, by: -1) {
        out[position] = 48 &+ UInt8(truncatingIfNeeded: rest % 10)
        rest /= 10
      }
      return length
    }
  }

  /// Formats an amount; amounts reaching here always fit the formatter's currency.
  package func format(_ amount: Money) -> String {
    guard let formatter = try? formatter(for: amount.currency),
      let text = try? formatter.format(amount)
    else { return amount.description }
    return text
  }
}

/// The formatters and converters one ``MoneySettings`` has made: a cache of what its fixed
/// locale and rates determine, so formatting needs no `mutating` and a copy of the settings
/// (a session state saved before a command) shares what was made.
private final class PairCache {
  var formatters: [Currency: any MoneyFormatting] = [:]
  var converters: [Currency: any CurrencyConverting] = [:]
  /// The formatter counts were last formatted with, and its currency: a stock sentence
  /// formats two counts, which should not cost two dictionary lookups.
  var countFormatter: (any MoneyFormatting)?
  var countCurrency: Currency?
  /// Whether ``countFormatter`` writes each count from 0 to 999 as its ASCII digits.
  var countsBelowThousandArePlain = false

  /// A cache for new rates: the formatters stay (they depend on the locale only).
  func keepingFormatters() -> PairCache {
    let next = PairCache()
    next.formatters = formatters
    next.countFormatter = countFormatter
    next.countsBelowThousandArePlain = countsBelowThousandArePlain
    next.countCurrency = countCurrency
    return next
  }
}
