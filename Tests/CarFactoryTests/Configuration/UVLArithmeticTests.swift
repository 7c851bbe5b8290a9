import CatalogFixtures
import ConfigurationEngine
import Testing

@testable import CarFactory

/// UVL's arithmetic level (SPEC §13): numeric attributes become the line's attributes, and
/// constraints with `sum`, `avg`, `FEATURE.ATTR` and arithmetic answer exactly. Small models
/// written like the public collection's arithmetic-level tests (own names and numbers), with
/// their answers worked out by hand, then seeded random models against an enumeration that
/// evaluates the arithmetic itself (``UVLNumericTree``): counts, states, the build, and
/// reasons that decide and are minimal.
@Suite struct UVLArithmeticTests {
  private static func line(_ text: String) throws -> ProductLine {
    ProductLine(featureModel: try UVLTestSupport.compile(text), model: ModelID("test"))
  }

  private static func count(_ text: String, _ choices: [Choice] = []) throws -> UInt64? {
    try ProductConfigurator(try line(text)).count(choices).uint64Value
  }

  // MARK: - Models like the public collection's

  /// `sum` and `avg` over an optional group whose root carries the attribute (SPEC §13: the
  /// root is the base, counted in every build).
  @Test func sumAndAverageCountTheRootAndTheSelectedCarriers() throws {
    let text = """
      features
          Trailer {Load 2}
              optional
                  Ramp {Load 3}
                  Winch {Load 6}
      constraints
          sum(Load) > 4
          avg(Load) > 2.5
      """
    // {T} 2 no; {T,R} 5, avg 2.5 no; {T,W} 8, avg 4 yes; {T,R,W} 11, avg 11/3 yes.
    #expect(try Self.count(text) == 2)
    let exact =
      text.split(separator: "\n").dropLast(2).joined(separator: "\n")
      + "\n    sum(Load) == 5\n    avg(Load) == 2.5\n"
    // Only {T,R}: 5, and 5 / 2.
    #expect(try Self.count(exact) == 1)
  }

  /// The operators with their precedence, on constants: every constraint below holds, so
  /// the model counts as if it had none.
  @Test func arithmeticOnValuesFollowsPrecedenceExactly() throws {
    let constraints = [
      "Hitch.Cost + Rack.Cost - Hitch.Fee == 15", "Hitch.Cost + (Rack.Cost - Hitch.Fee) == 15",
      "Hitch.Cost + Rack.Cost * Hitch.Fee == 25", "Hitch.Cost + (Rack.Cost * Hitch.Fee) == 25",
      "Hitch.Cost + Rack.Cost / Hitch.Fee == 13", "Hitch.Cost - Rack.Cost + Hitch.Fee == 3",
      "Hitch.Cost - (Rack.Cost + Hitch.Fee) == -1", "Hitch.Cost * Rack.Cost / Hitch.Fee == 36",
      "Hitch.Cost * (Rack.Cost - Hitch.Fee) == 54", "Hitch.Cost / Rack.Cost * Hitch.Fee == 2.25",
      "Hitch.Cost / (Rack.Cost * Hitch.Fee) == 0.5625",
      "Hitch.Cost / Rack.Cost - Hitch.Fee == -0.875", "-Hitch.Cost * -2 == 18",
      "Hitch.Cost-1 == 8", "Hitch.Cost - -1 == 10", ".5 * Rack.Cost == 4",
    ]
    let text = """
      features
          Truck
              or
                  Hitch {Cost 9, Fee 2}
                  Rack {Cost 8}
      constraints

      """ + constraints.map { "    " + $0 }.joined(separator: "\n") + "\n"
    #expect(try Self.count(text) == 3)
    // One false constant makes the model void.
    #expect(try Self.count(text + "    Hitch.Cost + Rack.Cost < 17\n") == 0)
  }

