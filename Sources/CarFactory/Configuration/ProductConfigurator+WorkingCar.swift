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
