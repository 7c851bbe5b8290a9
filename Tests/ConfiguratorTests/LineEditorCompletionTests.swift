import CarFactory
import Testing

@testable import Dealership
@testable import configurator

/// Tab completion: what is offered where, and what Tab does with it.
@Suite struct LineEditorCompletionTests {
  /// A fixed vocabulary: three models, two folders' worth of files.
  private static var vocabulary: CompletionVocabulary {
    CompletionVocabulary(
      commands: Command.allCases.map(\.rawValue),
      models: { ["compact", "sports", "suv"] },
      slots: { _ in ["floorplan", "suspension", "drive"] },
      values: { model, slot, _ in
        switch (model, slot.lowercased()) {
        case ("sports", "drive"): ["rear", "4wd"]
        case ("sports", "suspension"): ["firm"]
        default: []
        }
      },
      currencies: ["EUR", "GBP", "GHS", "JPY", "USD"],
      files: { folder in
        switch folder {
        case "":
          [
            FolderEntry(name: "session.json", isFolder: false),
            FolderEntry(name: "scripts", isFolder: true),
            FolderEntry(name: "my stock.csv", isFolder: false),
            FolderEntry(name: ".hidden", isFolder: false),
          ]
        case "scripts/": [FolderEntry(name: "demo.txt", isFolder: false)]
        default: []
        }
      })
  }

  /// The line after typing `text` and pressing Tab `tabs` times, and the last action.
  private static func tab(
    _ text: String, times tabs: Int = 1, vocabulary: CompletionVocabulary = vocabulary
  ) -> (line: String, action: LineEditor.Action) {
    var editor = LineEditor(completer: Completer(vocabulary: vocabulary))
    editor.startLine(history: [])
    for scalar in text.unicodeScalars { _ = editor.handle(.insert(scalar)) }
    var action = LineEditor.Action.none
    for _ in 0..<tabs { action = editor.handle(.tab) }
    return (editor.buffer.text, action)
  }

  @Test(arguments: [
    ("mo", "models "),
    ("bu", "build"),
    ("build sp", "build sports "),
    ("BUILD SP", "BUILD SPORTS "),
    ("build sports d", "build sports drive="),
    ("build sports drive=4", "build sports drive=4wd "),
    ("build sports DRIVE=4", "build sports DRIVE=4WD "),
    ("build sports su", "build sports suspension="),
    ("build sports drive=4wd suspension=f", "build sports drive=4wd suspension=firm "),
    ("currency g", "currency g"),
    ("currency gb", "currency gbp "),
    ("currency GB", "currency GBP "),
    ("currency gh", "currency ghs "),
    ("rate jp", "rate jpy "),
    ("stock us", "stock usd "),
    ("stock cl", "stock clear "),
    ("help bui", "help build"),
    ("load sess", "load session.json "),
    ("save scr", "save scripts/"),
    ("read scripts/d", "read scripts/demo.txt "),
    ("stock load my", "stock load \"my stock.csv\" "),
    ("load \"my", "load \"my stock.csv\" "),
    ("load .h", "load .hidden "),
  ])
  func tabCompletesTheWordBeforeTheCursor(typed: String, expected: String) {
    #expect(Self.tab(typed).line == expected)
  }

  /// The fixed vocabulary with a UVL working car whose names hold blanks, and categories.
  private static var carVocabulary: CompletionVocabulary {
    var vocabulary = vocabulary
    vocabulary.car = {
      CarVocabulary(
        model: "roadster",
        values: [
          .init(group: nil, name: "Heated Seats", isBare: true, state: .available),
          .init(group: nil, name: "Wind Deflector", isBare: true, state: .chosen, choice: true),
          .init(group: nil, name: "Sunroof", isBare: true, state: .default),
        ])
    }
    vocabulary.categories = { ["Sports cars", "suv"] }
    return vocabulary
  }

