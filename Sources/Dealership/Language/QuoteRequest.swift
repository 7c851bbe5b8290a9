package import StockValuation

/// What `quote N [CODE] [customer=TEXT] [discount=AMOUNT|P%] [tax=P%] [valid=DAYS]` asks for,
/// each value checked as typed; what depends on the session (the build, the currency's rate,
/// a discount larger than the lines) is for the ``Interpreter`` to check.
package struct QuoteRequest: Equatable {
  /// The days a quote holds without `valid=`.
  static let defaultValidity = 30
  /// The longest validity (a year).
  package static let maximumValidity = 365
  /// The most decimals of a percent (as a stock line's tax percent).
  static let maximumPercentDecimals = 4

  var build: Int
  /// The quote currency, or `nil` for the session's.
  var currency: Currency?
  var customer: String?
  var discount: Discount?
  /// The tax percent, 0 to 100.
  var tax: ExactDecimal?
  /// The days from today the quote holds.
  var validDays = Self.defaultValidity

  /// A discount off the lines' total.
  enum Discount: Equatable {
    /// An amount in the quote currency, as typed (its decimals are the currency's to check).
    case amount(String)
    /// A percent, 0 to 100.
    case percent(ExactDecimal)
  }
}