  /// Decimals, negative numbers, quoted and dotted names, the arithmetic language level.
  @Test func decimalsNegativesAndQuotedNamesWork() throws {
    let text = """
      include
          Boolean
          Arithmetic.aggregate-function
      features
          "Camper Van" {Weight 2100.25}
              optional
                  "Roof Box" {Weight 14.5, Drag -0.75}
                  Solar.Panel {Weight 22.125, Drag 0.5}
                  Awning {Weight 31}
      constraints
          sum(Weight) <= 2150
          "Roof Box".Weight + Solar.Panel.Weight * 2 == 58.75
          sum(Drag) >= -0.25 | "Roof Box"
      """
    // Base 2100.25: +14.5 +22.125 = 2136.875 fits; with Awning 2167.875 does not; Awning alone
    // (2131.25) fits. Drag: with Solar and not Roof Box 0.5 ≥ −0.25 holds anyway.
    // {}, {RB}, {S}, {A}, {RB,S}, {RB,A} 2145.75; {S,A} 2153.375 no.
    #expect(try Self.count(text) == 6)
  }

  @Test func aConstraintsTextShowsInItsReasons() throws {
    let text = """
      features
          Pickup {Payload 0}
              optional
                  Crane {Payload 900}
                  Bed {Payload 400}
      constraints
          sum(Payload) <= 1000
      """
    let line = try Self.line(text)
    let crane = try #require(line.valueIndex(forAtom: "Crane"))
    let bed = try #require(line.valueIndex(forAtom: "Bed"))
    let report = try ProductConfigurator(line).options([Choice(value: crane, isChosen: true)])
    let entry = try #require(report.entries.first { $0.value == bed })
    #expect(entry.state == .excluded)
    #expect(entry.reason?.rules == ["constraint 7"])
    #expect(line.rule(id: "constraint 7")?.text == "sum(Payload) <= 1000")
  }

