import Testing

@testable import CarFactory

/// Catalog attributes (SPEC §13): declared on the catalog, exact decimal values on a model,
/// an alternative or a choice; every malformed value refused naming it and its place.
@Suite struct CatalogAttributeTests {
  /// A version-2 catalog of one model `kart`, with the given pieces spliced in.
  private static func catalog(
    declarations: String = #"[{"id": "weight", "name": "Weight", "unit": "kg"}]"#,
    base: String = #"{"weight": "300.5"}"#,
    alternative: String = #"{"weight": "42"}"#,
    choice: String = #"{"weight": "0.25"}"#,
    version: Int = 2
  ) -> String {
    """
    {"version": \(version), "attributes": \(declarations),
     "models": [{"id": "kart", "carType": "Go Kart", "basePrice": "1500.00",
      "attributes": \(base), "floorplan": "short", "suspension": "firm", "drive": "rear",
      "alternatives": [{"slot": "drive", "part": "4wd", "surcharge": "300.00",
        "attributes": \(alternative)}],
      "equipment": [{"group": "extras", "select": "any", "choices": [
        {"id": "tow", "name": "Tow hitch", "surcharge": "50.00", "attributes": \(choice)},
        {"id": "mats", "name": "Mats", "surcharge": "20.00"}]}]}]}
    """
  }

  private static func refusal(_ json: String) throws -> String {
    let registry = CarRegistry()
    let error = try #require(throws: CatalogError.self) {
      try registry.loadCatalog(Array(json.utf8), source: "kart.json")
    }
    #expect(registry.modelIDs == ["compact", "sports", "suv"])
    return error.description
  }

  @Test func valuesLoadExactlyAndTotalsAddThem() throws {
    let registry = CarRegistry()
    try registry.loadCatalog(Array(Self.catalog().utf8), source: "kart.json")
    let line = try registry.productLine(for: "kart")
    #expect(line.attributes == [Attribute(id: "weight", name: "Weight", unit: "kg")])
    #expect(line.baseAttributes["weight"]?.millionths == 300_500_000)
    func selected(_ atoms: [String]) -> [Bool] {
      line.values.map { atoms.contains($0.atom) }
    }
    // 300.5 + 42 + 0.25, by hand.
    let all = selected(["floorplan=short", "suspension=firm", "drive=4wd", "extras=tow"])
    #expect(line.total(of: "weight", selected: all) == AttributeTotal(millionths: 342_750_000))
    #expect(line.total(of: "weight", selected: all)?.text(scale: 2) == "342.75")
    #expect(line.displayScale(of: "weight") == 2)
    // The defaults: only the base.
    let defaults = selected(["floorplan=short", "suspension=firm", "drive=rear"])
    #expect(line.total(of: "weight", selected: defaults)?.text(scale: 1) == "300.5")
    // Price is an attribute too: 1500 + 300 + 50.
    #expect(line.total(of: "price", selected: all)?.text(scale: 2) == "1850.00")
    #expect(line.total(of: "power", selected: all) == nil)
  }

  @Test func totalsGroupThousandsAndKeepTheSign() {
    #expect(
      AttributeTotal(millionths: 1_842_500_000_000).text(scale: 1, grouped: true) == "1,842,500.0")
    #expect(AttributeTotal(millionths: -1_500_000).text(scale: 0) == "-1")
    #expect(AttributeValue(parsing: "-0.000001")?.description == "-0.000001")
    #expect(AttributeValue(parsing: "999999999999.999999")?.millionths == 999_999_999_999_999_999)
  }

  @Test(arguments: ["", "1e3", "1,320", "12kg", "+5", ".5", "1.", "1.0000001", "1000000000000"])
  func malformedValuesAreRefused(_ text: String) {
    #expect(AttributeValue(parsing: text) == nil)
  }

  @Test(arguments: [
    (
      Self.catalog(base: #"{"weight": "1,320"}"#),
      "kart.json: models[0].attributes.weight: bad attribute value '1,320' (expected digits with an optional '-' and at most 6 decimals, below 10^12, like \"1320.5\")"
    ),
    (
      Self.catalog(choice: #"{"weight": 12}"#),
      "kart.json: models[0].equipment[0].choices[0].attributes.weight: expected an attribute value as a decimal string like \"1320.5\", not 12"
    ),
    (
      Self.catalog(alternative: #"{"wieght": "1"}"#),
      "kart.json: models[0].alternatives[0].attributes.wieght: unknown attribute 'wieght'; did you mean 'weight'? (declared: weight)"
    ),
    (
      Self.catalog(base: #"{"price": "1"}"#),
      "kart.json: models[0].attributes.price: unknown attribute 'price'; a price is given as basePrice or surcharge"
    ),
    (
      Self.catalog(declarations: "[]"),
      "kart.json: models[0].attributes.weight: unknown attribute 'weight' (the catalog declares no attributes)"
    ),
    (
      Self.catalog(
        declarations: #"[{"id": "weight", "name": "Weight"}, {"id": "weight", "name": "Mass"}]"#),
      "kart.json: attributes[1].id: attribute 'weight' is declared twice"
    ),
    (
      Self.catalog(declarations: #"[{"id": "price", "name": "Price"}]"#),
      "kart.json: attributes[0].id: attribute 'price' is built in (the surcharges); choose another id"
    ),
    (
      Self.catalog(declarations: #"[{"id": "Weight", "name": "Weight"}]"#),
      "kart.json: attributes[0].id: attribute id 'Weight' must be lower-case letters, digits and '-', starting with a letter or digit"
    ),
  ])
  func malformedAttributesAreRefusedNamingTheirPlace(json: String, expected: String) throws {
    #expect(try Self.refusal(json) == expected)
  }

  @Test func attributesNeedVersion2() throws {
    let json = #"""
      {"version": 1, "attributes": [{"id": "weight", "name": "Weight"}], "models": []}
      """#
    #expect(try Self.refusal(json) == #"kart.json: attributes[0]: attributes need "version": 2"#)
  }
}
