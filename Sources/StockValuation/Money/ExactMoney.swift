/// An exact, not yet rounded amount: minor units with six further decimal digits.
///
/// Line values with tax (`48.95 × 14 × 1.10`) and their sums are kept exactly as `ExactMoney`
/// and rounded or converted once, at the end. Tax percents with up to four decimals keep every
/// line value exact at this resolution.
public struct ExactMoney: Sendable, Hashable, CustomStringConvertible {
  /// The number of decimal digits kept beyond the currency's minor units.
  static let extraDigits = 6
  /// 10^extraDigits.
  static let extraScale: Int128 = 1_000_000

  /// The currency of the amount.
  public let currency: Currency
  /// The amount in units of 10^-6 minor units.
  let scaled: Int128

  init(scaled: Int128, currency: Currency) {
    self.scaled = scaled
    self.currency = currency
  }

  /// The exact value of a rounded amount.
  /// - Parameter money: The amount.
  public init(_ money: Money) {
    self.init(scaled: Int128(money.minorUnits) * Self.extraScale, currency: money.currency)
  }

  /// Zero in the given currency.
  /// - Parameter currency: The currency.
  /// - Returns: An exact zero.
  public static func zero(_ currency: Currency) -> ExactMoney {
    ExactMoney(scaled: 0, currency: currency)
  }

  /// Adds an exact amount of the same currency.
  /// - Parameter other: The amount to add.
  /// - Returns: The exact sum.
  /// - Throws: ``MoneyError/currencyMismatch(expected:actual:)`` or ``MoneyError/overflow(_:)``.
  public func adding(_ other: ExactMoney) throws(MoneyError) -> ExactMoney {
    guard other.currency == currency else {
      throw .currencyMismatch(expected: currency.code, actual: other.currency.code)
    }
    let (sum, overflow) = scaled.addingReportingOverflow(other.scaled)
    guard !overflow else { throw .overflow("sum of exact amounts") }
    return ExactMoney(scaled: sum, currency: currency)
  }

  /// Rounds once to whole minor units.
  /// - Parameter rounding: The tie rule.
  /// - Returns: The rounded amount.
  /// - Throws: ``MoneyError/overflow(_:)`` if it does not fit an `Int64` of minor units.
  public func rounded(_ rounding: Rounding = .halfEven) throws(MoneyError) -> Money {
    guard
      let minor = WideArithmetic.scale(
        scaled, by: 1, over: UInt128(Self.extraScale), rounding: rounding)
    else { throw .overflow("\(self) does not fit in minor units") }
    return Money(minorUnits: minor, currency: currency)
  }

  /// Whether ``rounded(_:)`` gives an amount rather than overflowing: one comparison for any
  /// amount more than a minor unit inside the limit.
  ///
  /// - Parameter rounding: The tie rule.
  /// - Returns: `true` when the amount fits an `Int64` of minor units once rounded.
  public func roundsToMinorUnits(_ rounding: Rounding = .halfEven) -> Bool {
    if scaled.magnitude < Self.certainlyFits { return true }
    return (try? rounded(rounding)) != nil
  }

  /// Below this magnitude the quotient is at most `Int64.max - 1` before rounding.
  private static let certainlyFits = UInt128(Int64.max - 1) * UInt128(extraScale)

  /// The exact plain decimal text: at least the currency's decimals, more only if needed
  /// (`"408303.94"`, `"753.8345"`).
  public var decimalString: String {
    DecimalText.string(
      magnitude: scaled.magnitude, isNegative: scaled < 0,
      fractionDigits: currency.minorUnits + Self.extraDigits,
      minimumFractionDigits: currency.minorUnits)
  }

  /// The exact decimal text followed by the code: `"753.8345 USD"`.
  public var description: String { "\(decimalString) \(currency.code)" }
}
