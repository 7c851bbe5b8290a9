import Testing

@testable import CarFactory

/// Options (SPEC §2): allowed alternatives with their prices, and refusals with their messages.
@Suite struct OptionTests {
  /// A build whose options are allowed, with the price and name the SPEC gives for it.
  struct Allowed: Sendable, CustomTestStringConvertible {
    let model: ModelID
    let options: PartChoices
    let cents: Int64
    let displayName: String

    var testDescription: String {
      let choices = PartSlot.allCases.compactMap { slot in
        options[slot].map { "\(slot)=\($0)" }
      }
      return ([model.rawValue] + choices).joined(separator: " ")
    }
  }

  static let allowed: [Allowed] = [
    // compact: $28,500.00; suspension=firm +$1,250.00; drive=4wd +$2,400.00.
    Allowed(model: "compact", options: .none, cents: 2_850_000, displayName: "VW Golf"),
    Allowed(
      model: "compact", options: PartChoices(floorplan: "standard"), cents: 2_850_000,
      displayName: "VW Golf"),
    Allowed(
      model: "compact", options: PartChoices(suspension: "standard"), cents: 2_850_000,
      displayName: "VW Golf"),
    Allowed(
      model: "compact", options: PartChoices(drive: "front"), cents: 2_850_000,
      displayName: "VW Golf"),
    Allowed(
      model: "compact", options: PartChoices(suspension: "firm"), cents: 2_975_000,
      displayName: "VW Golf (Firm)"),
    Allowed(
      model: "compact", options: PartChoices(drive: "4wd"), cents: 3_090_000,
      displayName: "VW Golf (4WD)"),
    Allowed(
      model: "compact", options: PartChoices(suspension: "firm", drive: "4wd"), cents: 3_215_000,
      displayName: "VW Golf (Firm, 4WD)"),
    Allowed(
      model: "compact",
      options: PartChoices(floorplan: "standard", suspension: "firm", drive: "4wd"),
      cents: 3_215_000, displayName: "VW Golf (Firm, 4WD)"),
    Allowed(
      model: "compact", options: PartChoices(suspension: "firm", drive: "front"),
      cents: 2_975_000, displayName: "VW Golf (Firm)"),
    // sports: $72,900.00; drive=4wd +$3,650.00.
    Allowed(model: "sports", options: .none, cents: 7_290_000, displayName: "Porsche Boxster"),
    Allowed(
      model: "sports", options: PartChoices(floorplan: "short"), cents: 7_290_000,
      displayName: "Porsche Boxster"),
    Allowed(
      model: "sports", options: PartChoices(suspension: "firm"), cents: 7_290_000,
      displayName: "Porsche Boxster"),
    Allowed(
      model: "sports", options: PartChoices(drive: "rear"), cents: 7_290_000,
      displayName: "Porsche Boxster"),
    Allowed(
      model: "sports", options: PartChoices(drive: "4wd"), cents: 7_655_000,
      displayName: "Porsche Boxster (4WD)"),
    Allowed(
      model: "sports", options: PartChoices(floorplan: "short", suspension: "firm", drive: "4wd"),
      cents: 7_655_000, displayName: "Porsche Boxster (4WD)"),
    // suv: $89,990.00; no alternatives.
    Allowed(model: "suv", options: .none, cents: 8_999_000, displayName: "Cadillac Escalade"),
    Allowed(
      model: "suv", options: PartChoices(floorplan: "long"), cents: 8_999_000,
      displayName: "Cadillac Escalade"),
    Allowed(
      model: "suv", options: PartChoices(suspension: "soft"), cents: 8_999_000,
      displayName: "Cadillac Escalade"),
    Allowed(
      model: "suv", options: PartChoices(drive: "4wd"), cents: 8_999_000,
      displayName: "Cadillac Escalade"),
    Allowed(
      model: "suv", options: PartChoices(floorplan: "long", suspension: "soft", drive: "4wd"),
      cents: 8_999_000, displayName: "Cadillac Escalade"),
  ]

  @Test(arguments: allowed)
  func allowedOptionIsBuiltAtItsPrice(_ build: Allowed) throws {
    let car = try Car(model: build.model, options: build.options)
    #expect(car.price == Price(cents: build.cents))
    #expect(car.displayName == build.displayName)
  }

