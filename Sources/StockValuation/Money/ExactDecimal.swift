import Support

/// An exact decimal number: `significand / 10^scale`. Used for exchange rates and tax percents.
///
/// `ExactDecimal(significand: 60338, scale: 5)` is 0.60338. Equality is by value
/// (`1.50 == 1.5`); the scale is kept for display.
public struct ExactDecimal: Sendable, Hashable, CustomStringConvertible {
  /// The integer significand.
  public let significand: Int64
  /// The number of decimal digits, 0…18.
  public let scale: Int

  /// Creates `significand / 10^scale`.
  /// - Parameters:
  ///   - significand: The integer significand.
  ///   - scale: The number of decimal digits, 0…18 (anything else is a programming error).
  public init(significand: Int64, scale: Int) {
    precondition(scale >= 0 && scale <= 18, "ExactDecimal scale must be 0…18")
    self.significand = significand
    self.scale = scale
  }

  /// Parses a decimal such as `"0.60338"`, `"156.96"` or `"-2.5"`, exactly.
  ///
  /// Same strict syntax as money (see `Docs/Money.md`), with an optional leading `-`; at most
  /// 18 significant digits and 18 decimals.
  /// - Parameter text: The decimal text.
  /// - Throws: ``MoneyError/badNumber(_:)`` or ``MoneyError/outOfRange(_:)``.
  public init(parsing text: String) throws(MoneyError) {
    let value: DecimalSyntax.Value
    do {
      value = try DecimalSyntax.parse(text, allowingNegative: true)
    } catch {
      throw error.moneyError(for: text)
    }
    try self.init(value)
  }

  init(_ value: DecimalSyntax.Value) throws(MoneyError) {
    guard let signed = WideArithmetic.signed(UInt128(value.magnitude), negative: value.isNegative)
    else { throw .outOfRange("\(value.magnitude)") }
    self.init(significand: signed, scale: value.fractionDigits)
  }

  /// Whether the value is greater than zero.
  public var isPositive: Bool { significand > 0 }

  /// The exact text with all of its decimals: `"0.60338"`, `"399.50"`.
  public var description: String {
    DecimalText.string(
      magnitude: UInt128(significand.magnitude), isNegative: significand < 0,
      fractionDigits: scale, minimumFractionDigits: scale)
  }

  /// The value with trailing fractional zeros removed, for by-value comparison.
  var normalized: (significand: Int64, scale: Int) {
    var (value, digits) = (significand, scale)
    while digits > 0, value % 10 == 0 {
      value /= 10
      digits -= 1
    }
    return (value, digits)
  }

  /// Whether two decimals have the same value, whatever their scales.
  public static func == (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
    lhs.normalized == rhs.normalized
  }

  /// Hashes the value, consistently with `==`.
  public func hash(into hasher: inout Hasher) {
    let value = normalized
    hasher.combine(value.significand)
    hasher.combine(value.scale)
  }
}
