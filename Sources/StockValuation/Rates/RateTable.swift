/// A set of exchange rates against one base currency, plus direct overrides.
///
/// Table rates all read `1 base = value quote` (for the ECB: `1 EUR = 1.0411 USD`). Conversions
/// between two other currencies go through the base exactly (see ``CurrencyConverting``).
/// Overrides are direct rates for one pair (`1 USD = 0.60338 GBP`) that take precedence over
/// the table for that pair, in that direction only.
public struct RateTable: Sendable, Hashable {
  /// The currency every table rate is quoted against (EUR for ECB data).
  public let base: Currency
  /// What the table is (`"ECB euro reference rates"`), for messages.
  public let source: String

  private var byQuote: [Currency: ExchangeRate]
  private var direct: [PairKey: ExchangeRate]
  /// The as-of date the rates were chosen for, if one was asked for (`--as-of`).
  private(set) var asOf: CalendarDate?
  /// For each currency with no rate on or before ``asOf``, the date of its first later rate.
  private(set) var laterRates: [Currency: CalendarDate] = [:]

  /// Creates a table from rates that all share `base`.
  /// - Parameters:
  ///   - base: The base currency.
  ///   - source: What the table is, for messages.
  ///   - rates: One rate per quote currency.
  /// - Throws: ``RateError/wrongBase(expected:actual:)`` or ``RateError/duplicateRate(_:)``.
  public init(base: Currency, source: String, rates: [ExchangeRate]) throws(RateError) {
    self.base = base
    self.source = source
    self.byQuote = [:]
    self.direct = [:]
    for rate in rates {
      guard rate.base == base else {
        throw .wrongBase(expected: base.code, actual: rate.base.code)
      }
      guard byQuote.updateValue(rate, forKey: rate.quote) == nil else {
        throw .duplicateRate(rate.quote.code)
      }
    }
  }

  /// The table's rates, ordered by quote code.
  public var rates: [ExchangeRate] { byQuote.values.sorted { $0.quote < $1.quote } }

  /// The direct overrides, ordered by base then quote code.
  public var overrides: [ExchangeRate] {
    direct.values.sorted { ($0.base.code, $0.quote.code) < ($1.base.code, $1.quote.code) }
  }

  /// The latest date of any table rate, if the rates are dated.
  public var date: CalendarDate? { byQuote.values.compactMap(\.date).max() }

  /// The table rate `1 base = x quote`, if the table has one.
  /// - Parameter quote: The quote currency.
  /// - Returns: The rate, or `nil`.
  public func rate(for quote: Currency) -> ExchangeRate? { byQuote[quote] }

  /// The direct override for a pair, if one was set.
  /// - Parameters:
  ///   - base: The currency converted from.
  ///   - quote: The currency converted to.
  /// - Returns: The override, or `nil`.
  public func override(from base: Currency, to quote: Currency) -> ExchangeRate? {
    direct[PairKey(base: base, quote: quote)]
  }

  /// A copy with a direct rate that takes precedence for its pair (replacing an earlier
  /// override of the same pair). It is used only from `rate.base` to `rate.quote`.
  /// - Parameter rate: The direct rate, e.g. `1 USD = 0.60338 GBP` from the command line.
  /// - Returns: The new table.
  public func overriding(with rate: ExchangeRate) -> RateTable {
    var copy = self
    copy.direct[PairKey(base: rate.base, quote: rate.quote)] = rate
    return copy
  }

  /// A copy without any direct overrides.
  public var withoutOverrides: RateTable {
    var copy = self
    copy.direct = [:]
    return copy
  }

  /// Remembers the as-of selection that made the table, for ``missingRate(_:)`` to explain.
  mutating func recordSelection(asOf date: CalendarDate, laterRates later: [Currency: CalendarDate])
  {
    asOf = date
    laterRates = later
  }

  /// Two tables are equal when their rates and overrides are; how they were selected from a
  /// file (kept only to explain missing rates) does not count.
  public static func == (lhs: RateTable, rhs: RateTable) -> Bool {
    lhs.base == rhs.base && lhs.source == rhs.source && lhs.byQuote == rhs.byQuote
      && lhs.direct == rhs.direct
  }

  /// Hashes what ``==`` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(base)
    hasher.combine(source)
    hasher.combine(byQuote)
    hasher.combine(direct)
  }

  private struct PairKey: Hashable, Sendable {
    var base: Currency
    var quote: Currency
  }
}
