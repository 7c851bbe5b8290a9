import Testing

@testable import CarFactory

/// A value named twice on a command line counts once (Docs/Configuration.md, "Choices"), so
/// reasons and corrections stay minimal; `+x -x` is still a conflict.
@Suite struct ChoiceRepetitionTests {
  /// A model `van` with an `any` group and a rule that the tow hitch forces four-wheel drive.
  private static func van() throws -> ProductLine {
    let json = """
      {"version": 2, "models": [{"id": "van", "carType": "Van", "basePrice": "1000.00",
        "floorplan": "short", "suspension": "firm", "drive": "rear",
        "alternatives": [{"slot": "drive", "part": "4wd", "surcharge": "300.00"}],
        "equipment": [{"group": "extras", "select": "any", "choices": [
          {"id": "tow", "name": "Tow hitch", "surcharge": "50.00"},
          {"id": "heated", "name": "Heated seats", "surcharge": "80.00"}]}],
        "rules": [{"id": "tow-needs-4wd", "rule": "extras=tow => drive=4wd"}]}]}
      """
    let registry = CarRegistry()
    try registry.loadCatalog(Array(json.utf8), source: "van.json")
    return try registry.productLine(for: "van")
  }

  @Test(arguments: [
    ["extras=tow,tow"], ["extras=tow", "extras=tow"], ["extras=tow", "+extras=tow"],
    ["+extras=tow,tow", "extras=tow"],
  ])
  func aValueChosenTwiceCountsOnce(_ words: [String]) throws {
    let line = try Self.van()
    let tow = try #require(line.valueIndex(forAtom: "extras=tow"))
    #expect(try line.choices(from: words) == [Choice(value: tow, isChosen: true)])
  }

  @Test func aValueRuledOutTwiceCountsOnce() throws {
    let line = try Self.van()
    let fourWheel = try #require(line.valueIndex(forAtom: "drive=4wd"))
    #expect(
      try line.choices(from: ["-drive=4wd", "-drive=4wd"])
        == [Choice(value: fourWheel, isChosen: false)])
  }

  @Test func aReasonCitesARepeatedChoiceOnce() throws {
    let line = try Self.van()
    let tow = try #require(line.valueIndex(forAtom: "extras=tow"))
    let fourWheel = try #require(line.valueIndex(forAtom: "drive=4wd"))
    let choices = try line.choices(from: ["extras=tow,tow", "extras=tow"])
    let report = try ProductConfigurator(line).options(choices)
    let entry = try #require(report.entries.first { $0.value == fourWheel })
    #expect(entry.state == .forced)
    #expect(
      entry.reason
        == Explanation(choices: [Choice(value: tow, isChosen: true)], rules: ["tow-needs-4wd"]))
  }

  @Test func aConflictCitesARepeatedChoiceOnce() throws {
    let line = try Self.van()
    let tow = Choice(value: try #require(line.valueIndex(forAtom: "extras=tow")), isChosen: true)
    let no4wd = Choice(
      value: try #require(line.valueIndex(forAtom: "drive=4wd")), isChosen: false)
    let choices = try line.choices(from: ["extras=tow", "extras=tow", "-drive=4wd", "-drive=4wd"])
    #expect(choices == [tow, no4wd])
    let error = try #require(throws: ConfigurationError.self) {
      try ProductConfigurator(line).build(choices)
    }
    guard case .conflict(let conflict) = error else {
      Issue.record("expected a conflict, got \(error)")
      return
    }
    // Minimal: each choice once, and dropping either one is a way out.
    #expect(conflict.reason == Explanation(choices: [tow, no4wd], rules: ["tow-needs-4wd"]))
    #expect(Set(conflict.corrections.map(\.drop)) == [[tow], [no4wd]])
  }

  @Test func choosingAndRulingOutOneValueIsAConflict() throws {
    let line = try Self.van()
    let choices = try line.choices(from: ["extras=tow", "-extras=tow"])
    #expect(choices.count == 2)
    #expect(throws: ConfigurationError.self) { try ProductConfigurator(line).build(choices) }
  }

  @Test func aFeatureNamedTwiceCountsOnce() throws {
    let model = try UVLTestSupport.compile("features\n  R\n    optional\n      H\n      G\n")
    let line = ProductLine(featureModel: model, model: "test")
    let h = try #require(model.feature(named: "H"))
    #expect(try line.choices(from: ["H", "+H", "h"]) == [Choice(value: h, isChosen: true)])
  }
}
