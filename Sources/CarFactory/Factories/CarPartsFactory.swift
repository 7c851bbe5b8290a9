/// The abstract factory: makes the matched family of parts for one car model.
///
/// Get one with ``CarRegistry/factory(for:)``; the concrete factory behind it is internal and
/// a singleton per model. ``Car/init(model:options:registry:)`` uses it to build whole cars,
/// and it stays available to callers who want single parts.
public protocol CarPartsFactory: AnyObject, Sendable {
  /// The catalog entry of the model this factory builds.
  var definition: ModelDefinition { get }

  /// Makes the model's default floorplan.
  func makeFloorplan() -> any Floorplan
  /// Makes the model's default suspension.
  func makeSuspension() -> any Suspension
  /// Makes the model's default drivetrain.
  func makeDrivetrain() -> any Drivetrain

  /// Makes the floorplan a build chose.
  ///
  /// - Parameter choice: The part identifier; must be one of the model's allowed parts.
  /// - Returns: A new floorplan.
  /// - Throws: ``BuildError/optionNotOffered(slot:value:model:allowed:)`` for any other part.
  func makeFloorplan(_ choice: PartID) throws(BuildError) -> any Floorplan
  /// Makes the suspension a build chose.
  ///
  /// - Parameter choice: The part identifier; must be one of the model's allowed parts.
  /// - Returns: A new suspension.
  /// - Throws: ``BuildError/optionNotOffered(slot:value:model:allowed:)`` for any other part.
  func makeSuspension(_ choice: PartID) throws(BuildError) -> any Suspension
  /// Makes the drivetrain a build chose.
  ///
  /// - Parameter choice: The part identifier; must be one of the model's allowed parts.
  /// - Returns: A new drivetrain.
  /// - Throws: ``BuildError/optionNotOffered(slot:value:model:allowed:)`` for any other part.
  func makeDrivetrain(_ choice: PartID) throws(BuildError) -> any Drivetrain
}

extension CarPartsFactory {
  /// Accepts only the default floorplan; factories with alternatives implement their own.
  public func makeFloorplan(_ choice: PartID) throws(BuildError) -> any Floorplan {
    try checkDefault(choice, in: .floorplan)
    return makeFloorplan()
  }

  /// Accepts only the default suspension; factories with alternatives implement their own.
  public func makeSuspension(_ choice: PartID) throws(BuildError) -> any Suspension {
    try checkDefault(choice, in: .suspension)
    return makeSuspension()
  }

  /// Accepts only the default drivetrain; factories with alternatives implement their own.
  public func makeDrivetrain(_ choice: PartID) throws(BuildError) -> any Drivetrain {
    try checkDefault(choice, in: .drive)
    return makeDrivetrain()
  }

  private func checkDefault(_ choice: PartID, in slot: PartSlot) throws(BuildError) {
    let model = definition
    let only = model.defaultPart(for: slot)
    guard choice == only else { throw model.refusal(of: choice, in: slot, allowed: [only]) }
  }
}
