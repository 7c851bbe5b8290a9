import Support

/// An exchange rate: `1 base = value quote`, with its date and where it came from.
///
/// The value is exact and strictly positive. A rate is only ever used in its own direction:
/// `1 USD = 0.60338 GBP` converts dollars to pounds, never pounds to dollars.
public struct ExchangeRate: Sendable, Hashable, CustomStringConvertible {
  /// The currency of which one unit is priced (`EUR` for ECB rates).
  public let base: Currency
  /// The currency in which the price is given.
  public let quote: Currency
  /// How many units of `quote` one unit of `base` is worth, exactly.
  public let value: ExactDecimal
  /// The day the rate applies to, if known (rates given on the command line have none).
  public let date: CalendarDate?
  /// Where the rate came from (`"ECB euro reference rates"`, `"command line"`).
  public let source: String

  /// Creates a rate, refusing zero, negative and same-currency rates.
  /// - Parameters:
  ///   - base: The currency of which one unit is priced.
  ///   - quote: The currency of the price.
  ///   - value: Units of `quote` per unit of `base`; must be greater than zero.
  ///   - date: The day the rate applies to, if known.
  ///   - source: Where the rate came from.
  /// - Throws: ``RateError/notPositive(_:quote:)`` or ``RateError/sameCurrency(_:)``.
  public init(
    base: Currency, quote: Currency, value: ExactDecimal, date: CalendarDate?, source: String
  ) throws(RateError) {
    guard base != quote else { throw .sameCurrency(base.code) }
    guard value.isPositive else { throw .notPositive(value.description, quote: quote.code) }
    self.base = base
    self.quote = quote
    self.value = value
    self.date = date
    self.source = source
  }

  /// Creates a rate from its text, e.g. the `0.60338` of `--rate GBP=0.60338`.
  ///
  /// The text uses the strict number syntax without sign (see `Docs/Money.md`).
  /// - Parameters:
  ///   - base: The currency of which one unit is priced.
  ///   - quote: The currency of the price.
  ///   - text: The exact rate, e.g. `"0.60338"`.
  ///   - date: The day the rate applies to, if known.
  ///   - source: Where the rate came from.
  /// - Throws: ``RateError/badRate(_:quote:)`` for text that is not a number (`NaN`, `abc`,
  ///   `-1`), ``RateError/notPositive(_:quote:)`` for zero, ``RateError/sameCurrency(_:)``.
  public init(
    base: Currency, quote: Currency, parsing text: String, date: CalendarDate? = nil,
    source: String
  ) throws(RateError) {
    let parsed: DecimalSyntax.Value
    do {
      parsed = try DecimalSyntax.parse(text, allowingNegative: false)
    } catch {
      throw .badRate(text, quote: quote.code)
    }
    guard parsed.magnitude > 0 else { throw .notPositive(text, quote: quote.code) }
    let value: ExactDecimal
    do {
      value = try ExactDecimal(parsed)
    } catch {
      throw .badRate(text, quote: quote.code)
    }
    try self.init(base: base, quote: quote, value: value, date: date, source: source)
  }

  /// `1 EUR = 1.0411 USD (ECB euro reference rates, 2025-02-28)`.
  public var description: String {
    let origin = [source, date?.description].compactMap { $0 }.joined(separator: ", ")
    return "1 \(base.code) = \(value) \(quote.code) (\(origin))"
  }
}
