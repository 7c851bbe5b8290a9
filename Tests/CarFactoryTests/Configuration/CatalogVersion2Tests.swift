import Testing

@testable import CarFactory

/// Catalog version 2 (SPEC §7): equipment groups, packages and rules, refused whole with the
/// JSON path when they are wrong.
@Suite struct CatalogVersion2Tests {
  /// A version-2 catalog of one model `kart` with the given equipment and rules (JSON text).
  private static func catalog(equipment: String, rules: String = "[]", version: Int = 2) -> String {
    """
    {"version": \(version), "models": [{"id": "kart", "carType": "Go Kart", "basePrice": "1500.00",
      "floorplan": "short", "suspension": "firm", "drive": "rear",
      "alternatives": [{"slot": "drive", "part": "4wd", "surcharge": "300.00"}],
      "equipment": \(equipment), "rules": \(rules)}]}
    """
  }

  private static let paint = """
    [{"group": "paint", "select": "one", "default": "white", "choices": [
      {"id": "white", "name": "White", "surcharge": "0.00"},
      {"id": "red", "name": "Red", "surcharge": "100.00"}]},
     {"group": "extras", "select": "any", "choices": [
      {"id": "tow", "name": "Tow hitch", "surcharge": "50.00"},
      {"id": "pack", "name": "Pack", "surcharge": "80.00", "includes": ["tow", "paint=red"]}]}]
    """

  private static func refusal(_ json: String) throws -> String {
    let registry = CarRegistry()
    let error = try #require(throws: CatalogError.self) {
      try registry.loadCatalog(Array(json.utf8), source: "kart.json")
    }
    #expect(registry.modelIDs == ["compact", "sports", "suv"])
    return error.description
  }

  @Test func aValidCatalogLoadsItsEquipmentAndRules() throws {
    let registry = CarRegistry()
    try registry.loadCatalog(
      Array(
        Self.catalog(
          equipment: Self.paint,
          rules:
            #"[{"id": "r", "rule": "extras=tow => drive=4wd", "message": "Towing needs 4WD."}]"#
        ).utf8),
      source: "kart.json")
    let definition = try registry.factory(for: "kart").definition
    #expect(definition.equipment.map(\.id) == ["paint", "extras"])
    #expect(
      definition.rules == [
        ModelRule(id: "r", text: "extras=tow => drive=4wd", message: "Towing needs 4WD.")
      ])
    let line = try registry.productLine(for: "kart")
    // The pack covers the tow hitch and the red paint: 1500 + 300 (4WD, forced) + 80.
    let build = try ProductConfigurator(line).build(try line.choices(from: ["extras=pack"]))
    #expect(build.price == Price(cents: 1_880_00))
  }

  @Test(arguments: [
    (
      "unknown atom in a rule",
      Self.catalog(
        equipment: Self.paint, rules: #"[{"id": "r", "rule": "paint=rde => drive=4wd"}]"#),
      "kart.json: models[0].rules[0].rule: column 1: unknown value 'paint=rde'; did you mean 'paint=red'?"
    ),
    (
      "bad expression",
      Self.catalog(
        equipment: Self.paint, rules: #"[{"id": "r", "rule": "paint=red & => drive=4wd"}]"#),
      "kart.json: models[0].rules[0].rule: column 13: unexpected '=>' where a name or '(' was expected"
    ),
    (
      "a word that is not an atom",
      Self.catalog(equipment: Self.paint, rules: #"[{"id": "r", "rule": "red => drive=4wd"}]"#),
      "kart.json: models[0].rules[0].rule: column 1: 'red' is not an atom; write SLOT=VALUE or GROUP=CHOICE"
    ),
    (
      "no valid build",
      Self.catalog(
        equipment: Self.paint,
        rules: #"[{"id": "a", "rule": "drive=4wd"}, {"id": "b", "rule": "!drive=4wd"}]"#),
      "kart.json: models[0]: model 'kart' has no valid build (rules a, b conflict)"
    ),
    (
      "a package including itself through another",
      Self.catalog(
        equipment: """
          [{"group": "extras", "select": "any", "choices": [
            {"id": "a", "name": "A", "surcharge": "1.00", "includes": ["b"]},
            {"id": "b", "name": "B", "surcharge": "1.00", "includes": ["a"]}]}]
          """),
      "kart.json: models[0].equipment[0].choices[0].includes: packages include each other in a cycle through 'extras=a'"
    ),
    (
      "an unknown package member",
      Self.catalog(
        equipment: """
          [{"group": "extras", "select": "any", "choices": [
            {"id": "a", "name": "A", "surcharge": "1.00", "includes": ["drive=5wd"]}]}]
          """),
      "kart.json: models[0].equipment[0].choices[0].includes[0]: unknown value 'drive=5wd'; did you mean 'drive=4wd'?"
    ),
    (
      "a default that is not a choice",
      Self.catalog(
        equipment: """
          [{"group": "paint", "select": "one", "default": "blue", "choices": [
            {"id": "red", "name": "Red", "surcharge": "1.00"}]}]
          """),
      "kart.json: models[0].equipment[0].default: default 'blue' is not a choice of group 'paint' (choices: red)"
    ),
    (
      "a group named like a slot",
      Self.catalog(
        equipment: """
          [{"group": "drive", "select": "any", "choices": [
            {"id": "red", "name": "Red", "surcharge": "1.00"}]}]
          """),
      "kart.json: models[0].equipment[0].group: group 'drive' has the same name as a part slot"
    ),
    (
      "a bad select",
      Self.catalog(
        equipment: """
          [{"group": "paint", "select": "some", "choices": []}]
          """),
      "kart.json: models[0].equipment[0].select: select must be 'one' or 'any', not 'some'"
    ),
    (
      "equipment in a version 1 file",
      Self.catalog(equipment: Self.paint, version: 1),
      "kart.json: models[0].equipment[0]: equipment and rules need \"version\": 2"
    ),
    (
      "a choice twice in an any group",
      Self.catalog(
        equipment: """
          [{"group": "extras", "select": "any", "choices": [
            {"id": "tow", "name": "Tow hitch", "surcharge": "50.00"},
            {"id": "heated", "name": "Heated seats", "surcharge": "80.00"},
            {"id": "tow", "name": "Tow bar", "surcharge": "60.00"}]}]
          """),
      "kart.json: models[0].equipment[0].choices[2].id: choice 'tow' appears twice in group 'extras'"
    ),
    (
      "a rule id twice",
      Self.catalog(
        equipment: Self.paint,
        rules: #"[{"id": "r", "rule": "drive=4wd"}, {"id": "r", "rule": "drive=rear | drive=4wd"}]"#
      ),
      "kart.json: models[0].rules[1].id: rule id 'r' appears twice"
    ),
  ])
  func invalidVersion2CatalogsAreRefusedWhole(name: String, json: String, message: String) throws {
    #expect(try Self.refusal(json) == message, "\(name)")
  }
}
