/// The registered prototypes of every known part, by slot and identifier.
///
/// Immutable once built: factories clone from it, and adding parts (from a catalog) makes a
/// new value, so no prototype is ever shared mutably.
struct PartPrototypes: Sendable {
  private(set) var floorplans: [PartID: FloorplanPart] = [:]
  private(set) var suspensions: [PartID: SuspensionPart] = [:]
  private(set) var drivetrains: [PartID: DrivetrainPart] = [:]

  /// The parts of the built-in catalog (SPEC §2).
  static let builtIn: PartPrototypes = {
    typealias Parts = BuiltInModels.Parts
    var parts = PartPrototypes()
    for part in [Parts.standardFloorplan, Parts.shortFloorplan, Parts.longFloorplan] {
      parts.add(part)
    }
    for part in [Parts.standardSuspension, Parts.firmSuspension, Parts.softSuspension] {
      parts.add(part)
    }
    for part in [Parts.frontDrive, Parts.rearDrive, Parts.fourWheelDrive] { parts.add(part) }
    return parts
  }()

  mutating func add(_ part: FloorplanPart) { floorplans[part.id] = part }
  mutating func add(_ part: SuspensionPart) { suspensions[part.id] = part }
  mutating func add(_ part: DrivetrainPart) { drivetrains[part.id] = part }

  /// Whether a part with this identifier exists in the slot.
  func contains(_ id: PartID, in slot: PartSlot) -> Bool {
    switch slot {
    case .floorplan: floorplans[id] != nil
    case .suspension: suspensions[id] != nil
    case .drive: drivetrains[id] != nil
    }
  }

  /// The identifiers known in a slot, sorted.
  func ids(in slot: PartSlot) -> [PartID] {
    switch slot {
    case .floorplan: floorplans.keys.sorted()
    case .suspension: suspensions.keys.sorted()
    case .drive: drivetrains.keys.sorted()
    }
  }
}
