internal import ConfigurationEngine

/// What the working car (SPEC §11) asks at each step besides its states and reasons
/// (``step(from:to:)``): the price of the car as `build` would make it now.
extension ProductConfigurator {
  /// The price of the build ``build(_:)`` would make with the choices: the running price of a
  /// working car, equal to the price of the build `done` records.
  ///
  /// - Parameter choices: The user's choices (consistent).
  /// - Returns: The price.
  /// - Throws: ``ConfigurationError/conflict(_:)`` when the choices conflict, or a budget
  ///   error.
  public func price(of choices: [Choice]) throws(ConfigurationError) -> Price {
    let completed = try completion(choices)
    guard let price = price(of: completed) else { throw .priceOverflow }
    return price
  }
}

/// The running figures of a working car: its price and every declared attribute's total.
public struct RunningTotals: Hashable, Sendable {
  /// The price of the build `done` would record.
  public let price: Price
  /// The totals of that build, in declaration order (``ProductLine/totals(holding:)``).
  public let totals: [BuildTotal]

  /// Creates running figures.
  ///
  /// - Parameters:
  ///   - price: The price.
  ///   - totals: The attribute totals.
  public init(price: Price, totals: [BuildTotal]) {
    self.price = price
    self.totals = totals
  }
}

extension ProductConfigurator {
  /// The price and attribute totals of the build ``build(_:)`` would make with the choices,
  /// from one completion: the running figures of a working car.
  ///
  /// - Parameter choices: The user's choices (consistent).
  /// - Returns: The price and the totals.
  /// - Throws: ``ConfigurationError/conflict(_:)`` when the choices conflict, or a budget
  ///   error.
  public func runningTotals(of choices: [Choice]) throws(ConfigurationError) -> RunningTotals {
    let completed = try completion(choices)
    guard let price = price(of: completed) else { throw .priceOverflow }
    let selected =
      line.attributes.isEmpty
      ? []
      : line.values.indices.filter {
        completed[line.values[$0].variable]
      }
    return RunningTotals(price: price, totals: line.totals(holding: selected))
  }
}
