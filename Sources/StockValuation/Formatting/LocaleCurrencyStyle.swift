import FoundationEssentials
import FoundationInternationalization

/// Foundation's currency format for one locale and currency: the general path of locale
/// formatting, and the text a learned ``NumberPattern`` must reproduce.
///
/// The style is `Decimal.FormatStyle.Currency` with the currency's own minor units as its
/// fraction length, so Foundation never rounds: an amount is handed over as an exact
/// `Decimal` built from its integer minor units (never through `Double`).
struct LocaleCurrencyStyle: Sendable {
  /// The Foundation style.
  let style: Decimal.FormatStyle.Currency
  /// The currency's minor units.
  let fractionDigits: Int

  /// Creates the style of `currency` in `locale`.
  /// - Parameters:
  ///   - locale: The locale.
  ///   - currency: The currency; its minor units fix the number of decimals.
  init(locale: Locale, currency: Currency) {
    fractionDigits = currency.minorUnits
    style = Decimal.FormatStyle.Currency(code: currency.code, locale: locale)
      .precision(.fractionLength(currency.minorUnits))
  }

  /// Formats `minorUnits / 10^fractionDigits` exactly, through Foundation.
  /// - Parameter minorUnits: The amount in minor units.
  /// - Returns: Foundation's text.
  func format(minorUnits: Int64) -> String {
    style.format(
      Decimal(
        sign: minorUnits < 0 ? .minus : .plus, exponent: -fractionDigits,
        significand: Decimal(minorUnits.magnitude)))
  }
}
