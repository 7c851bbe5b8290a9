/// An exact amount of money: a whole number of minor units of one currency.
///
/// `Money(minorUnits: 123456, currency: .usd)` is $1,234.56. Arithmetic is checked: overflow is
/// a ``MoneyError``, never a trap. There is no floating point anywhere in the type.
public struct Money: Sendable, Hashable, CustomStringConvertible {
  /// The amount in minor units (cents for USD, yen for JPY, fils for BHD).
  public let minorUnits: Int64
  /// The currency of the amount.
  public let currency: Currency

  /// Creates an amount from a count of minor units.
  /// - Parameters:
  ///   - minorUnits: The amount in the currency's minor units.
  ///   - currency: The currency.
  public init(minorUnits: Int64, currency: Currency) {
    self.minorUnits = minorUnits
    self.currency = currency
  }

  /// Zero in the given currency.
  /// - Parameter currency: The currency.
  /// - Returns: An amount of zero minor units.
  public static func zero(_ currency: Currency) -> Money {
    Money(minorUnits: 0, currency: currency)
  }

  /// The exact plain decimal text for machine output: `"246362.43"`, `"-5.00"`, `"1235"`.
  ///
  /// No grouping, no symbol, `.` as decimal separator, exactly `minorUnits` decimals.
  public var decimalString: String {
    DecimalText.string(
      magnitude: UInt128(minorUnits.magnitude), isNegative: minorUnits < 0,
      fractionDigits: currency.minorUnits, minimumFractionDigits: currency.minorUnits)
  }

  /// The plain decimal text followed by the code: `"246362.43 GBP"`.
  public var description: String { "\(decimalString) \(currency.code)" }
}