  @Test func longChainsOfOperatorsStopAtTheLimitWithoutExhaustingTheStack() throws {
    let head = "features\n    R {W 1}\n        optional\n            A {W 3}\nconstraints\n    "
    let limit = UVLParser.maximumArithmeticOperators
    let longest = head + "sum(W)" + String(repeating: " -1", count: limit) + " < 9\n"
    // 1 − 1000 and 4 − 1000 are both below 9.
    #expect(try Self.count(longest) == 2)
    for over in [
      "sum(W)" + String(repeating: " + 1", count: limit + 1) + " > 2",
      "sum(W)" + String(repeating: " -1", count: limit + 1) + " > 2",
    ] {
      let error = UVLTestSupport.refusal(head + over + "\n")
      #expect(
        error?.description
          == "test.uvl:6: a constraint with more than \(limit) arithmetic operators")
      #expect(error?.kind == .limit)
    }
  }

  @Test func aSumOverTooManyFeaturesIsRefusedWithItsLine() {
    let count = FeatureModel.maximumLinearTerms + 1
    let features = (0..<count).map { "            F\($0) {W 1}" }.joined(separator: "\n")
    let text = "features\n    R\n        optional\n\(features)\nconstraints\n    sum(W) <= 3\n"
    let error = UVLTestSupport.refusal(text)
    #expect(
      error?.description
        == "test.uvl:\(count + 5): the constraint 'sum(W) <= 3' compares a sum of \(count) "
        + "features' numbers; at most \(count - 1) are encoded")
    #expect(error?.kind == .limit)
  }

  // MARK: - Attributes

  @Test func numericAttributesBecomeTheLinesAttributes() throws {
    let line = try Self.line(
      """
      features
          Bus {Seats 2, Note 'base', price 50000}
              optional
                  Row {Seats 4, Flag true, List [1, 2], Nested {Seats 9}, price 1200.50}
                  Lift {Weight -12.5}
      """)
    #expect(line.attributes.map(\.id) == ["Seats", "Weight"])
    #expect(line.attributes.map(\.name) == ["Seats", "Weight"])
    #expect(line.attributes.allSatisfy { $0.unit.isEmpty })
    #expect(line.totalledAttributes == ["price", "Seats", "Weight"])
    #expect(line.baseAttributes["Seats"] == AttributeValue(parsing: "2"))
    #expect(line.values[0].attributes.isEmpty)
    #expect(line.values[1].attributes == ["Seats": try #require(AttributeValue(parsing: "4"))])
    #expect(line.values[2].attributes["Weight"] == AttributeValue(parsing: "-12.5"))
    #expect(line.total(of: "Seats", selected: [true, true, true])?.millionths == 6_000_000)
    #expect(line.attributeID(named: "seats") == "Seats")
    #expect(line.attributeID(named: "PRICE") == "price")
    #expect(line.objective(.max, attribute: "weight")?.attribute == "Weight")
  }

  @Test func anAttributeNamedPriceInCapitalsIsNotTheSurcharge() throws {
    let text = """
      features
          Kart {Price 1, price 10}
              optional
                  Horn {Price 2, price 5}
                  Seat {Price 5}
      constraints
          sum(Price) > 2
          sum(price) < 14
      """
    let line = try Self.line(text)
    #expect(line.totalledAttributes == ["price", "Price"])
    #expect(line.attributeID(named: "Price") == "Price")
    // sum(Price) > 2: Horn or Seat; sum(price) < 14: no Horn. So {Seat}.
    #expect(try Self.count(text) == 1)
  }

  @Test func minAndMaxFindTheLightestAndHeaviestBuild() throws {
    let line = try Self.line(
      """
      features
          Van {Weight 1800}
              alternative
                  Diesel {Weight 210}
                  Electric {Weight 420.5}
              optional
                  Rack {Weight 12.25}
      constraints
          Electric => Rack
      """)
    let configurator = ProductConfigurator(line)
    let lightest = try configurator.build(
      [], optimising: try #require(line.objective(.min, attribute: "Weight")))
    let heaviest = try configurator.build(
      [], optimising: try #require(line.objective(.max, attribute: "weight")))
    let selectedLightest = lightest.configuration.selected
    let selectedHeaviest = heaviest.configuration.selected
    #expect(line.total(of: "Weight", selected: selectedLightest)?.millionths == 2_010_000_000)
    #expect(line.total(of: "Weight", selected: selectedHeaviest)?.millionths == 2_232_750_000)
  }

  /// Among the optimal builds of a UVL model, `min=`/`max=` takes the one SPEC §8's
  /// completion makes (file order, each feature its default if an optimal build still has
  /// it), as `build` does among all builds. Worked by hand: the dearest builds are Red or
  /// Blue ($500) with Hitch or Rack ($300, not both); in file order Red is its group's
  /// default, then Hitch's default (out) is still possible, so Rack comes in.
  @Test func tiesAmongOptimaGoAsTheCompletionGoes() throws {
    let line = try Self.line(
      """
      features
          Car
              alternative
                  White
                  Red {price 500}
                  Blue {price 500}
              optional
                  Hitch {price 300}
                  Rack {price 300}
      constraints
          !(Hitch & Rack)
      """)
    let configurator = ProductConfigurator(line)
    func features(_ goal: Objective.Goal, _ choices: [Choice] = []) throws -> [String] {
      let objective = try #require(line.objective(goal, attribute: "price"))
      let found = try configurator.build(choices, optimising: objective)
      return line.values.indices.filter { found.configuration.selected[$0] }.map {
        line.values[$0].atom
      }
    }
    #expect(try features(.max) == ["Car", "Red", "Rack"])
    #expect(try features(.min) == ["Car", "White"])
    // White ruled out: the cheapest are Red and Blue, and Red comes first.
    let white = try #require(line.valueIndex(forAtom: "White"))
    #expect(try features(.min, [Choice(value: white, isChosen: false)]) == ["Car", "Red"])
    // Blue chosen, Rack ruled out: Hitch is the only way to the highest price.
    let blue = try #require(line.valueIndex(forAtom: "Blue"))
    let rack = try #require(line.valueIndex(forAtom: "Rack"))
    #expect(
      try features(
        .max, [Choice(value: blue, isChosen: true), Choice(value: rack, isChosen: false)])
        == ["Car", "Blue", "Hitch"])
  }

  // MARK: - Against the enumeration

  private struct Case {
    let numeric: UVLNumericTree
    let line: ProductLine
    let configurator: ProductConfigurator
    /// The tree's feature behind each value of the line.
    let feature: [Int]
    let valid: [Int]

    init(seed: UInt64) throws {
      numeric = UVLNumericTree(seed: seed, features: 3...9)
      line = ProductLine(
        featureModel: try UVLTestSupport.compile(numeric.tree.uvl), model: ModelID("tree"))
      configurator = ProductConfigurator(line)
      let names = (0..<numeric.tree.count).map(UVLRandomTree.name)
      var feature: [Int] = []
      for value in line.values { feature.append(try #require(names.firstIndex(of: value.atom))) }
      self.feature = feature
      valid = Array(numeric.validSelections)
    }

    func has(_ mask: Int, _ value: Int) -> Bool { mask & (1 << feature[value]) != 0 }

    /// Whether some selection keeps the rules (ids) and the choices and gives `value` the
    /// state `holds`: straight from the tree and the checks.
    func allows(rules: [String], choices: [Choice], value: Int, holds: Bool) -> Bool {
      let kept = Set(line.rules.indices.filter { rules.contains(line.rules[$0].id) })
      return (0..<(1 << numeric.tree.count)).contains { mask in
        numeric.isValid(mask, keeping: kept)
          && choices.allSatisfy { has(mask, $0.value) == $0.isChosen } && has(mask, value) == holds
      }
    }

    func selections(with choices: [Choice]) -> [Int] {
      valid.filter { mask in choices.allSatisfy { has(mask, $0.value) == $0.isChosen } }
    }

    func randomChoices(_ random: inout SeededGenerator) -> [Choice] {
      line.randomChoices(upTo: 2, using: &random)
    }
  }

  private static let seeds: [UInt64] = Array(1...150)

  @Test func randomModelsAreNeitherAllVoidNorUnconstrained() throws {
    var restricted = 0
    var void = 0
    for seed in Self.seeds {
      let numeric = UVLNumericTree(seed: seed, features: 3...9)
      let all = numeric.tree.validSelections.count
      let kept = numeric.validSelections.count
      if kept == 0, all > 0 { void += 1 }
      if kept > 0, kept < all { restricted += 1 }
    }
    #expect(restricted > 75)
    #expect(void < 50)
  }

  @Test(arguments: seeds)
  func countsStatesAndReasonsEqualTheEnumeration(seed: UInt64) throws {
    try Self.checkAgainstTheEnumeration(seed: seed)
  }

  /// The same with every sum an adder network, which the solver propagates as its sums
  /// natively while the counter counts the network's clauses.
  @Test(arguments: seeds)
  func adderNetworksAndNativeSumsAnswerAsTheEnumeration(seed: UInt64) throws {
    try ConstraintModel.$forcedLinearEncoding.withValue(.adder) {
      try Self.checkAgainstTheEnumeration(seed: seed)
    }
  }

  private static func checkAgainstTheEnumeration(seed: UInt64) throws {
    let test = try Case(seed: seed)
    var random = SeededGenerator(state: seed &* 7919)
    for _ in 0..<3 {
      let choices = test.randomChoices(&random)
      let selections = test.selections(with: choices)
      let model = "seed \(seed) choices \(choices):\n\(test.numeric.tree.uvl)"
      #expect(
        try test.configurator.count(choices).uint64Value == UInt64(selections.count), "\(model)")
      guard !selections.isEmpty else {
        #expect(throws: ConfigurationError.self) { try test.configurator.options(choices) }
        continue
      }
      let report = try test.configurator.options(choices)
      let build = try test.configurator.build(choices)
      #expect(
        selections.contains { mask in
          test.line.values.indices.allSatisfy { test.has(mask, $0) == build.selected[$0] }
        }, "\(model)")
      for entry in report.entries {
        let expected = UVLTestSupport.expectedState(
          of: entry.value, choices: choices,
          holding: selections.filter { test.has($0, entry.value) }.count,
          of: selections.count, inBuild: build.selected[entry.value])
        #expect(entry.state == expected, "\(model) value \(test.line.values[entry.value].atom)")
        // A value the user ruled out has that choice for its reason (SPEC §7).
        guard entry.state == .forced || entry.state == .excluded, let reason = entry.reason,
          !choices.contains(where: { $0.value == entry.value })
        else { continue }
        // The reason decides the value, and each choice and rule it cites is needed.
        let other = entry.state == .excluded
        #expect(
          !test.allows(
            rules: reason.rules, choices: reason.choices, value: entry.value, holds: other),
          "\(model) reason for \(test.line.values[entry.value].atom)")
        for dropped in reason.rules {
          #expect(
            test.allows(
              rules: reason.rules.filter { $0 != dropped }, choices: reason.choices,
              value: entry.value, holds: other), "\(model) \(dropped) not needed")
        }
        for dropped in reason.choices {
          #expect(
            test.allows(
              rules: reason.rules, choices: reason.choices.filter { $0 != dropped },
              value: entry.value, holds: other), "\(model) not minimal")
        }
      }
    }
  }
}
