import CatalogFixtures
import Testing

@testable import CarFactory

/// Effectivity (SPEC §16): a model, choice or rule with `validFrom`/`validTo` is in force on
/// those days only. A generated catalog with dates is compared, day by day, with the same
/// catalog written without what is out of force on the day.
@Suite struct EffectivityTests {
  /// One choice of a generated model: its id, group, surcharge and dates.
  private struct GeneratedChoice {
    let group: String
    let id: String
    let surcharge: Int
    let from: String?
    let to: String?

    var atom: String { "\(group)=\(id)" }

    func isInForce(on day: String) -> Bool {
      // `YYYY-MM-DD` orders as the days do.
      if let from, day < from { return false }
      if let to, to < day { return false }
      return true
    }
  }

  /// A rule `left => right` or `!(left & right)` between two atoms, with dates.
  private struct GeneratedRule {
    let id: String
    let left: String
    let right: String
    let implies: Bool
    let from: String?
    let to: String?

    func isInForce(on day: String) -> Bool {
      if let from, day < from { return false }
      if let to, to < day { return false }
      return true
    }
  }

  private static let days = ["2026-01-01", "2026-06-30", "2026-07-01", "2027-01-01"]

  private static func dates(_ from: String?, _ to: String?) -> String {
    (from.map { #", "validFrom": "\#($0)""# } ?? "") + (to.map { #", "validTo": "\#($0)""# } ?? "")
  }

  /// The catalog's JSON: with every date (`day == nil`), or without what is out of force on
  /// `day`, each rule naming a removed choice rewritten by hand (`A => B` with `A` gone
  /// holds; with `B` gone it is `!A`; `!(A & B)` with either gone holds).
  private static func json(
    _ choices: [GeneratedChoice], _ rules: [GeneratedRule], modelDates: (String?, String?),
    on day: String?
  ) -> String {
    let kept = choices.filter { day == nil || $0.isInForce(on: day ?? "") }
    func group(_ id: String, _ select: String) -> String? {
      let entries = kept.filter { $0.group == id }.map { choice in
        #"{ "id": "\#(choice.id)", "name": "\#(choice.id)", "surcharge": "\#(choice.surcharge).00""#
          + (day == nil ? dates(choice.from, choice.to) : "") + " }"
      }
      // A group with no choice left is not written: nothing of it can be chosen.
      guard !entries.isEmpty else { return nil }
      return #"{ "group": "\#(id)", "select": "\#(select)", "choices": ["#
        + entries.joined(separator: ", ") + "] }"
    }
    let atoms = Set(kept.map(\.atom))
    var written: [String] = []
    for rule in rules where day == nil || rule.isInForce(on: day ?? "") {
      let hasLeft = atoms.contains(rule.left) || rule.left.hasPrefix("drive=")
      let hasRight = atoms.contains(rule.right)
      let text: String?
      switch (rule.implies, hasLeft, hasRight) {
      case (true, false, _): text = nil
      case (true, true, false): text = "!\(rule.left)"
      case (true, true, true): text = "\(rule.left) => \(rule.right)"
      case (false, true, true): text = "!(\(rule.left) & \(rule.right))"
      case (false, _, _): text = nil
      }
      guard let text else { continue }
      written.append(
        #"{ "id": "\#(rule.id)", "rule": "\#(text)""#
          + (day == nil ? dates(rule.from, rule.to) : "") + " }")
    }
    return #"{ "version": 2, "models": [{ "id": "van", "carType": "Van", "basePrice": "30000.00", "#
      + #""floorplan": "standard", "suspension": "firm", "drive": "front", "#
      + #""alternatives": [{ "slot": "drive", "part": "4wd", "surcharge": "2000.00" }], "#
      + #""equipment": ["#
      + [group("paint", "one"), group("extras", "any")].compactMap { $0 }.joined(separator: ", ")
      + #"], "#
      + #""rules": ["# + written.joined(separator: ", ") + "]"
      + (day == nil ? dates(modelDates.0, modelDates.1) : "") + " }] }"
  }

  /// Count and each value's state (forced, excluded or free) by atom, or `nil` when the
  /// catalog is refused for having no valid build.
  private static func answers(_ json: String, on day: String?) throws -> (
    count: String, states: [String: String]
  )? {
    let registry = CarRegistry(includingBuiltIns: false)
    do {
      try registry.loadCatalog(Array(json.utf8), source: "gen.json")
    } catch {
      #expect(error.reason.contains("no valid build"), "\(error)")
      return nil
    }
    let line = try registry.productLine(for: "van", asOf: day.flatMap { CatalogDate($0) })
    let configurator = ProductConfigurator(line)
    let count = try configurator.count([]).description
    var states: [String: String] = [:]
    for (index, state) in try configurator.states([]).enumerated() {
      let shown =
        switch state {
        case .forced, .excluded: state.rawValue
        default: "free"
        }
      states[line.values[index].atom] = shown
    }
    return (count, states)
  }

  @Test(arguments: 0..<24)
  func aDatedCatalogAnswersAsTheCatalogWithoutWhatIsOutOfForce(seed: UInt64) throws {
    var random = SeededGenerator(state: seed)
    func date() -> String? {
      Bool.random(using: &random) ? nil : Self.days.randomElement(using: &random)
    }
    var choices: [GeneratedChoice] = []
    // The first paint is always offered, so a `one` group is never empty.
    choices.append(.init(group: "paint", id: "p0", surcharge: 0, from: nil, to: nil))
    for index in 1..<4 {
      let (a, b) = (date(), date())
      let (from, to) = a.flatMap { a in b.map { b in a <= b ? (a, b) : (b, a) } } ?? (a, b)
      choices.append(
        .init(group: "paint", id: "p\(index)", surcharge: index * 100, from: from, to: to))
    }
    for index in 0..<4 {
      let (a, b) = (date(), date())
      let (from, to) = a.flatMap { a in b.map { b in a <= b ? (a, b) : (b, a) } } ?? (a, b)
      choices.append(
        .init(group: "extras", id: "e\(index)", surcharge: 50 + index, from: from, to: to))
    }
    var rules: [GeneratedRule] = []
    for index in 0..<3 {
      let left =
        Bool.random(using: &random)
        ? "drive=4wd" : (choices.randomElement(using: &random)?.atom ?? "paint=p0")
      let right = choices.filter { $0.atom != left }.randomElement(using: &random)?.atom ?? ""
      rules.append(
        .init(
          id: "r\(index)", left: left, right: right, implies: Bool.random(using: &random),
          from: date(), to: nil))
    }
    let full = Self.json(choices, rules, modelDates: (nil, nil), on: nil)
    for day in Self.days {
      let dated = try Self.answers(full, on: day)
      let stripped = try Self.answers(
        Self.json(choices, rules, modelDates: (nil, nil), on: day), on: nil)
      guard let dated else { return }  // The whole catalog has no build: nothing to compare.
      guard let stripped else {
        #expect(dated.count == "0", "seed \(seed) on \(day)")
        continue
      }
      #expect(dated.count == stripped.count, "seed \(seed) on \(day)")
      for choice in choices {
        let expected = choice.isInForce(on: day) ? stripped.states[choice.atom] : "excluded"
        #expect(dated.states[choice.atom] == expected, "seed \(seed) \(choice.atom) on \(day)")
      }
      for atom in ["drive=front", "drive=4wd"] {
        #expect(dated.states[atom] == stripped.states[atom], "seed \(seed) \(atom) on \(day)")
      }
    }
  }

  @Test func aModelOutOfForceIsRefusedNamingItsDates() throws {
    let choices = [GeneratedChoice(group: "paint", id: "p0", surcharge: 0, from: nil, to: nil)]
    let json = Self.json(choices, [], modelDates: ("2027-01-01", "2027-12-31"), on: nil)
    let registry = CarRegistry(includingBuiltIns: false)
    try registry.loadCatalog(Array(json.utf8), source: "gen.json")
    for day in ["2026-12-31", "2028-01-01"] {
      let error = try #require(throws: BuildError.self) {
        try registry.productLine(for: "van", asOf: CatalogDate(day))
      }
      #expect(
        error.description
          == "model 'van' is not offered on \(day) (offered from 2027-01-01 to 2027-12-31; "
          + "see --as-of DATE)")
    }
    for day in ["2027-01-01", "2027-12-31"] {
      #expect(throws: Never.self) { try registry.productLine(for: "van", asOf: CatalogDate(day)) }
    }
  }

