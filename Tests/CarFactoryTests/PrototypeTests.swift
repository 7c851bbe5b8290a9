import Testing

@testable import CarFactory

/// Prototypes (SPEC §2, STYLE §4): a clone is independent of its prototype and of other clones.
@Suite struct PrototypeTests {
  @Test func floorplanCloneIsIndependentOfItsPrototypeAndOtherClones() {
    let prototype = FloorplanPart(name: "Short", seats: 2, enginePosition: .mid)
    var first = prototype.clone()
    let second = prototype.clone()
    first.name = "X"
    first.enginePosition = .rear
    #expect(first.name == "X")
    #expect(first.enginePosition == .rear)
    #expect(prototype.name == "Short")
    #expect(prototype.enginePosition == .mid)
    #expect(prototype.seats == 2)
    #expect(second.name == "Short")
    #expect(second.enginePosition == .mid)
  }

  @Test func suspensionCloneIsIndependentOfItsPrototypeAndOtherClones() {
    let prototype = SuspensionPart(name: "Firm")
    var first = prototype.clone()
    let second = prototype.clone()
    first.name = "X"
    #expect(first.name == "X")
    #expect(prototype.name == "Firm")
    #expect(second.name == "Firm")
  }

  @Test func drivetrainCloneIsIndependentOfItsPrototypeAndOtherClones() {
    let prototype = DrivetrainPart(name: "4WD")
    var first = prototype.clone()
    let second = prototype.clone()
    first.name = "X"
    #expect(first.name == "X")
    #expect(first.id == "x")
    #expect(prototype.name == "4WD")
    #expect(prototype.id == "4wd")
    #expect(second.name == "4WD")
  }

  @Test func changingAPartAFactoryMadeLeavesTheFactorysNextPartAlone() throws {
    let factory = try CarRegistry.shared.factory(for: "sports")
    var floorplan = try #require(factory.makeFloorplan() as? FloorplanPart)
    var suspension = try #require(factory.makeSuspension() as? SuspensionPart)
    var drivetrain = try #require(factory.makeDrivetrain("4wd") as? DrivetrainPart)
    floorplan.name = "X"
    suspension.name = "X"
    drivetrain.name = "X"
    #expect(factory.makeFloorplan().name == "Short")
    #expect(factory.makeSuspension().name == "Firm")
    #expect(try factory.makeDrivetrain("4wd").name == "4WD")
  }

  @Test func changingAPartLeavesTheRegisteredPrototypesAlone() throws {
    let factory = try CarRegistry.shared.factory(for: "compact")
    var part = try #require(factory.makeSuspension("firm") as? SuspensionPart)
    part.name = "X"
    let prototypes = PartPrototypes.builtIn
    #expect(prototypes.suspensions["firm"]?.name == "Firm")
    let family = try #require((factory as? CompactCarFactory)?.family)
    #expect(family.suspension.name == "Standard")
    #expect(family.suspensions.map(\.part.name) == ["Standard", "Firm"])
  }

  @Test func twoCarsOfOneModelHoldIndependentParts() throws {
    let first = try Car(model: "suv")
    let second = try Car(model: "suv")
    var part = try #require(first.drivetrain as? DrivetrainPart)
    part.name = "X"
    #expect(first.drivetrain.name == "4WD")
    #expect(second.drivetrain.name == "4WD")
  }

  @Test func builtInPrototypesHoldEveryPartOfTheOptionValues() {
    let prototypes = PartPrototypes.builtIn
    #expect(prototypes.ids(in: .floorplan) == ["long", "short", "standard"])
    #expect(prototypes.ids(in: .suspension) == ["firm", "soft", "standard"])
    #expect(prototypes.ids(in: .drive) == ["4wd", "front", "rear"])
    #expect(prototypes.floorplans["standard"]?.seats == 4)
    #expect(prototypes.floorplans["short"]?.seats == 2)
    #expect(prototypes.floorplans["long"]?.seats == 8)
  }

  @Test func addingAPartMakesANewValueAndLeavesTheOriginalAlone() {
    let original = PartPrototypes.builtIn
    var extended = original
    extended.add(SuspensionPart(name: "Air"))
    #expect(extended.contains("air", in: .suspension))
    #expect(!original.contains("air", in: .suspension))
    #expect(!PartPrototypes.builtIn.contains("air", in: .suspension))
  }
}
