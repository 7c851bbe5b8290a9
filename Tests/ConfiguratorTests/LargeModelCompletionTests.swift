import CarFactory
import Testing

@testable import Dealership
@testable import configurator

/// Tab at the prompt on large models (SPEC §14): the filters of `options` and their values,
/// `tree`'s arguments, no dead value offered on the working car, and readline's question
/// before listing more matches than fit on the screen.
@Suite struct LargeModelCompletionTests {
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

  @Test func optionsCompletesItsFilterKeysAndTheirValues() throws {
    let harness = try Self.session()
    #expect(Self.offered("options van fi", in: harness) == ["find="])
    #expect(Self.offered("options van STA", in: harness) == ["STATE="])
    #expect(Self.offered("options van gr", in: harness) == ["group="])
    #expect(Self.offered("options van state=ex", in: harness) == ["state=excluded"])
    #expect(
      Self.offered("options van state=forced,", in: harness) == [
        "state=forced,available", "state=forced,chosen", "state=forced,default",
        "state=forced,excluded", "state=forced,undecided",
      ])
    #expect(Self.offered("options van group=dr", in: harness) == ["group=drive"])
    // A UVL model's features keep their case, and are quoted when they hold a blank.
    #expect(Self.offered("options roadster group=Eng", in: harness) == ["group=Engine"])
    #expect(
      Self.offered("options roadster group=Pet", in: harness) == [
        "group=\"Petrol 2L", "group=\"Petrol 3L",
      ])
    #expect(Self.offered("options roadster find=", in: harness) == [])
    // A key given is not offered again; the choices still are.
    #expect(!Self.offered("options van find=x ", in: harness).contains("find="))
    #expect(Self.offered("options van find=x ", in: harness).contains("drive"))
    // Without a working car the filters need a model first.
    #expect(Self.offered("options f", in: harness) == [])
    try harness.run("configure van")
    #expect(Self.offered("options ", in: harness).contains("find="))
    #expect(Self.offered("options state=default gr", in: harness) == ["group="])
    #expect(Self.offered("options group=ex", in: harness) == ["group=extras"])
  }

  @Test func treeCompletesModelsFeaturesAndDepth() throws {
    let harness = try Self.session()
    #expect(Self.offered("tree ro", in: harness) == ["roadster"])
    #expect(Self.offered("tree roadster Gea", in: harness) == ["Gearbox"])
    #expect(Self.offered("tree van e", in: harness) == ["extras"])
    #expect(Self.offered("tree roadster de", in: harness) == ["depth="])
    #expect(Self.offered("tree roadster Gearbox ", in: harness) == ["depth="])
    #expect(Self.offered("tree roadster depth=2 ", in: harness).contains("Gearbox"))
    #expect(!Self.offered("tree roadster depth=2 ", in: harness).contains("depth="))
    // No car: no `depth=` before a model.
    #expect(Self.offered("tree d", in: harness) == [])
    try harness.run("configure roadster")
    // The car's features beside the models.
    #expect(Self.offered("tree Com", in: harness) == ["compact", "Comfort"])
    #expect(Self.offered("tree d", in: harness) == ["depth="])
  }

  /// After `+`, no value whose choice would be refused: the van's red paint rules out 4WD,
  /// and so the tow hitch and the winter package, which need it; white paint stays on offer,
  /// since choosing it takes the place of red in the one-paint group.
  @Test func theWorkingCarOffersNoDeadValue() throws {
    let harness = try Self.session()
    try harness.run("configure van paint=red")
    #expect(Self.offered("+extras=", in: harness) == ["+extras=heated"])
    #expect(Self.offered("+drive=", in: harness) == [])
    #expect(Self.offered("+paint=", in: harness) == ["+paint=white"])
    #expect(Self.offered("choose t", in: harness) == [])
    // What `why` asks about is every value, and a value the user ruled out can come back.
    #expect(Self.offered("why extras=t", in: harness) == ["extras=tow"])
    try harness.run("-extras=heated")
    #expect(Self.offered("+extras=", in: harness) == ["+extras=heated"])
    // A UVL car: an alternative's other members are excluded by the one chosen.
    try harness.run("configure roadster Electric")
    #expect(Self.offered("+Petrol", in: harness) == [])
    #expect(Self.offered("+\"Petrol", in: harness) == [])
    #expect(Self.offered("+Ma", in: harness) == [])
    #expect(Self.offered("+Cl", in: harness) == ["+Climate"])
  }
}
