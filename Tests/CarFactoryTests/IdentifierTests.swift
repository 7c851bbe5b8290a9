import Testing

@testable import CarFactory

/// The small value types options are made of, and the "did you mean" hints.
@Suite struct IdentifierTests {
  @Test(arguments: PartSlot.allCases)
  func partChoicesSubscriptReadsAndWritesEachSlot(_ slot: PartSlot) {
    var choices = PartChoices.none
    #expect(choices[slot] == nil)
    choices[slot] = "x"
    #expect(choices[slot] == "x")
    #expect(!choices.isEmpty)
    for other in PartSlot.allCases where other != slot {
      #expect(choices[other] == nil)
    }
    choices[slot] = nil
    #expect(choices == .none)
  }

  @Test func slotsAreOrderedAsInADetailBlock() {
    #expect(PartSlot.allCases == [.floorplan, .suspension, .drive])
    #expect(PartSlot.allCases.shuffled().sorted() == [.floorplan, .suspension, .drive])
    #expect(PartSlot.allCases.map(\.description) == ["floorplan", "suspension", "drive"])
  }

  @Test func identifiersAreTheirText() {
    #expect(ModelID.compact == ModelID(rawValue: "compact"))
    #expect(ModelID.sports.description == "sports")
    #expect(ModelID.suv == "suv")
    #expect(PartID("4wd") == PartID(rawValue: "4wd"))
    #expect(PartID("firm").description == "firm")
    #expect(
      ["suv", "compact", "sports"].map { ModelID($0) }.sorted() == [.compact, .sports, .suv])
  }

  struct Distance: Sendable, CustomTestStringConvertible {
    let a: String
    let b: String
    let distance: Int

    var testDescription: String { "\(a)→\(b)" }
  }

  @Test(arguments: [
    Distance(a: "", b: "", distance: 0),
    Distance(a: "", b: "suv", distance: 3),
    Distance(a: "suv", b: "", distance: 3),
    Distance(a: "sports", b: "sports", distance: 0),
    Distance(a: "sprots", b: "sports", distance: 1),
    Distance(a: "sport", b: "sports", distance: 1),
    Distance(a: "kitten", b: "sitting", distance: 3),
    Distance(a: "frim", b: "firm", distance: 1),
  ])
  func editDistanceCountsTranspositionsAsOneEdit(_ row: Distance) {
    #expect(Suggestion.editDistance(row.a, row.b) == row.distance)
  }

  @Test func suggestionIsOnlyMadeForLikelyTypos() {
    let models = ["compact", "sports", "suv"]
    #expect(Suggestion.nearest(to: "sprots", in: models) == "sports")
    #expect(Suggestion.nearest(to: "compcat", in: models) == "compact")
    #expect(Suggestion.nearest(to: "SUV", in: models) == "suv")
    #expect(Suggestion.nearest(to: "tractor", in: models) == nil)
    #expect(Suggestion.nearest(to: "x", in: []) == nil)
  }
}
