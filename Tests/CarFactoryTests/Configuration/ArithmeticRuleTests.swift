import Testing

@testable import CarFactory

/// Arithmetic in catalog rules (SPEC §13): `sum`, `avg`, `ATOM.ATTR`, numbers, `+ - * /` and
/// comparisons mixed with the Boolean operators; non-linear expressions refused at their
/// column.
@Suite struct ArithmeticRuleTests {
  /// A kart of weight 300.5 kg; 4WD adds 42, the tow hitch 20.25, the roof box 15, the mats
  /// nothing (they carry no weight).
  private static func catalog(rules: [String]) -> String {
    let list = rules.enumerated().map { #"{"id": "r\#($0.offset)", "rule": "\#($0.element)"}"# }
    return """
      {"version": 2, "attributes": [{"id": "weight", "name": "Weight", "unit": "kg"}],
       "models": [{"id": "kart", "carType": "Go Kart", "basePrice": "1500.00",
        "attributes": {"weight": "300.5"}, "floorplan": "short", "suspension": "firm",
        "drive": "rear",
        "alternatives": [{"slot": "drive", "part": "4wd", "surcharge": "300.00",
          "attributes": {"weight": "42"}}],
        "equipment": [{"group": "extras", "select": "any", "choices": [
          {"id": "tow", "name": "Tow hitch", "surcharge": "50.00", "attributes": {"weight": "20.25"}},
          {"id": "roof", "name": "Roof box", "surcharge": "80.00", "attributes": {"weight": "15"}},
          {"id": "mats", "name": "Mats", "surcharge": "20.00"}]}],
        "rules": [\(list.joined(separator: ", "))]}]}
      """
  }

  private static func count(_ rules: [String]) throws -> Int {
    let registry = CarRegistry()
    try registry.loadCatalog(Array(catalog(rules: rules).utf8), source: "kart.json")
    let line = try registry.productLine(for: "kart")
    return Int(try #require(ProductConfigurator(line).count([]).uint64Value))
  }

  // Counts by hand over the 16 builds (drive: 2, extras: 8 subsets).
  @Test(arguments: [
    // Rear: all 8; 4WD (342.5): only without tow and roof, so {} and {mats}.
    (["sum(weight) <= 350"], 10),
    // Strictly above 342.5: 4WD with tow or roof (6 of its 8 subsets); rear weighs at most
    // 335.75.
    (["sum(weight) > 342.5"], 6),
    // == and != split the 16: exactly 335.75 is rear with tow and roof (2 builds).
    (["sum(weight) == 335.75"], 2),
    (["sum(weight) != 335.75"], 14),
    // Averages over the carriers (mats carry none): base alone 300.5; with tow (300.5 + 20.25)
    // / 2 = 160.375; tow and roof 111.9…; roof alone 157.75; 4WD and roof 119.1…
    (["avg(weight) < 120"], 6),
    // Price is an attribute: under 1,700 (the 4WD builds cost 1,800 or more).
    (["sum(price) < 1700"], 8),
    // ATOM.ATTR is a constant, * and / by constants, parentheses, mixed with Booleans.
    (["extras=tow => (sum(weight) - extras=tow.weight) * 2 / 4 < 160"], 12),
    (["!(sum(weight) >= 350) | drive=rear"], 10),
    (["-sum(weight) >= -350"], 10),
  ])
  func rulesWithNumbersCountAsComputedByHand(rules: [String], expected: Int) throws {
    #expect(try Self.count(rules) == expected)
  }

  private static func refusal(_ rule: String) throws -> String {
    let registry = CarRegistry()
    let error = try #require(throws: CatalogError.self) {
      try registry.loadCatalog(Array(catalog(rules: [rule]).utf8), source: "kart.json")
    }
    return error.description
  }

  @Test(arguments: [
    (
      "sum(weight) * sum(price) > 1",
      "kart.json: models[0].rules[0].rule: column 13: not linear: a product of two sums"
    ),
    (
      "100 / sum(weight) > 1",
      "kart.json: models[0].rules[0].rule: column 5: not linear: a division by a sum"
    ),
    (
      "sum(weight) / 0 > 1",
      "kart.json: models[0].rules[0].rule: column 13: division by zero"
    ),
    (
      "avg(weight) > sum(weight) - 10",
      "kart.json: models[0].rules[0].rule: column 13: not linear: an avg may only be compared with constants (avg · count is not a sum)"
    ),
    (
      "sum(wieght) > 1",
      "kart.json: models[0].rules[0].rule: column 1: unknown attribute 'wieght'; did you mean 'weight'? (attributes: price, weight)"
    ),
    (
      "extras=toe.weight > 1",
      "kart.json: models[0].rules[0].rule: column 1: unknown value 'extras=toe'; did you mean 'extras=tow'?"
    ),
    (
      "sum(weight) + 1",
      "kart.json: models[0].rules[0].rule: column 16: expected a comparison ('<', '<=', '==', '!=', '>=', '>') after a number, found the end"
    ),
    (
      "sum(weight) = 1",
      "kart.json: models[0].rules[0].rule: column 13: unexpected '='; write '==' to compare"
    ),
    (
      "sum(weight > 1",
      "kart.json: models[0].rules[0].rule: column 5: 'sum(' needs an attribute and ')', like sum(weight)"
    ),
    (
      "sum(weight) > 1.0000001",
      "kart.json: models[0].rules[0].rule: column 15: bad number '1.0000001' (at most 6 decimals, below 10^12)"
    ),
    (
      "sum(weight) > 400",
      "kart.json: models[0]: model 'kart' has no valid build (rule 'r0' excludes every build)"
    ),
  ])
  func badArithmeticIsRefusedAtItsColumn(rule: String, expected: String) throws {
    #expect(try Self.refusal(rule) == expected)
  }

  @Test func reasonsCiteTheRuleWithNumbers() throws {
    let registry = CarRegistry()
    try registry.loadCatalog(
      Array(Self.catalog(rules: ["sum(weight) <= 350"]).utf8), source: "kart.json")
    let line = try registry.productLine(for: "kart")
    let options = try ProductConfigurator(line).options(try line.choices(from: ["drive=4wd"]))
    let tow = try #require(line.valueIndex(forAtom: "extras=tow"))
    let entry = try #require(options.entries.first { $0.value == tow })
    #expect(entry.state == .excluded)
    #expect(entry.reason?.rules == ["r0"])
  }
}
