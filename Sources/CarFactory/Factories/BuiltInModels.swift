/// The built-in catalog (SPEC §2, table 10-2 of the source chapter). Prices are sample list
/// prices in USD, not real ones.
///
/// Each model's family is made from the built-in parts themselves, and its definition names
/// those parts, so a built-in factory never looks a part up.
enum BuiltInModels {
  /// The parts of the built-in catalog.
  enum Parts {
    static let standardFloorplan = FloorplanPart(name: "Standard", seats: 4, enginePosition: .front)
    static let shortFloorplan = FloorplanPart(name: "Short", seats: 2, enginePosition: .mid)
    static let longFloorplan = FloorplanPart(name: "Long", seats: 8, enginePosition: .front)
    static let standardSuspension = SuspensionPart(name: "Standard")
    static let firmSuspension = SuspensionPart(name: "Firm")
    static let softSuspension = SuspensionPart(name: "Soft")
    static let frontDrive = DrivetrainPart(name: "Front")
    static let rearDrive = DrivetrainPart(name: "Rear")
    static let fourWheelDrive = DrivetrainPart(name: "4WD")
  }

  static let compactFamily = PartFamily(
    floorplan: Parts.standardFloorplan, suspension: Parts.standardSuspension,
    drivetrain: Parts.frontDrive, otherSuspensions: [Parts.firmSuspension],
    otherDrivetrains: [Parts.fourWheelDrive])

  static let compact = ModelDefinition(
    id: .compact, carType: "VW Golf", basePrice: Price(cents: 28_500_00),
    floorplan: Parts.standardFloorplan.id, suspension: Parts.standardSuspension.id,
    drive: Parts.frontDrive.id,
    alternatives: [
      .init(slot: .suspension, part: Parts.firmSuspension.id, surcharge: Price(cents: 1_250_00)),
      .init(slot: .drive, part: Parts.fourWheelDrive.id, surcharge: Price(cents: 2_400_00)),
    ])

  static let sportsFamily = PartFamily(
    floorplan: Parts.shortFloorplan, suspension: Parts.firmSuspension,
    drivetrain: Parts.rearDrive, otherDrivetrains: [Parts.fourWheelDrive])

  static let sports = ModelDefinition(
    id: .sports, carType: "Porsche Boxster", basePrice: Price(cents: 72_900_00),
    floorplan: Parts.shortFloorplan.id, suspension: Parts.firmSuspension.id,
    drive: Parts.rearDrive.id,
    alternatives: [
      // The chapter's own change to the sports car.
      .init(slot: .drive, part: Parts.fourWheelDrive.id, surcharge: Price(cents: 3_650_00))
    ])

  static let suvFamily = PartFamily(
    floorplan: Parts.longFloorplan, suspension: Parts.softSuspension,
    drivetrain: Parts.fourWheelDrive)

  static let suv = ModelDefinition(
    id: .suv, carType: "Cadillac Escalade", basePrice: Price(cents: 89_990_00),
    floorplan: Parts.longFloorplan.id, suspension: Parts.softSuspension.id,
    drive: Parts.fourWheelDrive.id)
}
