extension Car {
  /// One piece of equipment a car holds: a choice of an equipment group (SPEC §7).
  public struct Equipment: Hashable, Sendable {
    /// The group's id (`paint`).
    public let group: String
    /// The choice's id (`red`).
    public let choice: String
    /// The name a detail block shows (`Cherry Red`).
    public let name: String
    /// Whether it is the group's default (a `one` group's default choice).
    public let isDefault: Bool
    /// Whether a package the car holds includes it (its surcharge is covered).
    public let isIncluded: Bool

    /// Creates a piece of equipment.
    ///
    /// - Parameters:
    ///   - group: The group's id.
    ///   - choice: The choice's id.
    ///   - name: The name a detail block shows.
    ///   - isDefault: Whether it is the group's default.
    ///   - isIncluded: Whether a package the car holds includes it.
    public init(group: String, choice: String, name: String, isDefault: Bool, isIncluded: Bool) {
      self.group = group
      self.choice = choice
      self.name = name
      self.isDefault = isDefault
      self.isIncluded = isIncluded
    }
  }

  /// The same car with equipment (its price left as it is: a recorded build keeps its own).
  ///
  /// - Parameter equipment: The equipment, in catalog order.
  /// - Returns: The equipped car.
  public func equipped(_ equipment: [Equipment]) -> Car {
    var car = self
    car.equipment = equipment
    return car
  }

  /// The same car with equipment and the price of the whole build.
  ///
  /// - Parameters:
  ///   - equipment: The equipment, in catalog order.
  ///   - price: The build's price, packages covering their members.
  /// - Returns: The equipped car.
  func equipped(_ equipment: [Equipment], price: Price) -> Car {
    var car = self
    car.equipment = equipment
    car.price = price
    return car
  }
}
