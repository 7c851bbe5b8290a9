import Testing

@testable import CarFactory

/// The small value types options are made of.
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
}
