import Testing

@testable import CarFactory

/// The built-in families of SPEC §2 (table 10-2 of the source chapter), row by row.
@Suite struct FamilyTableTests {
  /// One row of the family table, written out from the SPEC rather than from the code.
  struct Row: Sendable, CustomTestStringConvertible {
    let model: ModelID
    let carType: String
    let floorplan: String
    let seats: Int
    let engine: EnginePosition
    let engineName: String
    let suspension: String
    let drive: String
    let basePrice: Price

    var testDescription: String { model.rawValue }
  }

  static let rows: [Row] = [
    Row(
      model: "compact", carType: "VW Golf", floorplan: "Standard", seats: 4, engine: .front,
      engineName: "Front", suspension: "Standard", drive: "Front",
      basePrice: Price(cents: 2_850_000)),
    Row(
      model: "sports", carType: "Porsche Boxster", floorplan: "Short", seats: 2, engine: .mid,
      engineName: "Mid", suspension: "Firm", drive: "Rear", basePrice: Price(cents: 7_290_000)),
    Row(
      model: "suv", carType: "Cadillac Escalade", floorplan: "Long", seats: 8, engine: .front,
      engineName: "Front", suspension: "Soft", drive: "4WD", basePrice: Price(cents: 8_999_000)),
  ]

  @Test(arguments: rows)
  func carBuiltByModelMatchesItsRow(_ row: Row) throws {
    let car = try Car(model: row.model)
    #expect(car.model == row.model)
    #expect(car.carType == row.carType)
    #expect(car.floorplan.name == row.floorplan)
    #expect(car.floorplan.seats == row.seats)
    #expect(car.floorplan.enginePosition == row.engine)
    #expect(car.floorplan.enginePosition.displayName == row.engineName)
    #expect(car.suspension.name == row.suspension)
    #expect(car.drivetrain.name == row.drive)
    #expect(car.price == row.basePrice)
    #expect(car.options.isEmpty)
    #expect(car.displayName == row.carType)
  }

  @Test(arguments: rows)
  func factoryMakesTheRowsParts(_ row: Row) throws {
    let factory = try CarRegistry.shared.factory(for: row.model)
    #expect(factory.definition.id == row.model)
    #expect(factory.definition.carType == row.carType)
    #expect(factory.definition.basePrice == row.basePrice)
    let floorplan = factory.makeFloorplan()
    #expect(floorplan.name == row.floorplan)
    #expect(floorplan.seats == row.seats)
    #expect(floorplan.enginePosition == row.engine)
    #expect(factory.makeSuspension().name == row.suspension)
    #expect(factory.makeDrivetrain().name == row.drive)
  }

  @Test(arguments: rows)
  func factoryMakesTheDefaultPartsByIdentifier(_ row: Row) throws {
    let factory = try CarRegistry.shared.factory(for: row.model)
    #expect(try factory.makeFloorplan(PartID(row.floorplan.lowercased())).name == row.floorplan)
    #expect(
      try factory.makeSuspension(PartID(row.suspension.lowercased())).name == row.suspension)
    #expect(try factory.makeDrivetrain(PartID(row.drive.lowercased())).name == row.drive)
  }

  @Test(arguments: rows)
  func partIdentifiersAreTheLowerCasedNames(_ row: Row) throws {
    let car = try Car(model: row.model)
    #expect(car.floorplan.id == PartID(row.floorplan.lowercased()))
    #expect(car.suspension.id == PartID(row.suspension.lowercased()))
    #expect(car.drivetrain.id == PartID(row.drive.lowercased()))
  }

  @Test(arguments: rows)
  func carBuiltThroughAFactoryMatchesTheCarBuiltByModel(_ row: Row) throws {
    let factory = try CarRegistry.shared.factory(for: row.model)
    let car = try Car(factory: factory)
    #expect(car.carType == row.carType)
    #expect(car.floorplan.seats == row.seats)
    #expect(car.suspension.name == row.suspension)
    #expect(car.drivetrain.name == row.drive)
    #expect(car.price == row.basePrice)
  }

  @Test func sharedRegistryListsTheBuiltInModelsInTableOrder() {
    #expect(CarRegistry.shared.modelIDs == ["compact", "sports", "suv"])
    #expect(CarRegistry.shared.models.map(\.carType) == FamilyTableTests.rows.map(\.carType))
  }

  @Test func builtInDefinitionsNameTheSpecsDefaultParts() {
    let expected: [ModelID: [PartSlot: PartID]] = [
      "compact": [.floorplan: "standard", .suspension: "standard", .drive: "front"],
      "sports": [.floorplan: "short", .suspension: "firm", .drive: "rear"],
      "suv": [.floorplan: "long", .suspension: "soft", .drive: "4wd"],
    ]
    for definition in [BuiltInModels.compact, BuiltInModels.sports, BuiltInModels.suv] {
      for slot in PartSlot.allCases {
        #expect(definition.defaultPart(for: slot) == expected[definition.id]?[slot])
      }
    }
  }

  @Test func builtInFamiliesHoldExactlyTheirDefinitionsParts() {
    let pairs = [
      (BuiltInModels.compact, BuiltInModels.compactFamily),
      (BuiltInModels.sports, BuiltInModels.sportsFamily),
      (BuiltInModels.suv, BuiltInModels.suvFamily),
    ]
    for (definition, family) in pairs {
      #expect(family.floorplans.map(\.id) == definition.allowedParts(for: .floorplan))
      #expect(family.suspensions.map(\.id) == definition.allowedParts(for: .suspension))
      #expect(family.drivetrains.map(\.id) == definition.allowedParts(for: .drive))
      let resolved = PartFamily(definition: definition, prototypes: .builtIn)
      #expect(resolved?.floorplans.map(\.part) == family.floorplans.map(\.part))
    }
  }

  @Test(arguments: EnginePosition.allCases)
  func enginePositionDisplayNameIsTheCapitalizedRawValue(_ position: EnginePosition) {
    let expected: [EnginePosition: String] = [.front: "Front", .mid: "Mid", .rear: "Rear"]
    #expect(position.displayName == expected[position])
  }
}
