/// The prototypes one model may use: the default of each slot, and every allowed part of each
/// slot (the default first). Factories clone from these.
///
/// A family holds the parts themselves, so a factory can always make what its model offers:
/// built-in families are made from the built-in parts, catalog families from parts the catalog
/// reader has found (``init(definition:prototypes:)`` fails rather than invent a part).
struct PartFamily: Sendable {
  let floorplan: FloorplanPart
  let suspension: SuspensionPart
  let drivetrain: DrivetrainPart
  let floorplans: [(id: PartID, part: FloorplanPart)]
  let suspensions: [(id: PartID, part: SuspensionPart)]
  let drivetrains: [(id: PartID, part: DrivetrainPart)]

  /// A family of the given default parts and alternatives.
  init(
    floorplan: FloorplanPart, suspension: SuspensionPart, drivetrain: DrivetrainPart,
    otherFloorplans: [FloorplanPart] = [], otherSuspensions: [SuspensionPart] = [],
    otherDrivetrains: [DrivetrainPart] = []
  ) {
    self.floorplan = floorplan
    self.suspension = suspension
    self.drivetrain = drivetrain
    floorplans = ([floorplan] + otherFloorplans).map { ($0.id, $0) }
    suspensions = ([suspension] + otherSuspensions).map { ($0.id, $0) }
    drivetrains = ([drivetrain] + otherDrivetrains).map { ($0.id, $0) }
  }

  /// Resolves a definition's parts against the prototypes; `nil` if one is missing.
  init?(definition: ModelDefinition, prototypes: PartPrototypes) {
    func resolve<Part>(_ slot: PartSlot, _ table: [PartID: Part]) -> [Part]? {
      var parts: [Part] = []
      for id in definition.allowedParts(for: slot) {
        guard let part = table[id] else { return nil }
        parts.append(part)
      }
      return parts
    }
    guard let floorplans = resolve(.floorplan, prototypes.floorplans),
      let suspensions = resolve(.suspension, prototypes.suspensions),
      let drivetrains = resolve(.drive, prototypes.drivetrains),
      let floorplan = floorplans.first, let suspension = suspensions.first,
      let drivetrain = drivetrains.first
    else { return nil }
    self.init(
      floorplan: floorplan, suspension: suspension, drivetrain: drivetrain,
      otherFloorplans: Array(floorplans.dropFirst()),
      otherSuspensions: Array(suspensions.dropFirst()),
      otherDrivetrains: Array(drivetrains.dropFirst()))
  }
}
