import CarFactory
import Testing

@testable import Dealership
@testable import configurator

/// Tab completion against a live session (SPEC §11): commas in value lists, quoted UVL names,
/// build numbers, stock categories, model ids, and the working car's atoms and ways out.
@Suite struct SessionCompletionTests {
  /// A session with the sample lineup and the roadster UVL model loaded.
  private static func session() throws -> SessionHarness {
    let harness = SessionHarness()
    try harness.run("catalog load Examples/lineup.json")
    try harness.run("catalog load Examples/roadster.uvl")
    return harness
  }

  /// The replacements offered for the word before the end of `line`.
  private static func offered(_ line: String, in harness: SessionHarness) -> [String] {
    let completer = Completer(vocabulary: CompletionVocabulary(session: harness.session))
    return completer.complete(Array(line), cursor: line.count).candidates.map(\.replacement)
  }

  /// The line after one Tab at its end.
  private static func tab(_ line: String, in harness: SessionHarness) -> String {
    var editor = LineEditor(
      completer: Completer(vocabulary: CompletionVocabulary(session: harness.session)))
    editor.startLine(history: [])
    for scalar in line.unicodeScalars { _ = editor.handle(.insert(scalar)) }
    _ = editor.handle(.tab)
    return editor.buffer.text
  }

  @Test func stockNumbersInStockAreOfferedAfterSellShowAndRemove() throws {
    let harness = SessionHarness()
    try harness.run("stock sell S-2 3")
    #expect(Self.offered("stock sell ", in: harness) == ["S-1", "S-3", "S-4", "S-5"])
    #expect(Self.offered("stock show S-", in: harness) == ["S-1", "S-3", "S-4", "S-5"])
    #expect(Self.tab("stock remove S-5", in: harness) == "stock remove S-5 ")
    #expect(Self.offered("sales fr", in: harness) == ["from="])
  }