  @Test(arguments: allowed)
  func allowedOptionPutsTheChosenPartsInTheCar(_ build: Allowed) throws {
    let car = try Car(model: build.model, options: build.options)
    if let floorplan = build.options.floorplan { #expect(car.floorplan.id == floorplan) }
    if let suspension = build.options.suspension { #expect(car.suspension.id == suspension) }
    if let drive = build.options.drive { #expect(car.drivetrain.id == drive) }
  }

  @Test func choosingEveryDefaultExplicitlyRecordsNoOptions() throws {
    let car = try Car(
      model: "compact",
      options: PartChoices(floorplan: "standard", suspension: "standard", drive: "front"))
    #expect(car.options.isEmpty)
    #expect(car.options == .none)
  }

  @Test func optionsRecordOnlyTheNonDefaultParts() throws {
    let car = try Car(
      model: "compact", options: PartChoices(suspension: "firm", drive: "front"))
    #expect(car.options == PartChoices(suspension: "firm"))
  }

  @Test func factoryMakesEachAllowedAlternativeAsASinglePart() throws {
    let compact = try CarRegistry.shared.factory(for: "compact")
    #expect(try compact.makeSuspension("firm").name == "Firm")
    #expect(try compact.makeDrivetrain("4wd").name == "4WD")
    let sports = try CarRegistry.shared.factory(for: "sports")
    #expect(try sports.makeDrivetrain("4wd").name == "4WD")
  }

  /// A refused option with the message the SPEC asks for: option, value, model, allowed values.
  struct Refused: Sendable, CustomTestStringConvertible {
    let model: ModelID
    let slot: PartSlot
    let value: PartID
    let allowed: [PartID]

    var testDescription: String { "\(model) \(slot)=\(value)" }

    var message: String {
      let names = allowed.map(\.rawValue).joined(separator: ", ")
      return "\(slot.rawValue) '\(value.rawValue)' is not available for model "
        + "'\(model.rawValue)' (allowed: \(names))"
    }
  }

  /// Every value of `floorplan=short|standard|long`, `suspension=standard|firm|soft` and
  /// `drive=front|rear|4wd` that a model does not offer (SPEC §2 tables).
  static let refused: [Refused] = [
    Refused(model: "compact", slot: .floorplan, value: "short", allowed: ["standard"]),
    Refused(model: "compact", slot: .floorplan, value: "long", allowed: ["standard"]),
    Refused(model: "compact", slot: .suspension, value: "soft", allowed: ["standard", "firm"]),
    Refused(model: "compact", slot: .drive, value: "rear", allowed: ["front", "4wd"]),
    Refused(model: "sports", slot: .floorplan, value: "standard", allowed: ["short"]),
    Refused(model: "sports", slot: .floorplan, value: "long", allowed: ["short"]),
    Refused(model: "sports", slot: .suspension, value: "standard", allowed: ["firm"]),
    Refused(model: "sports", slot: .suspension, value: "soft", allowed: ["firm"]),
    Refused(model: "sports", slot: .drive, value: "front", allowed: ["rear", "4wd"]),
    Refused(model: "suv", slot: .floorplan, value: "standard", allowed: ["long"]),
    Refused(model: "suv", slot: .floorplan, value: "short", allowed: ["long"]),
    Refused(model: "suv", slot: .suspension, value: "standard", allowed: ["soft"]),
    Refused(model: "suv", slot: .suspension, value: "firm", allowed: ["soft"]),
    Refused(model: "suv", slot: .drive, value: "front", allowed: ["4wd"]),
    Refused(model: "suv", slot: .drive, value: "rear", allowed: ["4wd"]),
  ]

  @Test(arguments: refused)
  func refusedOptionNamesOptionValueModelAndAllowedValues(_ refusal: Refused) throws {
    var options = PartChoices.none
    options[refusal.slot] = refusal.value
    let error = try #require(throws: BuildError.self) {
      try Car(model: refusal.model, options: options)
    }
    #expect(
      error
        == .optionNotOffered(
          slot: refusal.slot, value: refusal.value.rawValue, model: refusal.model,
          allowed: refusal.allowed))
    #expect(error.description == refusal.message)
  }

  @Test(arguments: refused)
  func factoryRefusesTheSamePartWithTheSameMessage(_ refusal: Refused) throws {
    let factory = try CarRegistry.shared.factory(for: refusal.model)
    let error = try #require(throws: BuildError.self) {
      switch refusal.slot {
      case .floorplan: _ = try factory.makeFloorplan(refusal.value)
      case .suspension: _ = try factory.makeSuspension(refusal.value)
      case .drive: _ = try factory.makeDrivetrain(refusal.value)
      }
    }
    #expect(error.description == refusal.message)
  }

  @Test func refusalInOneSlotRefusesTheWholeBuildEvenWithAllowedOthers() throws {
    let error = try #require(throws: BuildError.self) {
      try Car(model: "compact", options: PartChoices(suspension: "firm", drive: "rear"))
    }
    #expect(
      error.description == "drive 'rear' is not available for model 'compact' (allowed: front, 4wd)"
    )
  }

  @Test func refusedTypoSuggestsTheNearestAllowedValue() throws {
    let error = try #require(throws: BuildError.self) {
      try Car(model: "compact", options: PartChoices(suspension: "frim"))
    }
    #expect(
      error.description
        == "suspension 'frim' is not available for model 'compact'; did you mean 'firm'? "
        + "(allowed: standard, firm)")
  }

  @Test func unknownPartIsRefusedLikeAnyOtherValue() throws {
    let error = try #require(throws: BuildError.self) {
      try Car(model: "sports", options: PartChoices(drive: "hover"))
    }
    #expect(
      error.description == "drive 'hover' is not available for model 'sports' (allowed: rear, 4wd)")
  }

  @Test func displayNameListsNonDefaultPartsInSlotOrder() throws {
    let sports = try Car(model: "sports", options: PartChoices(drive: "4wd"))
    #expect(sports.displayName == "Porsche Boxster (4WD)")
    var choices = PartChoices.none
    choices[.drive] = "4wd"  // Chosen in the other order; shown in slot order.
    choices[.suspension] = "firm"
    let compact = try Car(model: "compact", options: choices)
    #expect(compact.displayName == "VW Golf (Firm, 4WD)")
  }
}
