import Support

/// An error in the values of a stock line.
public enum StockError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The quantity is below zero.
  case negativeQuantity(Int64)
  /// The unit price is below zero.
  case negativePrice(Money)
  /// The tax percent is below zero.
  case negativeTax(ExactDecimal)
  /// The tax percent has more than four decimals.
  case taxTooPrecise(ExactDecimal)

  /// The message shown to users.
  ///
  /// Control characters in quoted values are escaped (`\n`), so it stays one line.
  public var description: String { unescapedDescription.escapingControlCharacters }

  private var unescapedDescription: String {
    switch self {
    case .negativeQuantity(let quantity):
      return "quantity must not be negative, got \(quantity)"
    case .negativePrice(let price):
      return "unit price must not be negative, got \(price.decimalString)"
    case .negativeTax(let tax):
      return "tax percent must not be negative, got \(tax)"
    case .taxTooPrecise(let tax):
      return "tax percent has more than \(StockLine.maximumTaxDecimals) decimals: \(tax)"
    }
  }
}
