/// One line of stock: a product, its category, unit price, quantity and optional tax.
///
/// Its value is `unitPrice × quantity × (1 + taxPercent / 100)`, computed exactly
/// (``exactValue()``) and rounded or converted only at the end.
public struct StockLine: Sendable, Hashable {
  /// The most decimals a tax percent may have (`8.875` is fine, `7.12345` is not).
  public static let maximumTaxDecimals = 4

  /// The product name (`"Kayak"`).
  public let name: String
  /// The category the line is grouped under (`"Watersports"`).
  public let category: String
  /// The price of one unit, not negative (in USD for inventories).
  public let unitPrice: Money
  /// The number of units, not negative.
  public private(set) var quantity: Int64
  /// The tax percent added to the value (`10` for 10 %), or `nil` for none.
  public let taxPercent: ExactDecimal?
  /// The vehicle identification number of the car the line holds, if it has one: 17
  /// characters of `A`-`Z` (no `I`, `O`, `Q`) and `0`-`9`, upper case (see ``VIN``).
  public let vin: String?
  /// The dealer's stock number of the line (`3` for `S-3`), when the stock numbers it.
  public let stockNumber: Int?
  /// What one unit cost the dealer, in the currency it was paid in, if it is known.
  public let cost: Money?
  /// The day the line came into stock, if it is known.
  public let received: CalendarDate?

  /// Creates a line, checking its values.
  /// - Parameters:
  ///   - name: The product name.
  ///   - category: The category.
  ///   - unitPrice: The price of one unit, not negative.
  ///   - quantity: The number of units, not negative.
  ///   - taxPercent: The tax percent (≥ 0, at most four decimals), or `nil`.
  ///   - vin: The car's VIN, already checked by ``VIN/checked(_:)``, or `nil`.
  ///   - stockNumber: The line's stock number, or `nil`.
  ///   - cost: What one unit cost the dealer, not negative, or `nil`.
  ///   - received: The day the line came into stock, or `nil`.
  /// - Throws: ``StockError`` for a negative value or an over-precise tax.
  public init(
    name: String, category: String, unitPrice: Money, quantity: Int64,
    taxPercent: ExactDecimal? = nil, vin: String? = nil, stockNumber: Int? = nil,
    cost: Money? = nil, received: CalendarDate? = nil
  ) throws(StockError) {
    guard quantity >= 0 else { throw .negativeQuantity(quantity) }
    guard unitPrice.minorUnits >= 0 else { throw .negativePrice(unitPrice) }
    if let cost, cost.minorUnits < 0 { throw .negativePrice(cost) }
    if let taxPercent {
      guard taxPercent.significand >= 0 else { throw .negativeTax(taxPercent) }
      guard taxPercent.normalized.scale <= Self.maximumTaxDecimals else {
        throw .taxTooPrecise(taxPercent)
      }
    }
    self.init(
      checkedName: name, category: category, unitPrice: unitPrice, quantity: quantity,
      taxPercent: taxPercent, vin: vin, stockNumber: stockNumber, cost: cost,
      received: received)
  }

  /// Creates a line whose values the caller has already checked.
  init(
    checkedName name: String, category: String, unitPrice: Money, quantity: Int64,
    taxPercent: ExactDecimal?, vin: String? = nil, stockNumber: Int? = nil,
    cost: Money? = nil, received: CalendarDate? = nil
  ) {
    self.name = name
    self.category = category
    self.unitPrice = unitPrice
    self.quantity = quantity
    self.taxPercent = taxPercent
    self.vin = vin
    self.stockNumber = stockNumber
    self.cost = cost
    self.received = received
  }

  /// The line with another quantity, or `nil` when it is negative.
  ///
  /// - Parameter quantity: The new quantity.
  /// - Returns: The line, its other values unchanged.
  public func withQuantity(_ quantity: Int64) -> StockLine? {
    guard quantity >= 0 else { return nil }
    return StockLine(
      checkedName: name, category: category, unitPrice: unitPrice, quantity: quantity,
      taxPercent: taxPercent, vin: vin, stockNumber: stockNumber, cost: cost,
      received: received)
  }