  @Test(arguments: [
    ("+\"Heated Se", "+\"Heated Seats\" "),
    ("+h", "+\"Heated Seats\" "),
    ("why \"Hea", "why \"Heated Seats\" "),
    ("why W", "why \"Wind Deflector\" "),
    ("-", "-\"Wind Deflector\" "),
    ("drop ", "drop \"Wind Deflector\" "),
    ("choose su", "choose Sunroof "),
    ("+\"Su", "+\"Sunroof\" "),
    ("stock category=sp", "stock category=\"Sports cars\" "),
    ("stock category=\"Sp", "stock category=\"Sports cars\" "),
    ("stock category=su", "stock category=suv "),
  ])
  func namesWithBlanksAreCompletedInQuotes(typed: String, expected: String) {
    #expect(Self.tab(typed, vocabulary: Self.carVocabulary).line == expected)
  }

  @Test func aSlotAlreadyGivenIsNotOfferedAgain() {
    let completer = Completer(vocabulary: Self.vocabulary)
    let line = Array("build sports drive=4wd ")
    let offered = completer.complete(line, cursor: line.count).candidates.map(\.replacement)
    #expect(offered == ["floorplan", "suspension"])
  }

  @Test func hiddenFilesAreOfferedOnlyForADotPrefix() {
    let completer = Completer(vocabulary: Self.vocabulary)
    let line = Array("load ")
    let offered = completer.complete(line, cursor: line.count).candidates.map(\.display)
    #expect(offered == ["my stock.csv", "scripts/", "session.json"])
  }

  @Test func nothingIsOfferedWhereNoWordIsExpected() {
    #expect(Self.tab("models x").action == .bell)
    #expect(Self.tab("show ").action == .bell)
  }

  @Test func aSecondTabListsTheMatchesWhenNothingMoreCanBeAdded() {
    let first = Self.tab("build", times: 1)
    #expect(first.action == .bell)
    let second = Self.tab("build", times: 2)
    #expect(second.action == .list(["build", "builds"]))
    #expect(second.line == "build")
  }

  @Test func tabCompletesInTheMiddleOfALineAndKeepsTheRest() {
    var editor = LineEditor(completer: Completer(vocabulary: Self.vocabulary))
    editor.startLine(history: [])
    for scalar in "build sp drive=4wd".unicodeScalars { _ = editor.handle(.insert(scalar)) }
    for _ in 0..<10 { _ = editor.handle(.left) }
    _ = editor.handle(.tab)
    #expect(editor.buffer.text == "build sports drive=4wd")
    #expect(editor.buffer.cursor == 13)
  }

  @Test func theSessionVocabularyComesFromTheRegistryAndTheCurrencyTable() throws {
    let harness = SessionHarness()
    let vocabulary = CompletionVocabulary(session: harness.session)
    #expect(vocabulary.models() == ["compact", "sports", "suv"])
    #expect(vocabulary.values("sports", "drive", []).contains("4wd"))
    #expect(vocabulary.values("tractor", "drive", []).isEmpty)
    #expect(vocabulary.currencies.contains("GBP"))
    #expect(vocabulary.commands.first == "help")
  }

  /// SPEC §7: after `build MODEL …`, Tab offers only values still possible given the choices
  /// already on the line (the van's tow hitch needs 4WD, which excludes red paint).
  @Test func completionOffersOnlyValuesStillPossible() throws {
    let harness = SessionHarness()
    try harness.run("catalog load Examples/lineup.json")
    let completer = Completer(vocabulary: CompletionVocabulary(session: harness.session))
    func candidates(_ line: String) -> [String] {
      completer.complete(Array(line), cursor: line.count).candidates.map(\.replacement)
    }
    #expect(candidates("build van paint=") == ["paint=red", "paint=white"])
    #expect(candidates("build van extras=tow paint=") == ["paint=white"])
    #expect(candidates("options van extras=tow drive=") == ["drive=4wd"])
    #expect(candidates("build van -drive=") == ["-drive=4wd", "-drive=front"])
    try harness.run("catalog load Examples/roadster.uvl")
    #expect(candidates("build roadster Electric Tow") == [])
    #expect(candidates("build roadster Tow") == ["Tow_Bar"])
    #expect(candidates("count roadster Electric Sport_Package Cl") == [])
    #expect(candidates("count roadster Electric Cl") == ["Climate"])
  }

  @Test(arguments: [("gb", "gbp"), ("GB", "GBP"), ("Gb", "gbp"), ("", "gbp"), ("4", "4wd")])
  func completionsFollowTheCaseTyped(typed: String, expected: String) {
    #expect(Completer.matchingCase(expected.uppercased(), typed: typed) == expected)
  }
}