  @Test func afterACommaTheGroupsOtherValuesStillPossibleAreOffered() throws {
    let harness = try Self.session()
    #expect(
      Self.offered("build van extras=heated,", in: harness) == [
        "extras=heated,tow", "extras=heated,winter",
      ])
    #expect(Self.offered("build van extras=heated,t", in: harness) == ["extras=heated,tow"])
    // red paint rules out 4WD, which the tow hitch and the winter package need.
    #expect(Self.offered("options van paint=red extras=heated,", in: harness) == [])
    #expect(
      Self.offered("count van extras=tow,heated,", in: harness) == ["extras=tow,heated,winter"])
    // A slot or `one` group holds one value: nothing goes after its comma.
    #expect(Self.offered("options van paint=red,", in: harness) == [])
    #expect(Self.tab("build van extras=heated,w", in: harness) == "build van extras=heated,winter ")
  }

  @Test func uvlNamesWithBlanksAreCompletedInQuotes() throws {
    let harness = try Self.session()
    #expect(
      Self.offered("build roadster Pet", in: harness) == ["\"Petrol 2L", "\"Petrol 3L"])
    #expect(Self.tab("build roadster Pet", in: harness) == "build roadster \"Petrol ")
    #expect(Self.tab("build roadster \"Petrol 3", in: harness) == "build roadster \"Petrol 3L\" ")
    try harness.run("configure roadster")
    #expect(Self.tab("+\"Petrol 3", in: harness) == "+\"Petrol 3L\" ")
    #expect(Self.tab("why \"Petrol 2", in: harness) == "why \"Petrol 2L\" ")
    #expect(Self.tab("why Petrol 2", in: harness) == "why Petrol 2")
  }

  @Test func buildNumbersFollowTheCommandsThatTakeOne() throws {
    let harness = SessionHarness()
    for _ in 1...12 { try harness.run("build compact") }
    try harness.run("remove 11")
    #expect(Self.offered("show 1", in: harness) == ["1", "10", "12"])
    #expect(Self.offered("quote 2", in: harness) == ["2"])
    #expect(Self.offered("remove 9", in: harness) == ["9"])
    #expect(Self.offered("edit 3", in: harness) == ["3"])
    #expect(Self.offered("compare 1", in: harness) == ["1", "10", "12"])
    #expect(Self.offered("compare 10 1", in: harness) == ["1", "12"])
    #expect(Self.offered("stock add 1", in: harness) == ["1", "10", "12"])
    #expect(Self.offered("show 11", in: harness) == [])
    #expect(Self.tab("quote 12 gb", in: harness) == "quote 12 gbp ")
  }

  @Test func categoriesFollowCategoryEquals() throws {
    let harness = SessionHarness()
    #expect(
      Self.offered("stock category=", in: harness) == [
        "category=compact", "category=sports", "category=suv",
      ])
    #expect(
      Self.offered("stock eur category=s", in: harness) == ["category=sports", "category=suv"])
    #expect(Self.tab("stock CATEGORY=co", in: harness) == "stock CATEGORY=compact ")
    #expect(Self.tab("stock cat", in: harness) == "stock category=")
    #expect(Self.offered("stock category=suv e", in: harness).contains("eur"))
    #expect(!Self.offered("stock category=suv ", in: harness).contains("category="))
    #expect(Self.offered("stock add category=", in: harness) == [])
  }

  @Test func modelIdsFollowConfigureAndRules() throws {
    let harness = try Self.session()
    #expect(Self.offered("configure ", in: harness).contains("roadster"))
    #expect(Self.tab("configure ro", in: harness) == "configure roadster ")
    #expect(Self.tab("rules va", in: harness) == "rules van ")
    #expect(Self.tab("configure van ext", in: harness) == "configure van extras=")
    #expect(Self.offered("why va", in: harness) == ["van"])
  }

  @Test func theWorkingCarsAtomsFollowPlusChooseAndWhy() throws {
    let harness = try Self.session()
    try harness.run("configure van extras=heated")
    // Already on the car (chosen, or forced by a rule) is not offered for `+`.
    #expect(Self.offered("+ext", in: harness) == ["+extras=tow", "+extras=winter"])
    // The van's floorplan and suspension have one part each, forced: not offered.
    #expect(
      Self.offered("+", in: harness) == [
        "+4wd", "+drive=4wd", "+drive=front", "+extras=tow", "+extras=winter", "+front",
        "+paint=red", "+paint=white", "+red", "+tow", "+white", "+winter",
      ])
    #expect(Self.offered("choose w", in: harness) == ["white", "winter"])
    #expect(Self.offered("extras=", in: harness) == ["extras=tow", "extras=winter"])
    #expect(Self.offered("+extras=tow,", in: harness) == ["+extras=tow,winter"])
    #expect(Self.offered("why he", in: harness) == ["heated"])
    #expect(
      Self.offered("why extras=", in: harness) == [
        "extras=heated", "extras=tow", "extras=winter",
      ])
    #expect(Self.tab("+tow -dr", in: harness) == "+tow -drive=")
  }

  @Test func minusAndDropOfferWhatIsChosenOnTheCar() throws {
    let harness = try Self.session()
    try harness.run("configure van extras=heated paint=red")
    #expect(Self.offered("-", in: harness) == ["-extras=heated", "-heated", "-paint=red", "-red"])
    #expect(Self.offered("drop ", in: harness) == ["extras=heated", "heated", "paint=red", "red"])
    // Nothing chosen starts with `d`: then anything not yet ruled out (red paint rules out
    // 4WD, so front-wheel drive is forced).
    #expect(Self.offered("-d", in: harness) == ["-drive=front"])
    #expect(Self.offered("-w", in: harness) == [])
    try harness.run("discard")
    #expect(Self.offered("drop ", in: harness) == [])
    #expect(Self.offered("+", in: harness) == [])
  }

  @Test func aUVLCarOffersItsFeatureNames() throws {
    let harness = try Self.session()
    try harness.run("configure roadster Electric")
    #expect(Self.offered("+Hea", in: harness) == ["+Heated_Seats"])
    // The tow bar is excluded by the electric engine chosen: `+Tow_Bar` would be refused.
    #expect(Self.offered("+Tow", in: harness) == [])
    #expect(Self.offered("why Tow", in: harness) == ["Tow_Bar"])
    #expect(Self.offered("-", in: harness) == ["-Electric"])
    #expect(Self.offered("drop E", in: harness) == ["Electric"])
    #expect(Self.offered("why Au", in: harness) == ["Automatic"])
  }

  @Test func fixOffersTheWaysOutOfTheLastConflict() throws {
    let harness = try Self.session()
    try harness.run("configure van paint=red")
    #expect(Self.offered("fix ", in: harness) == [])
    try harness.run("+extras=tow")
    #expect(Self.offered("fix ", in: harness) == ["1", "2"])
    #expect(Self.tab("fix 2", in: harness) == "fix 2 ")
    try harness.run("fix 1")
    #expect(Self.offered("fix ", in: harness) == [])
  }
}
