/// The behaviour shared by the library's concrete factories: each part is a clone of the
/// family's prototype, and a choice outside the family is refused.
protocol PrototypeFactory: CarPartsFactory {
  var family: PartFamily { get }
}

extension PrototypeFactory {
  func makeFloorplan() -> any Floorplan { family.floorplan.clone() }
  func makeSuspension() -> any Suspension { family.suspension.clone() }
  func makeDrivetrain() -> any Drivetrain { family.drivetrain.clone() }

  func makeFloorplan(_ choice: PartID) throws(BuildError) -> any Floorplan {
    for entry in family.floorplans where entry.id == choice { return entry.part.clone() }
    throw refusal(choice, in: .floorplan)
  }

  func makeSuspension(_ choice: PartID) throws(BuildError) -> any Suspension {
    for entry in family.suspensions where entry.id == choice { return entry.part.clone() }
    throw refusal(choice, in: .suspension)
  }

  func makeDrivetrain(_ choice: PartID) throws(BuildError) -> any Drivetrain {
    for entry in family.drivetrains where entry.id == choice { return entry.part.clone() }
    throw refusal(choice, in: .drive)
  }

  private func refusal(_ choice: PartID, in slot: PartSlot) -> BuildError {
    definition.refusal(of: choice, in: slot)
  }
}
