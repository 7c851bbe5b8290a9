import Foundation
import Testing

@testable import CarFactory

/// Issue 49: a catalog rule summing over a huge choice list is refused before it is encoded,
/// naming the rule and the limit, as a UVL model's is (it took gigabytes and aborted).
@Suite struct CatalogSumLimitTests {
  /// A catalog with one model whose `extras` group has `count` choices, each weighing
  /// something, and the rule `rule` on it.
  static func catalog(choices count: Int, rule: String) -> String {
    let choices = (0..<count).map { index in
      #"{"id":"c\#(index)","name":"C\#(index)","surcharge":"1.00","attributes":{"weight":"\#(1 + index % 97).5"}}"#
    }
    return #"""
      {"version":2,"attributes":[{"id":"weight","name":"Weight","unit":"kg"}],
       "models":[{"id":"big","carType":"Big","basePrice":"1000.00","attributes":{"weight":"1000"},
         "floorplan":"standard","suspension":"standard","drive":"front",
         "equipment":[{"group":"extras","select":"any","choices":[\#(choices.joined(separator: ","))]}],
         "rules":[{"id":"w","rule":"\#(rule)"}]}]}
      """#
  }

  @Test func aSumOverMoreChoicesThanTheLimitIsRefusedNamingTheRule() throws {
    let registry = CarRegistry()
    let json = Self.catalog(
      choices: FeatureModel.maximumLinearTerms + 1, rule: "sum(weight) <= 50000")
    let error = try #require(throws: CatalogError.self) {
      try registry.loadCatalog(Array(json.utf8), source: "big.json")
    }
    #expect(
      error.description
        == "big.json: models[0].rules[0].rule: the rule compares a sum of 5001 values' numbers; "
        + "at most 5000 are encoded")
  }

  /// Issue 49 too: a name with a bidirectional control is refused like one with a control
  /// character (the catalog's printable-text rule).
  @Test func aNameWithABidiControlIsRefused() throws {
    let json = Self.catalog(choices: 1, rule: "sum(weight) <= 5000")
      .replacingOccurrences(of: #""carType":"Big""#, with: #""carType":"Bi\u202Eg""#)
    #expect(json.contains("202E"))
    let registry = CarRegistry()
    #expect(throws: CatalogError.self) {
      try registry.loadCatalog(Array(json.utf8), source: "big.json")
    }
  }

  @Test func aSumWithinTheLimitLoadsAndHolds() throws {
    let registry = CarRegistry()
    let json = Self.catalog(choices: 300, rule: "sum(weight) <= 1100")
    try registry.loadCatalog(Array(json.utf8), source: "big.json")
    let configurator = ProductConfigurator(try registry.productLine(for: ModelID("big")))
    #expect(throws: Never.self) { try configurator.build([]) }
    // c1…c20 weigh 2.5 … 21.5 kg, 240 kg together: past the 100 kg the rule leaves.
    let heavy = try (1...20).map { index in
      try #require(configurator.line.values.firstIndex { $0.atom == "extras=c\(index)" })
    }
    #expect(throws: ConfigurationError.self) {
      try configurator.build(heavy.map { Choice(value: $0, isChosen: true) })
    }
  }
}
