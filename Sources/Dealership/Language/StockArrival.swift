package import StockValuation

/// What `stock add` may say of the cars it stocks (SPEC §15): the car's VIN, what one cost
/// the dealer and the day they came in.
package struct StockArrival: Equatable, Sendable {
  /// The VIN, checked and in upper case: the line is then one car.
  package var vin: String?
  /// The cost as typed: an amount of the session's currency, read when the command runs.
  package var cost: String?
  /// The day the cars came in; `nil` for today.
  package var received: CalendarDate?

  /// An arrival of these details.
  package init(vin: String? = nil, cost: String? = nil, received: CalendarDate? = nil) {
    self.vin = vin
    self.cost = cost
    self.received = received
  }
}

/// A trade-in taken with a sale (`stock sell … trade=VIN acv=AMOUNT allowance=AMOUNT`, SPEC
/// §15): the customer's car, what it is worth (its actual cash value, what it enters stock
/// at) and what the customer is allowed for it against the price.
package struct TradeInRequest: Equatable, Sendable {
  /// The VIN, checked and in upper case.
  package var vin: String
  /// The amounts as typed, in the sale's currency: read when the command runs.
  package var acv: String
  package var allowance: String

  package init(vin: String, acv: String, allowance: String) {
    self.vin = vin
    self.acv = acv
    self.allowance = allowance
  }
}
