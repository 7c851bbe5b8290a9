/// The prototypes one model may use, resolved once: the default of each slot, and every
/// allowed part of each slot (the default first). Factories clone from these.
struct PartFamily: Sendable {
  let floorplan: FloorplanPart
  let suspension: SuspensionPart
  let drivetrain: DrivetrainPart
  let floorplans: [(id: PartID, part: FloorplanPart)]
  let suspensions: [(id: PartID, part: SuspensionPart)]
  let drivetrains: [(id: PartID, part: DrivetrainPart)]

  /// Resolves a definition's parts against the prototypes.
  ///
  /// Catalogs are validated (with JSON paths in their errors) and the built-in table is
  /// checked by the tests before a family is made, so every lookup succeeds; a missing
  /// prototype would show as a part named after its identifier rather than trap.
  init(definition: ModelDefinition, prototypes: PartPrototypes) {
    func resolve<Part>(_ slot: PartSlot, _ table: [PartID: Part], _ make: (String) -> Part)
      -> [(id: PartID, part: Part)]
    {
      definition.allowedParts(for: slot).map { id in (id, table[id] ?? make(id.rawValue)) }
    }
    floorplans = resolve(.floorplan, prototypes.floorplans) {
      FloorplanPart(name: $0, seats: 0, enginePosition: .front)
    }
    suspensions = resolve(.suspension, prototypes.suspensions) { SuspensionPart(name: $0) }
    drivetrains = resolve(.drive, prototypes.drivetrains) { DrivetrainPart(name: $0) }
    let defaults = definition.defaults
    floorplan =
      prototypes.floorplans[defaults.floorplan ?? ""]
      ?? FloorplanPart(name: defaults.floorplan?.rawValue ?? "", seats: 0, enginePosition: .front)
    suspension =
      prototypes.suspensions[defaults.suspension ?? ""]
      ?? SuspensionPart(name: defaults.suspension?.rawValue ?? "")
    drivetrain =
      prototypes.drivetrains[defaults.drive ?? ""]
      ?? DrivetrainPart(name: defaults.drive?.rawValue ?? "")
  }
}
