import Testing

@testable import CarFactory

/// The registry (SPEC §2): run-time registration by closure, duplicates, replacement, lookups.
@Suite struct RegistryTests {
  /// A factory written outside the library, against the public protocol only: it makes a
  /// go-kart family and relies on the protocol's default for chosen parts.
  final class KartFactory: CarPartsFactory {
    let definition = ModelDefinition(
      id: "kart", carType: "Go Kart", basePrice: Price(cents: 150_000),
      floorplan: "short", suspension: "firm", drive: "rear")

    func makeFloorplan() -> any Floorplan {
      FloorplanPart(name: "Short", seats: 1, enginePosition: .rear)
    }

    func makeSuspension() -> any Suspension { SuspensionPart(name: "Firm") }

    func makeDrivetrain() -> any Drivetrain { DrivetrainPart(name: "Rear") }
  }

  @Test func registryWithoutBuiltInsStartsEmpty() {
    let registry = CarRegistry(includingBuiltIns: false)
    #expect(registry.modelIDs.isEmpty)
    #expect(registry.models.isEmpty)
  }

  @Test func freshRegistryHoldsTheBuiltInModels() {
    #expect(CarRegistry().modelIDs == ["compact", "sports", "suv"])
  }

  @Test func closureRegisteredModelBuildsThroughItsFactory() throws {
    let registry = CarRegistry(includingBuiltIns: false)
    try registry.register("kart") { KartFactory() }
    #expect(registry.modelIDs == ["kart"])
    let car = try Car(model: "kart", registry: registry)
    #expect(car.carType == "Go Kart")
    #expect(car.floorplan.seats == 1)
    #expect(car.floorplan.enginePosition == .rear)
    #expect(car.suspension.name == "Firm")
    #expect(car.drivetrain.name == "Rear")
    #expect(car.price == Price(cents: 150_000))
    #expect(car.displayName == "Go Kart")
  }

  @Test func closureRegisteredFactoryAcceptsItsDefaultsAndRefusesOtherParts() throws {
    let registry = CarRegistry(includingBuiltIns: false)
    try registry.register("kart") { KartFactory() }
    let factory = try registry.factory(for: "kart")
    #expect(try factory.makeDrivetrain("rear").name == "Rear")
    let error = try #require(throws: BuildError.self) { try factory.makeDrivetrain("4wd") }
    #expect(error.description == "drive '4wd' is not available for model 'kart' (allowed: rear)")
    let build = try #require(throws: BuildError.self) {
      try Car(model: "kart", options: PartChoices(suspension: "soft"), registry: registry)
    }
    #expect(
      build.description == "suspension 'soft' is not available for model 'kart' (allowed: firm)")
  }

  @Test func closureRegistrationAddsToTheBuiltIns() throws {
    let registry = CarRegistry()
    try registry.register("kart") { KartFactory() }
    #expect(registry.modelIDs == ["compact", "sports", "suv", "kart"])
    #expect(registry.models.map(\.carType).last == "Go Kart")
    #expect(CarRegistry.shared.modelIDs == ["compact", "sports", "suv"])
  }

  @Test func duplicateRegistrationIsRefusedWithItsMessage() throws {
    let registry = CarRegistry()
    let error = try #require(throws: RegistryError.self) {
      try registry.register("compact") { KartFactory() }
    }
    #expect(error == .duplicateModel("compact"))
    #expect(
      error.description
        == "model 'compact' is already registered; pass replacing: true to replace it")
    #expect(try Car(model: "compact", registry: registry).carType == "VW Golf")
  }

  @Test func duplicateOfAClosureRegisteredModelIsRefused() throws {
    let registry = CarRegistry(includingBuiltIns: false)
    try registry.register("kart") { KartFactory() }
    #expect(throws: RegistryError.duplicateModel("kart")) {
      try registry.register("kart") { KartFactory() }
    }
    #expect(registry.modelIDs == ["kart"])
  }

  @Test func replacingIsAcceptedWhenAskedForAndKeepsTheListingOrder() throws {
    let registry = CarRegistry()
    _ = try registry.factory(for: "compact")
    try registry.register("compact", replacing: true) { KartFactory() }
    #expect(registry.modelIDs == ["compact", "sports", "suv"])
    let factory = try registry.factory(for: "compact")
    #expect(factory is KartFactory)
    #expect(try Car(model: "compact", registry: registry).carType == "Go Kart")
    #expect(try Car(model: "compact").carType == "VW Golf")
  }

  @Test func replacingANewModelSimplyAddsIt() throws {
    let registry = CarRegistry(includingBuiltIns: false)
    try registry.register("kart", replacing: true) { KartFactory() }
    #expect(registry.modelIDs == ["kart"])
  }

  @Test func factoryIsTheSameInstanceOnEveryCall() throws {
    let registry = CarRegistry(includingBuiltIns: false)
    try registry.register("kart") { KartFactory() }
    let first = try registry.factory(for: "kart")
    let second = try registry.factory(for: "kart")
    #expect(ObjectIdentifier(first) == ObjectIdentifier(second))
  }

  @Test func builtInFactoriesAreProcessWideSingletons() throws {
    let first = try CarRegistry().factory(for: "sports")
    let second = try CarRegistry().factory(for: "sports")
    #expect(ObjectIdentifier(first) == ObjectIdentifier(second))
    #expect(ObjectIdentifier(first) == ObjectIdentifier(SportsCarFactory.shared))
    let compact = try CarRegistry.shared.factory(for: "compact")
    #expect(ObjectIdentifier(first) != ObjectIdentifier(compact))
  }

  @Test func unknownModelIsRefusedWithTheRegisteredModels() throws {
    let registry = CarRegistry()
    try registry.register("kart") { KartFactory() }
    let error = try #require(throws: BuildError.self) { try registry.factory(for: "karts") }
    #expect(error == .unknownModel("karts", known: ["compact", "sports", "suv", "kart"]))
    #expect(
      error.description
        == "unknown model 'karts'; did you mean 'kart'? (models: compact, sports, suv, kart)")
  }

  @Test func unknownModelInAnEmptyRegistryIsRefused() throws {
    let registry = CarRegistry(includingBuiltIns: false)
    let error = try #require(throws: BuildError.self) {
      try Car(model: "compact", registry: registry)
    }
    #expect(error == .unknownModel("compact", known: []))
  }
}