  @Test(arguments: [
    (
      #""validFrom": "2027-02-30""#, "models[0].equipment[0].choices[0].validFrom",
      "bad date '2027-02-30' for validFrom of choice 'p0'"
    ),
    (
      #""validTo": "soon""#, "models[0].equipment[0].choices[0].validTo",
      "bad date 'soon' for validTo of choice 'p0'"
    ),
    (
      #""validFrom": "2027-01-02", "validTo": "2027-01-01""#,
      "models[0].equipment[0].choices[0].validFrom",
      "validFrom 2027-01-02 of choice 'p0' is after its validTo 2027-01-01"
    ),
  ])
  func aBadDateIsRefusedInOneLineNamingTheValueAndTheField(
    fields: String, path: String, reason: String
  ) throws {
    let json =
      #"{ "version": 2, "models": [{ "id": "van", "carType": "Van", "basePrice": "1.00", "#
      + #""floorplan": "standard", "suspension": "firm", "drive": "front", "equipment": ["#
      + #"{ "group": "paint", "select": "one", "choices": [{ "id": "p0", "name": "P", "#
      + #""surcharge": "0.00", \#(fields) }] }] }] }"#
    let registry = CarRegistry(includingBuiltIns: false)
    let error = try #require(throws: CatalogError.self) {
      try registry.loadCatalog(Array(json.utf8), source: "gen.json")
    }
    #expect(error.path == path)
    #expect(error.reason.hasPrefix(reason), "\(error)")
    #expect(!error.description.contains("\n"))
  }

  @Test func badDatesOfModelsAndRulesNameThem() throws {
    let model =
      #"{ "version": 2, "models": [{ "id": "van", "carType": "Van", "basePrice": "1.00", "#
      + #""floorplan": "standard", "suspension": "firm", "drive": "front", "validTo": "2027-13-01" }] }"#
    let rule =
      #"{ "version": 2, "models": [{ "id": "van", "carType": "Van", "basePrice": "1.00", "#
      + #""floorplan": "standard", "suspension": "firm", "drive": "front", "#
      + #""rules": [{ "id": "r1", "rule": "drive=front", "validFrom": 20270101 }] }] }"#
    for (json, expected) in [
      (model, "gen.json: models[0].validTo: bad date '2027-13-01' for validTo of model 'van'"),
      (rule, "gen.json: models[0].rules[0].validFrom: expected a string, not 20270101"),
    ] {
      let error = try #require(throws: CatalogError.self) {
        try CarRegistry(includingBuiltIns: false).loadCatalog(
          Array(json.utf8), source: "gen.json")
      }
      #expect(error.description.hasPrefix(expected), "\(error)")
    }
  }

  @Test(arguments: [
    ("2024-02-29", "2024-02-29"), ("2000-02-29", "2000-02-29"), ("0001-01-01", "0001-01-01"),
  ])
  func aCatalogDateReadsAndWritesItsDay(text: String, shown: String) throws {
    #expect(try #require(CatalogDate(text)).description == shown)
  }

  @Test(arguments: [
    "2023-02-29", "1900-02-29", "0000-01-01", "2026-1-01", "2026-01-01x", "２０２６-01-01",
  ])
  func aCatalogDateRefusesWhatIsNotADay(text: String) {
    #expect(CatalogDate(text) == nil)
  }
}