  /// Changes the quantity in place (a stock adds to a line millions of times in a script:
  /// no new line is made); a negative quantity is refused and the line left as it was.
  ///
  /// - Parameter quantity: The new quantity.
  /// - Returns: Whether the quantity was set.
  @discardableResult
  public mutating func setQuantity(_ quantity: Int64) -> Bool {
    guard quantity >= 0 else { return false }
    self.quantity = quantity
    return true
  }

  /// The line with a stock number.
  ///
  /// - Parameter stockNumber: The number (`3` for `S-3`).
  /// - Returns: The line, its other values unchanged.
  public func numbered(_ stockNumber: Int) -> StockLine {
    StockLine(
      checkedName: name, category: category, unitPrice: unitPrice, quantity: quantity,
      taxPercent: taxPercent, vin: vin, stockNumber: stockNumber, cost: cost,
      received: received)
  }

  /// The line with a cost and a day it came into stock.
  ///
  /// - Parameters:
  ///   - cost: What one unit cost the dealer, not negative, or `nil`.
  ///   - received: The day the line came into stock, or `nil`.
  /// - Returns: The line, its other values unchanged.
  /// - Throws: ``StockError/negativePrice(_:)`` for a negative cost.
  public func costed(_ cost: Money?, received: CalendarDate?) throws(StockError) -> StockLine {
    if let cost, cost.minorUnits < 0 { throw .negativePrice(cost) }
    return StockLine(
      checkedName: name, category: category, unitPrice: unitPrice, quantity: quantity,
      taxPercent: taxPercent, vin: vin, stockNumber: stockNumber, cost: cost,
      received: received)
  }

  /// The exact value `unitPrice × quantity × (1 + taxPercent / 100)`, not rounded.
  /// - Returns: The value in the unit price's currency.
  /// - Throws: ``MoneyError/overflow(_:)`` if it exceeds the exact range.
  public func exactValue() throws(MoneyError) -> ExactMoney {
    guard
      let scaled = Self.scaledValue(
        price: unitPrice.minorUnits, quantity: quantity, tax: taxPercent)
    else { throw .overflow("value of '\(name)'") }
    return ExactMoney(scaled: scaled, currency: unitPrice.currency)
  }

  /// `price × quantity × (10^6 + tax × 10^4)` in 10^-6 minor units, or `nil` on overflow.
  @inline(__always)
  static func scaledValue(price: Int64, quantity: Int64, tax: ExactDecimal?) -> Int128? {
    var factor: Int128 = ExactMoney.extraScale
    if let tax {
      let (significand, scale) = tax.normalized
      factor += Int128(significand) * Int128(Pow10.int64[maximumTaxDecimals - scale])
    }
    // |price × quantity| < 2^126, so only the last product can overflow.
    let (value, overflow) = (Int128(price) * Int128(quantity)).multipliedReportingOverflow(
      by: factor)
    return overflow ? nil : value
  }
}

extension StockLine {
  /// What a line says of how its cars came in: their VIN, what one cost and the day they
  /// were received (SPEC §15).
  public struct Arrival: Sendable, Hashable {
    /// The car's VIN, if the line is one car.
    public var vin: String?
    /// What one unit cost the dealer.
    public var cost: Money?
    /// The day the line came into stock.
    public var received: CalendarDate?

    /// An arrival of these details.
    public init(vin: String? = nil, cost: Money? = nil, received: CalendarDate? = nil) {
      self.vin = vin
      self.cost = cost
      self.received = received
    }
  }

  /// The line's VIN, cost and day received.
  public var arrival: Arrival { Arrival(vin: vin, cost: cost, received: received) }
}
