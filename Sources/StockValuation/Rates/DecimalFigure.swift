/// A positive decimal as shown to people: `significand × 10^exponent`, written out in full.
///
/// Rates in reports use it: a rate given in a table or on the command line keeps its own
/// digits (`399.50`), and a computed cross rate has six significant digits however small or
/// large it is (`0.00000000000000000000000000000000000100000`), never an exponent.
public struct DecimalFigure: Sendable, Hashable, CustomStringConvertible {
  /// The digits, as an integer.
  public let significand: UInt64
  /// The power of ten the significand is multiplied by (`-2` for `399.50`).
  public let exponent: Int

  /// Creates `significand × 10^exponent`.
  /// - Parameters:
  ///   - significand: The digits, as an integer.
  ///   - exponent: The power of ten (negative for decimals).
  public init(significand: UInt64, exponent: Int) {
    self.significand = significand
    self.exponent = exponent
  }

  /// The figure of an exact decimal, with the same digits (its sign is dropped).
  /// - Parameter exact: The decimal, e.g. `0.60338`.
  public init(_ exact: ExactDecimal) {
    self.init(significand: exact.significand.magnitude, exponent: -exact.scale)
  }

  /// The plain decimal text: `0.793468`, `399.50`, `1520000`.
  public var description: String {
    let digits = String(significand)
    if exponent >= 0 { return digits + String(repeating: "0", count: exponent) }
    let fractionCount = -exponent
    if digits.count > fractionCount {
      let point = digits.index(digits.endIndex, offsetBy: -fractionCount)
      return String(digits[..<point]) + "." + String(digits[point...])
    }
    return "0." + String(repeating: "0", count: fractionCount - digits.count) + digits
  }
}
