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
