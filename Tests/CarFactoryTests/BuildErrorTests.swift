import Testing

@testable import CarFactory

/// The one-line messages of ``BuildError`` (SPEC §4, "Errors").
@Suite struct BuildErrorTests {
  @Test func unknownModelSuggestsTheNearestModel() throws {
    let error = try #require(throws: BuildError.self) { try Car(model: "sprots") }
    #expect(error == .unknownModel("sprots", known: ["compact", "sports", "suv"]))
    #expect(
      error.description
        == "unknown model 'sprots'; did you mean 'sports'? (models: compact, sports, suv)")
  }

  @Test(arguments: ["tractor", "x", "convertible"])
  func unknownModelWithoutANearNameListsTheModels(_ name: String) throws {
    let error = try #require(throws: BuildError.self) {
      try CarRegistry.shared.factory(for: ModelID(name))
    }
    #expect(error.description == "unknown model '\(name)' (models: compact, sports, suv)")
  }

  @Test func unknownModelSuggestionIgnoresCase() {
    let error = BuildError.unknownModel("SUV", known: ["compact", "sports", "suv"])
    #expect(
      error.description == "unknown model 'SUV'; did you mean 'suv'? (models: compact, sports, suv)"
    )
  }

  @Test func unknownOptionSuggestsTheNearestSlot() {
    #expect(
      BuildError.unknownOption("suspention").description
        == "unknown option 'suspention'; did you mean 'suspension'? "
        + "(options: floorplan, suspension, drive)")
    #expect(
      BuildError.unknownOption("colour").description
        == "unknown option 'colour' (options: floorplan, suspension, drive)")
  }

  @Test func repeatedOptionNamesTheOption() {
    #expect(
      BuildError.repeatedOption(.drive).description == "option 'drive' is given more than once")
  }

  @Test func priceOverflowNamesTheModel() {
    #expect(
      BuildError.priceOverflow("hyper").description
        == "the price of model 'hyper' is too large")
  }

  @Test func buildWhosePriceOverflowsIsRefused() throws {
    let definition = ModelDefinition(
      id: "hyper", carType: "Hyper Car", basePrice: Price(cents: .max - 50),
      floorplan: "short", suspension: "firm", drive: "rear",
      alternatives: [.init(slot: .drive, part: "4wd", surcharge: Price(cents: 100))])
    let family = try #require(PartFamily(definition: definition, prototypes: .builtIn))
    let factory = CatalogCarFactory(definition: definition, family: family)
    #expect(try Car(factory: factory).price == Price(cents: .max - 50))
    #expect(throws: BuildError.priceOverflow("hyper")) {
      try Car(factory: factory, options: PartChoices(drive: "4wd"))
    }
  }
}
