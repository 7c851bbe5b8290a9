import Foundation
import Testing

@testable import CarFactory

/// Catalog files (SPEC §2): new parts and models, replacement, and whole-file refusal with the
/// JSON path of the problem.
@Suite struct CatalogTests {
  /// A valid catalog: three new parts and a van that uses one and offers the others.
  static let dealerCatalog = #"""
    {
      "version": 1,
      "note": "Sample data, not real list prices.",
      "parts": {
        "floorplan": [{"name": "Cargo", "seats": 3, "engine": "front"}],
        "suspension": [{"name": "Air"}],
        "drive": [{"name": "Hybrid"}]
      },
      "models": [
        {
          "id": "van",
          "carType": "Ford Transit",
          "basePrice": "41000.00",
          "floorplan": "cargo",
          "suspension": "soft",
          "drive": "front",
          "alternatives": [
            {"slot": "suspension", "part": "air", "surcharge": "1800.50"},
            {"slot": "drive", "part": "hybrid", "surcharge": "4200"},
            {"slot": "floorplan", "part": "long", "surcharge": "999.99"}
          ]
        }
      ]
    }
    """#

  /// A model entry with the given fields replaced or added; the rest is a valid model.
  private static func model(_ overrides: [String: String] = [:]) -> String {
    var fields: [String: String] = [
      "id": #""kart""#, "carType": #""Go Kart""#, "basePrice": #""1500.00""#,
      "floorplan": #""short""#, "suspension": #""firm""#, "drive": #""rear""#,
    ]
    fields.merge(overrides) { $1 }
    let body = fields.keys.sorted().map { "\"\($0)\": \(fields[$0] ?? "null")" }
    return "{" + body.joined(separator: ", ") + "}"
  }

  /// Loads a catalog into a fresh registry and returns the message it is refused with.
  private static func refusal(_ json: String, source: String = "dealer.json") throws -> String {
    let registry = CarRegistry()
    let error = try #require(throws: CatalogError.self) {
      try registry.loadCatalog(Array(json.utf8), source: source)
    }
    #expect(registry.modelIDs == ["compact", "sports", "suv"])
    return error.description
  }

  private static func temporaryFile(_ contents: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("carfactory-\(UUID().uuidString).json")
    try Data(contents.utf8).write(to: url)
    return url
  }

  // MARK: - Valid catalogs

  @Test func validCatalogAddsItsModelAfterTheBuiltIns() throws {
    let registry = CarRegistry()
    try registry.loadCatalog(Array(Self.dealerCatalog.utf8), source: "dealer.json")
    #expect(registry.modelIDs == ["compact", "sports", "suv", "van"])
    let car = try Car(model: "van", registry: registry)
    #expect(car.carType == "Ford Transit")
    #expect(car.floorplan.name == "Cargo")
    #expect(car.floorplan.seats == 3)
    #expect(car.floorplan.enginePosition == .front)
    #expect(car.suspension.name == "Soft")
    #expect(car.drivetrain.name == "Front")
    #expect(car.price == Price(cents: 4_100_000))
    #expect(car.displayName == "Ford Transit")
  }

  struct VanBuild: Sendable, CustomTestStringConvertible {
    let options: PartChoices
    let price: String
    let displayName: String

    var testDescription: String { displayName }
  }

  /// $41,000.00 base; air +$1,800.50, hybrid +$4,200.00, long +$999.99.
  static let vanBuilds: [VanBuild] = [
    VanBuild(
      options: PartChoices(suspension: "air"), price: "$42,800.50",
      displayName: "Ford Transit (Air)"),
    VanBuild(
      options: PartChoices(drive: "hybrid"), price: "$45,200.00",
      displayName: "Ford Transit (Hybrid)"),
    VanBuild(
      options: PartChoices(floorplan: "long"), price: "$41,999.99",
      displayName: "Ford Transit (Long)"),
    VanBuild(
      options: PartChoices(suspension: "air", drive: "hybrid"), price: "$47,000.50",
      displayName: "Ford Transit (Air, Hybrid)"),
    VanBuild(
      options: PartChoices(floorplan: "long", suspension: "air", drive: "hybrid"),
      price: "$48,000.49", displayName: "Ford Transit (Long, Air, Hybrid)"),
    VanBuild(
      options: PartChoices(floorplan: "cargo", suspension: "soft", drive: "front"),
      price: "$41,000.00", displayName: "Ford Transit"),
  ]

  @Test(arguments: vanBuilds)
  func catalogModelBuildsWithOptionsAtItsPrice(_ build: VanBuild) throws {
    let registry = CarRegistry()
    try registry.loadCatalog(Array(Self.dealerCatalog.utf8), source: "dealer.json")
    let car = try Car(model: "van", options: build.options, registry: registry)
    #expect(car.price.description == build.price)
    #expect(car.displayName == build.displayName)
  }

  @Test func catalogModelRefusesPartsOutsideItsFamily() throws {
    let registry = CarRegistry()
    try registry.loadCatalog(Array(Self.dealerCatalog.utf8), source: "dealer.json")
    let error = try #require(throws: BuildError.self) {
      try Car(model: "van", options: PartChoices(suspension: "firm"), registry: registry)
    }
    #expect(
      error.description == "suspension 'firm' is not available for model 'van' (allowed: soft, air)"
    )
  }

  @Test func catalogPartsAreNotOfferedToModelsThatDoNotListThem() throws {
    let registry = CarRegistry()
    try registry.loadCatalog(Array(Self.dealerCatalog.utf8), source: "dealer.json")
    let error = try #require(throws: BuildError.self) {
      try Car(model: "compact", options: PartChoices(drive: "hybrid"), registry: registry)
    }
    #expect(
      error.description
        == "drive 'hybrid' is not available for model 'compact' (allowed: front, 4wd)")
  }

  @Test func catalogFactoryIsMadeOnceAndClonesItsParts() throws {
    let registry = CarRegistry()
    try registry.loadCatalog(Array(Self.dealerCatalog.utf8), source: "dealer.json")
    let first = try registry.factory(for: "van")
    let second = try registry.factory(for: "van")
    #expect(ObjectIdentifier(first) == ObjectIdentifier(second))
    var part = try #require(first.makeSuspension("air") as? SuspensionPart)
    part.name = "X"
    #expect(try second.makeSuspension("air").name == "Air")
  }

  @Test func catalogLoadedFromAFileAddsItsModel() throws {
    let url = try Self.temporaryFile(Self.dealerCatalog)
    defer { try? FileManager.default.removeItem(at: url) }
    let registry = CarRegistry()
    try registry.loadCatalog(contentsOf: url.path)
    let car = try Car(
      model: "van", options: PartChoices(suspension: "air", drive: "hybrid"), registry: registry)
    #expect(car.price == Price(cents: 4_700_050))
  }

  @Test func catalogDoesNotTouchOtherRegistries() throws {
    let registry = CarRegistry()
    try registry.loadCatalog(Array(Self.dealerCatalog.utf8), source: "dealer.json")
    #expect(CarRegistry.shared.modelIDs == ["compact", "sports", "suv"])
    #expect(CarRegistry().modelIDs == ["compact", "sports", "suv"])
    #expect(throws: BuildError.self) { try Car(model: "van") }
  }

  @Test func emptyCatalogAddsNothing() throws {
    let registry = CarRegistry()
    try registry.loadCatalog(Array("{}".utf8), source: "empty.json")
    #expect(registry.modelIDs == ["compact", "sports", "suv"])
  }

  @Test func laterCatalogCanUsePartsOfAnEarlierOne() throws {
    let registry = CarRegistry()
    try registry.loadCatalog(Array(Self.dealerCatalog.utf8), source: "dealer.json")
    let json = #"{"models": [\#(Self.model(["suspension": #""air""#]))]}"#
    try registry.loadCatalog(Array(json.utf8), source: "kart.json")
    #expect(try Car(model: "kart", registry: registry).suspension.name == "Air")
  }

  // MARK: - Replacing built-ins

  @Test func builtInIsReplacedOnlyWithReplaceTrue() throws {
    let registry = CarRegistry()
    let golf = Self.model([
      "id": #""compact""#, "carType": #""VW Golf GTI""#, "basePrice": #""35000.00""#,
      "floorplan": #""standard""#, "suspension": #""firm""#, "drive": #""front""#,
    ])
    let refused = try #require(throws: CatalogError.self) {
      try registry.loadCatalog(Array(#"{"models": [\#(golf)]}"#.utf8), source: "gti.json")
    }
    #expect(
      refused.description
        == #"gti.json: models[0].id: model 'compact' already exists; set "replace": true to replace it"#
    )
    #expect(try Car(model: "compact", registry: registry).carType == "VW Golf")

    let replacing = Self.model([
      "id": #""compact""#, "carType": #""VW Golf GTI""#, "basePrice": #""35000.00""#,
      "floorplan": #""standard""#, "suspension": #""firm""#, "drive": #""front""#,
      "replace": "true",
    ])
    try registry.loadCatalog(Array(#"{"models": [\#(replacing)]}"#.utf8), source: "gti.json")
    #expect(registry.modelIDs == ["compact", "sports", "suv"])
    let car = try Car(model: "compact", registry: registry)
    #expect(car.carType == "VW Golf GTI")
    #expect(car.suspension.name == "Firm")
    #expect(car.price == Price(cents: 3_500_000))
    #expect(try Car(model: "compact").carType == "VW Golf")
  }

  @Test func replaceFalseIsTheSameAsLeavingItOut() throws {
    let json = #"{"models": [\#(Self.model(["id": #""suv""#, "replace": "false"]))]}"#
    #expect(
      try Self.refusal(json)
        == #"dealer.json: models[0].id: model 'suv' already exists; set "replace": true to replace it"#
    )
  }

  // MARK: - Refusals

  /// A refused catalog and the exact message it must be refused with.
  struct Refusal: Sendable, CustomTestStringConvertible {
    let name: String
    let json: String
    let message: String

    var testDescription: String { name }
  }

  static let refusals: [Refusal] = [
    Refusal(
      name: "truncated JSON", json: "{",
      message:
        "dealer.json: not valid JSON: unexpected end (the file ends too early: is it truncated?)"),
    Refusal(
      name: "empty file", json: "",
      message:
        "dealer.json: not valid JSON: expected a value (the file ends too early: is it truncated?)"),
    Refusal(
      name: "duplicate key", json: #"{"models": [], "models": []}"#,
      message:
        "dealer.json: not valid JSON: key 'models' appears twice in one object at line 1, column 16"
    ),
    Refusal(
      name: "top level is a list", json: "[]",
      message: "dealer.json: expected an object, not a list"),
    Refusal(
      name: "version 3", json: #"{"version": 3}"#,
      message: "dealer.json: version: unsupported version 3; this build reads 1, 2"),
    Refusal(
      name: "version as a string", json: #"{"version": "1"}"#,
      message: "dealer.json: version: unsupported version '1'; this build reads 1, 2"),
    Refusal(
      name: "version true", json: #"{"version": true}"#,
      message: "dealer.json: version: unsupported version true; this build reads 1, 2"),
    Refusal(
      name: "version 0", json: #"{"version": 0}"#,
      message: "dealer.json: version: unsupported version 0; this build reads 1, 2"),
    Refusal(
      name: "misspelt top-level key", json: #"{"version": 1, "modles": []}"#,
      message:
        "dealer.json: modles: unknown key 'modles'; did you mean 'models'? "
        + "(keys: version, note, parts, models, attributes)"),
    Refusal(
      name: "unknown top-level key", json: #"{"dealer": "Acme"}"#,
      message:
        "dealer.json: dealer: unknown key 'dealer' (keys: version, note, parts, models, attributes)"
    ),
    Refusal(
      name: "note not a string", json: #"{"note": 1}"#,
      message: "dealer.json: note: expected a string, not 1"),
    Refusal(
      name: "models not a list", json: #"{"models": {}}"#,
      message: "dealer.json: models: expected a list, not an object"),
    Refusal(
      name: "third model drives on 'hover'",
      json: #"{"models": [\#(model(["id": #""a""#])), \#(model(["id": #""b""#])), "#
        + #"\#(model(["id": #""c""#, "drive": #""hover""#]))]}"#,
      message: "dealer.json: models[2].drive: unknown part 'hover' (drive parts: 4wd, front, rear)"),
    Refusal(
      name: "unknown suspension with a suggestion",
      json: #"{"models": [\#(model(["suspension": #""frim""#]))]}"#,
      message:
        "dealer.json: models[0].suspension: unknown part 'frim'; did you mean 'firm'? "
        + "(suspension parts: firm, soft, standard)"),
    Refusal(
      name: "unknown alternative part",
      json:
        #"{"models": [\#(model(["alternatives": #"[{"slot": "drive", "part": "turbo", "surcharge": "1"}]"#]))]}"#,
      message:
        "dealer.json: models[0].alternatives[0].part: unknown part 'turbo' "
        + "(drive parts: 4wd, front, rear)"),
    Refusal(
      name: "unknown alternative slot",
      json:
        #"{"models": [\#(model(["alternatives": #"[{"slot": "spoiler", "part": "rear", "surcharge": "1"}]"#]))]}"#,
      message:
        "dealer.json: models[0].alternatives[0].slot: unknown slot 'spoiler' "
        + "(slots: floorplan, suspension, drive)"),
    Refusal(
      name: "alternative equal to the default",
      json:
        #"{"models": [\#(model(["alternatives": #"[{"slot": "suspension", "part": "firm", "surcharge": "1"}]"#]))]}"#,
      message:
        "dealer.json: models[0].alternatives[0].part: part 'firm' is already the default suspension"
    ),
    Refusal(
      name: "alternative listed twice",
      json:
        #"{"models": [\#(model(["alternatives": #"[{"slot": "drive", "part": "4wd", "surcharge": "1"}, {"slot": "drive", "part": "4WD", "surcharge": "2"}]"#]))]}"#,
      message: "dealer.json: models[0].alternatives[1].part: drive '4wd' is listed twice"),
    Refusal(
      name: "base price with a thousands separator",
      json: #"{"models": [\#(model(["basePrice": #""1,000.00""#]))]}"#,
      message:
        #"dealer.json: models[0].basePrice: bad price '1,000.00' (expected digits with at most two decimals, like "28500.00")"#
    ),
    Refusal(
      name: "base price with trailing letters",
      json: #"{"models": [\#(model(["basePrice": #""12abc""#]))]}"#,
      message:
        #"dealer.json: models[0].basePrice: bad price '12abc' (expected digits with at most two decimals, like "28500.00")"#
    ),
    Refusal(
      name: "negative base price",
      json: #"{"models": [\#(model(["basePrice": #""-5""#]))]}"#,
      message:
        #"dealer.json: models[0].basePrice: bad price '-5' (expected digits with at most two decimals, like "28500.00")"#
    ),
    Refusal(
      name: "base price with three decimals",
      json: #"{"models": [\#(model(["basePrice": #""1.234""#]))]}"#,
      message:
        #"dealer.json: models[0].basePrice: bad price '1.234' (expected digits with at most two decimals, like "28500.00")"#
    ),
    Refusal(
      name: "base price as a number",
      json: #"{"models": [\#(model(["basePrice": "1000"]))]}"#,
      message:
        #"dealer.json: models[0].basePrice: expected a price as a decimal string like "28500.00", not 1000"#
    ),
    Refusal(
      name: "surcharge with a thousands separator",
      json:
        #"{"models": [\#(model(["alternatives": #"[{"slot": "drive", "part": "4wd", "surcharge": "1,250.00"}]"#]))]}"#,
      message:
        #"dealer.json: models[0].alternatives[0].surcharge: bad price '1,250.00' (expected digits with at most two decimals, like "28500.00")"#
    ),
    Refusal(
      name: "base plus surcharges overflow",
      json:
        #"{"models": [\#(model(["basePrice": #""92233720368547758.07""#, "alternatives": #"[{"slot": "drive", "part": "4wd", "surcharge": "0.01"}]"#]))]}"#,
      message:
        "dealer.json: models[0].alternatives[0].surcharge: prices add up to more than the largest amount"
    ),
    Refusal(
      name: "base price beyond the largest amount",
      json: #"{"models": [\#(model(["basePrice": #""92233720368547758.08""#]))]}"#,
      message:
        #"dealer.json: models[0].basePrice: bad price '92233720368547758.08' (expected digits with at most two decimals, like "28500.00")"#
    ),
    Refusal(
      name: "model defined twice in the file",
      json: #"{"models": [\#(model()), \#(model(["carType": #""Go Kart 2""#]))]}"#,
      message: "dealer.json: models[1].id: model 'kart' is defined twice"),
    Refusal(
      name: "model that already exists",
      json: #"{"models": [\#(model(["id": #""sports""#]))]}"#,
      message:
        #"dealer.json: models[0].id: model 'sports' already exists; set "replace": true to replace it"#
    ),
    Refusal(
      name: "model id with capitals and a space",
      json: #"{"models": [\#(model(["id": #""Go Kart""#]))]}"#,
      message:
        "dealer.json: models[0].id: model id 'Go Kart' must be lower-case letters, digits and '-', "
        + "starting with a letter or digit"),
    Refusal(
      name: "model id starting with a dash",
      json: #"{"models": [\#(model(["id": #""-kart""#]))]}"#,
      message:
        "dealer.json: models[0].id: model id '-kart' must be lower-case letters, digits and '-', "
        + "starting with a letter or digit"),
    Refusal(
      name: "empty model id",
      json: #"{"models": [\#(model(["id": #""""#]))]}"#,
      message:
        "dealer.json: models[0].id: model id '' must be lower-case letters, digits and '-', "
        + "starting with a letter or digit"),
    Refusal(
      name: "model id as a number",
      json: #"{"models": [\#(model(["id": "7"]))]}"#,
      message: "dealer.json: models[0].id: expected a string, not 7"),
    Refusal(
      name: "missing car type",
      json:
        #"{"models": [{"id": "kart", "basePrice": "1", "floorplan": "short", "suspension": "firm", "drive": "rear"}]}"#,
      message: "dealer.json: models[0]: missing key 'carType'"),
    Refusal(
      name: "empty car type",
      json: #"{"models": [\#(model(["carType": #""""#]))]}"#,
      message: "dealer.json: models[0].carType: car type must be 1 to 80 printable characters"),
    Refusal(
      name: "misspelt model key",
      json: #"{"models": [\#(model(["carTpye": #""Go Kart""#]))]}"#,
      message:
        "dealer.json: models[0].carTpye: unknown key 'carTpye'; did you mean 'carType'? "
        + "(keys: id, carType, basePrice, floorplan, suspension, drive, alternatives, equipment, "
        + "rules, replace, attributes, validFrom, validTo)"),
    Refusal(
      name: "replace as a number",
      json: #"{"models": [\#(model(["replace": "1"]))]}"#,
      message: "dealer.json: models[0].replace: expected true or false, not 1"),
    Refusal(
      name: "replace as a string",
      json: #"{"models": [\#(model(["replace": #""yes""#]))]}"#,
      message: "dealer.json: models[0].replace: expected true or false, not 'yes'"),
    Refusal(
      name: "seats zero",
      json: #"{"parts": {"floorplan": [{"name": "Tiny", "seats": 0, "engine": "rear"}]}}"#,
      message:
        "dealer.json: parts.floorplan[0].seats: seats must be a whole number from 1 to 99, not 0"),
    Refusal(
      name: "seats 100",
      json: #"{"parts": {"floorplan": [{"name": "Bus", "seats": 100, "engine": "rear"}]}}"#,
      message:
        "dealer.json: parts.floorplan[0].seats: seats must be a whole number from 1 to 99, not 100"),
    Refusal(
      name: "seats fractional",
      json: #"{"parts": {"floorplan": [{"name": "Odd", "seats": 2.5, "engine": "rear"}]}}"#,
      message:
        "dealer.json: parts.floorplan[0].seats: seats must be a whole number from 1 to 99, not 2.5"),
    Refusal(
      name: "seats negative",
      json: #"{"parts": {"floorplan": [{"name": "Odd", "seats": -2, "engine": "rear"}]}}"#,
      message:
        "dealer.json: parts.floorplan[0].seats: seats must be a whole number from 1 to 99, not -2"),
    Refusal(
      name: "seats true",
      json: #"{"parts": {"floorplan": [{"name": "Odd", "seats": true, "engine": "rear"}]}}"#,
      message:
        "dealer.json: parts.floorplan[0].seats: seats must be a whole number from 1 to 99, not true"
    ),
    Refusal(
      name: "seats as a string",
      json: #"{"parts": {"floorplan": [{"name": "Odd", "seats": "4", "engine": "rear"}]}}"#,
      message:
        "dealer.json: parts.floorplan[0].seats: seats must be a whole number from 1 to 99, not '4'"),
    Refusal(
      name: "unknown engine position",
      json: #"{"parts": {"floorplan": [{"name": "Odd", "seats": 2, "engine": "top"}]}}"#,
      message:
        "dealer.json: parts.floorplan[0].engine: unknown engine position 'top' "
        + "(allowed: front, mid, rear)"),
    Refusal(
      name: "engine as a number",
      json: #"{"parts": {"floorplan": [{"name": "Odd", "seats": 2, "engine": 1}]}}"#,
      message: "dealer.json: parts.floorplan[0].engine: expected a string, not 1"),
    Refusal(
      name: "seats on a suspension",
      json: #"{"parts": {"suspension": [{"name": "Air", "seats": 2}]}}"#,
      message: "dealer.json: parts.suspension[0].seats: unknown key 'seats' (keys: name)"),
    Refusal(
      name: "misspelt part slot",
      json: #"{"parts": {"suspention": []}}"#,
      message:
        "dealer.json: parts.suspention: unknown key 'suspention'; did you mean 'suspension'? "
        + "(keys: floorplan, suspension, drive)"),
    Refusal(
      name: "part that already exists",
      json: #"{"parts": {"suspension": [{"name": "FIRM"}]}}"#,
      message: "dealer.json: parts.suspension[0].name: part 'firm' already exists in suspension"),
    Refusal(
      name: "part defined twice in the file",
      json: #"{"parts": {"drive": [{"name": "Hybrid"}, {"name": "hybrid"}]}}"#,
      message: "dealer.json: parts.drive[1].name: part 'hybrid' already exists in drive"),
    Refusal(
      name: "part name with a space",
      json: #"{"parts": {"drive": [{"name": "Six Wheel"}]}}"#,
      message:
        "dealer.json: parts.drive[0].name: part name 'Six Wheel' must be one word of up to 32 "
        + "letters, digits and '-'"),
  ]

  @Test(arguments: refusals)
  func invalidCatalogIsRefusedWithItsPathAndReason(_ refusal: Refusal) throws {
    #expect(try Self.refusal(refusal.json) == refusal.message)
  }

  @Test func hoverExampleOfTheSpecNamesTheThirdModelsDrive() throws {
    let json =
      #"{"models": [\#(Self.model(["id": #""a""#])), \#(Self.model(["id": #""b""#])), "#
      + #"\#(Self.model(["id": #""c""#, "drive": #""hover""#]))]}"#
    let registry = CarRegistry()
    let error = try #require(throws: CatalogError.self) {
      try registry.loadCatalog(Array(json.utf8), source: "dealer.json")
    }
    #expect(error.source == "dealer.json")
    #expect(error.path == "models[2].drive")
    #expect(error.reason.hasPrefix("unknown part 'hover'"))
    #expect(error.description.hasPrefix("dealer.json: models[2].drive: unknown part 'hover'"))
  }

  @Test func refusedCatalogRegistersNothingEvenIfItsFirstModelWasValid() throws {
    let registry = CarRegistry()
    let json = #"""
      {
        "parts": {"suspension": [{"name": "Air"}]},
        "models": [
          \#(Self.model(["id": #""good""#, "suspension": #""air""#])),
          \#(Self.model(["id": #""bad""#, "basePrice": #""12abc""#]))
        ]
      }
      """#
    #expect(throws: CatalogError.self) {
      try registry.loadCatalog(Array(json.utf8), source: "dealer.json")
    }
    #expect(registry.modelIDs == ["compact", "sports", "suv"])
    #expect(throws: BuildError.self) { try registry.factory(for: "good") }
    // The refused file's part was not registered either: defining it again is accepted.
    try registry.loadCatalog(
      Array(#"{"parts": {"suspension": [{"name": "Air"}]}}"#.utf8), source: "air.json")
    #expect(registry.modelIDs == ["compact", "sports", "suv"])
  }

  @Test func refusedReplacementLeavesTheBuiltInInPlace() throws {
    let registry = CarRegistry()
    let json =
      #"{"models": [\#(Self.model(["id": #""compact""#, "replace": "true"])), "#
      + #"\#(Self.model(["id": #""x""#, "drive": #""hover""#]))]}"#
    #expect(throws: CatalogError.self) {
      try registry.loadCatalog(Array(json.utf8), source: "dealer.json")
    }
    #expect(try Car(model: "compact", registry: registry).carType == "VW Golf")
  }

  // MARK: - Files

  @Test func missingFileIsRefusedNamingTheFile() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("carfactory-missing-\(UUID().uuidString).json").path
    let registry = CarRegistry()
    let error = try #require(throws: CatalogError.self) {
      try registry.loadCatalog(contentsOf: path)
    }
    #expect(
      error == CatalogError(source: path, path: "", reason: "cannot read file (no such file)"))
    #expect(error.description == "\(path): cannot read file (no such file)")
    #expect(registry.modelIDs == ["compact", "sports", "suv"])
  }

  @Test func directoryIsRefusedNamingIt() throws {
    let path = FileManager.default.temporaryDirectory.path
    let error = try #require(throws: CatalogError.self) {
      try CarRegistry().loadCatalog(contentsOf: path)
    }
    #expect(error.description == "\(path): cannot read file (is a directory)")
  }

  @Test func invalidFileIsRefusedNamingTheFileAndPath() throws {
    let url = try Self.temporaryFile(
      #"{"models": [\#(Self.model()), \#(Self.model()), \#(Self.model(["drive": #""hover""#]))]}"#)
    defer { try? FileManager.default.removeItem(at: url) }
    let registry = CarRegistry()
    let error = try #require(throws: CatalogError.self) {
      try registry.loadCatalog(contentsOf: url.path)
    }
    #expect(error.source == url.path)
    #expect(error.description.hasPrefix("\(url.path): models[1].id: model 'kart' is defined twice"))
    #expect(registry.modelIDs == ["compact", "sports", "suv"])
  }

  @Test func invalidJSONFileIsRefusedNamingTheFile() throws {
    let url = try Self.temporaryFile("{\"models\": [")
    defer { try? FileManager.default.removeItem(at: url) }
    let error = try #require(throws: CatalogError.self) {
      try CarRegistry().loadCatalog(contentsOf: url.path)
    }
    #expect(error.path == "")
    #expect(error.description.hasPrefix("\(url.path): not valid JSON: "))
  }
}
