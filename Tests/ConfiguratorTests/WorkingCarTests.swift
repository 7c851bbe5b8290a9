import CarFactory
import Foundation
import TestSupport
import Testing

@testable import Dealership
@testable import configurator

/// The working car (SPEC §11) against the stateless commands it must agree with: after every
/// change its price is the price `build` gives its choices, what the change decided is what
/// `options` says changed, a conflict is the one `build` reports, and each way out costs what
/// `build` says of the choices it leaves. `build` and `options` are checked against brute
/// force in the library's tests; here the car is checked against them.
@Suite struct WorkingCarTests {
  private static let lineup = examplesFolder.appendingPathComponent("lineup.json").path
  private static let roadster = examplesFolder.appendingPathComponent("roadster.uvl").path

  private static func harness(_ format: OutputFormat = .json) throws -> SessionHarness {
    let harness = SessionHarness(format: format)
    try harness.run("catalog load \(lineup)")
    try harness.run("catalog load \(roadster)")
    return harness
  }

  private static func object(_ line: String) -> [String: Any] {
    let first = line.split(separator: "\n").first.map(String.init) ?? ""
    return (try? JSONSerialization.jsonObject(with: Data(first.utf8))) as? [String: Any] ?? [:]
  }

  private static func amount(_ value: Any?) -> String? {
    (value as? [String: Any])?["amount"] as? String
  }

  /// Every value's state under choices, as `options` gives it.
  private static func states(_ harness: SessionHarness, _ model: String, _ choices: [String])
    throws -> [String: String]
  {
    let options = object(
      try harness.run("options \(model) \(choices.map(quoted).joined(separator: " "))"))
    var states: [String: String] = [:]
    for case let value as [String: Any] in options["values"] as? [Any] ?? [] {
      if let atom = value["atom"] as? String, let state = value["state"] as? String {
        states[atom] = state
      }
    }
    return states
  }

  private static func quoted(_ atom: String) -> String {
    atom.contains(" ") ? "\"\(atom)\"" : atom
  }

  /// The price `build` gives choices (the build is removed again).
  private static func buildPrice(_ harness: SessionHarness, _ model: String, _ choices: [String])
    throws -> String?
  {
    let build = object(
      try harness.run("build \(model) \(choices.map(quoted).joined(separator: " "))"))
    if let number = build["build"] as? Int { try harness.run("remove \(number)") }
    return amount(build["price"])
  }

  // MARK: a walk of random changes

  @Test(arguments: ["hatch", "van", "roadster"])
  func randomChangesAgreeWithBuildAndOptions(model: String) throws {
    let harness = try Self.harness()
    var random = SplitMix(seed: UInt64(model.utf8.count) * 7919)
    let atoms = try Self.states(harness, model, []).keys.sorted()
    // The group of each value of a slot or `one` group (exactly one value of it is held).
    let line = try harness.session.state.catalogs.configurator(named: model).line
    var oneOfGroup: [String: Int] = [:]
    for value in line.values {
      switch line.groups[value.group].kind {
      case .slot(_), .one: oneOfGroup[value.atom] = value.group
      case .any, .feature: break
      }
    }
    try harness.run("configure \(model)")
    var choices: [String] = []
    var conflicts = 0
    for _ in 0..<60 {
      let atom = atoms[Int(random.next() % UInt64(atoms.count))]
      let word = (random.next() % 4 == 0 ? "-" : "+") + Self.quoted(atom)
      let before = try Self.states(harness, model, choices)
      let reply = Self.object(try harness.run(word))
      #expect(reply["type"] as? String == "car")
      let replyChoices = reply["choices"] as? [String] ?? []
      if reply["event"] as? String == "refused" {
        conflicts += 1
        // Refused: the car is as it was, and `build` refuses the same choices.
        #expect(replyChoices == choices)
        let conflict = reply["conflict"] as? [String: Any] ?? [:]
        let ways = conflict["waysOut"] as? [[String: Any]] ?? []
        #expect(ways.last?["drop"] as? [String] == [])
        #expect(Self.amount(ways.last?["price"]) == Self.amount(reply["price"]))
        // Each way out costs what `build` says of the choices it leaves; take one at random.
        let take = Int(random.next() % UInt64(max(ways.count, 1))) + 1
        let fixed = Self.object(try harness.run("fix \(take)"))
        #expect(fixed["event"] as? String == "changed")
        #expect(Self.amount(fixed["price"]) == Self.amount(ways[take - 1]["price"]))
        choices = fixed["choices"] as? [String] ?? []
        #expect(try Self.buildPrice(harness, model, choices) == Self.amount(fixed["price"]))
        continue
      }
      #expect(reply["event"] as? String == "changed")
      choices = replyChoices
      // The running price is what `build` makes of the choices.
      #expect(try Self.buildPrice(harness, model, choices) == Self.amount(reply["price"]))
      // What the change decided: values forced or excluded now that were not before,
      // the user's own choices aside, and the rest of a slot or `one` group once one of
      // its values is chosen or forced.
      let after = try Self.states(harness, model, choices)
      let own = Set(choices.map { $0.hasPrefix("-") ? String($0.dropFirst()) : $0 })
      let settled = Set(
        after.keys.filter { after[$0] == "chosen" || after[$0] == "forced" }
          .compactMap { oneOfGroup[$0] })
      let expected = after.keys.filter { atom in
        (after[atom] == "forced" || after[atom] == "excluded") && before[atom] != after[atom]
          && !own.contains(atom)
          && !(after[atom] == "excluded" && oneOfGroup[atom].map(settled.contains) == true)
      }.sorted()
      // Those that entered or left the car are named there, with their causes; `changes`
      // holds the others.
      let changes = reply["changes"] as? [[String: Any]] ?? []
      let changed = Set(changes.compactMap { $0["atom"] as? String })
      let moved = Set(
        ((reply["added"] as? [[String: Any]] ?? []) + (reply["removed"] as? [[String: Any]] ?? []))
          .compactMap { $0["atom"] as? String })
      #expect(changed.isSubset(of: expected), "\(word)")
      #expect(Set(expected).isSubset(of: changed.union(moved)), "\(word)")
      #expect(changed.isDisjoint(with: moved), "\(word)")
      for change in changes {
        let atom = change["atom"] as? String ?? ""
        #expect(change["state"] as? String == after[atom])
        #expect(change["reason"] is [String: Any])
      }
    }
    // The walk met conflicts and the car ended where its last choices lead.
    #expect(conflicts > 0)
    let shown = Self.object(try harness.run("car"))
    #expect(shown["choices"] as? [String] == choices)
  }

  // MARK: no car open

  @Test(arguments: [
    ("+extras=tow", "choose"), ("drop extras=tow", "drop"), ("undo", "undo"), ("redo", "redo"),
    ("fix 1", "fix"), ("car", "car"), ("done", "done"), ("discard", "discard"),
  ])
  func aCarCommandWithoutACarNamesItself(line: String, command: String) throws {
    let harness = try Self.harness(.text)
    #expect(
      harness.failure(line)
        == "\(command): no working car is open (open one with 'configure MODEL')")
  }

  @Test(arguments: ["+Hard_Tpo", "-Hard_Tpo", "choose Hard_Tpo"])
  func anUnknownFeatureIsNamedWithoutItsSign(line: String) throws {
    let harness = try Self.harness(.text)
    try harness.run("configure roadster")
    #expect(
      harness.failure(line)
        == "unknown feature 'Hard_Tpo'; did you mean 'Hard_Top'? in model 'roadster'")
  }

  // MARK: undo, redo and the history

  @Test func undoAndRedoWalkTheChangesBackAndForth() throws {
    let harness = try Self.harness(.text)
    try harness.run("configure hatch")
    let prices = [
      try harness.run("+extras=tow"), try harness.run("paint=red"), try harness.run("+wheels=18in"),
    ]
    #expect(
      prices[0] == "+extras=tow: $30,550.00 (+$650.00)\n"
        + "  Extras: Tow hitch (+$650.00), your choice\n" + "  Weight: 1,314.5 kg (+34.5 kg)\n"
        + "  excluded extras=sport: tow-no-sport: The sport package has no room for a tow hitch."
        + " (because you chose extras=tow)\n")
    #expect(prices[1].hasPrefix("+paint=red: $31,200.00 (+$650.00)\n"))
    #expect(prices[2].hasPrefix("+wheels=18in: $33,640.00 (+$2,440.00)\n"))
    #expect(try harness.run("undo").hasPrefix("undo +wheels=18in: $31,200.00 (-$2,440.00)\n"))
    #expect(try harness.run("undo").hasPrefix("undo +paint=red: $30,550.00 (-$650.00)\n"))
    #expect(try harness.run("redo").hasPrefix("redo +paint=red: $31,200.00 (+$650.00)\n"))
    #expect(harness.session.state.car?.choices == ["extras=tow", "paint=red"])
    // A new change forgets what could be redone.
    try harness.run("+interior=sport")
    #expect(harness.failure("redo") == "redo: nothing to redo")
    for _ in 0..<3 { try harness.run("undo") }
    #expect(harness.session.state.car?.choices == [])
    #expect(harness.failure("undo") == "undo: nothing to undo since the car was opened")
  }

  @Test func aValueChosenInAOneGroupTakesThePlaceOfTheEarlierOne() throws {
    let harness = try Self.harness(.text)
    try harness.run("configure hatch paint=red")
    try harness.run("paint=black")
    #expect(harness.session.state.car?.choices == ["paint=black"])
    // In an `any` group choices add up, and a value ruled out replaces its choice.
    try harness.run("+extras=nav")
    try harness.run("extras=heated,winter")
    try harness.run("-extras=nav")
    #expect(
      harness.session.state.car?.choices == [
        "paint=black", "extras=heated", "extras=winter", "-extras=nav",
      ])
  }

  @Test func dropTakesBackOnlyTheUsersOwnChoices() throws {
    let harness = try Self.harness(.text)
    try harness.run("configure van extras=tow")
    #expect(
      harness.failure("drop drive=4wd")
        == "drop: you did not choose drive=4wd (choices: extras=tow)")
    // The tow hitch took 4WD and the winter package with it: 38 + 85 + 4 + 3.5 kg, 29 kW.
    #expect(
      try harness.run("drop extras=tow")
        == "drop extras=tow: $41,200.00 (-$4,750.00)\n"
        + "  Drive: Front instead of 4WD (-$2,900.00), the default again\n"
        + "  Extras: Tow hitch out (-$650.00), your choice taken back\n"
        + "  Extras: Winter package out (-$1,200.00), no longer needed\n"
        + "  Extras: Heated seats out (+$0.00), left with Winter package\n"
        + "  Weight: 1,980.0 kg (-130.5 kg)\n  Power: 81 kW (-29 kW)\n")
    #expect(harness.session.state.car?.choices == [])
  }

  // MARK: conflicts

  @Test func aConflictLeavesTheCarAndNumbersTheWaysOut() throws {
    let harness = try Self.harness(.text)
    try harness.run("configure van paint=red")
    let refused = try harness.run("+extras=tow")
    #expect(
      refused == """
        +extras=tow: not applied: paint=red and extras=tow conflict (tow-needs-4wd: A tow hitch \
        needs four-wheel drive.; no-red-4wd: !(paint=red & drive=4wd)); the car stays as it is
          1) drop paint=red → $45,950.00
          2) keep the car as it is → $42,050.00

        """)
    #expect(harness.session.state.car?.choices == ["paint=red"])
    // The conflict is the one `build` reports for the same choices.
    #expect(
      harness.failure("build van paint=red extras=tow")?.hasPrefix(
        "paint=red and extras=tow conflict (tow-needs-4wd: A tow hitch needs four-wheel drive."
          + "; no-red-4wd: !(paint=red & drive=4wd))") == true)
    #expect(harness.failure("fix 3") == "fix: bad way out '3' (expected 1 to 2)")
    #expect(
      try harness.run("fix 1").hasPrefix("fix 1: drop paint=red, then +extras=tow: $45,950.00"))
    #expect(harness.session.state.car?.choices == ["extras=tow"])
    // The ways out are gone once one is taken; undo goes back to before the fix.
    #expect(harness.failure("fix 1") == "fix: there is no conflict to get out of")
    try harness.run("undo")
    #expect(harness.session.state.car?.choices == ["paint=red"])
  }

  @Test func keepingTheCarAsItIsChangesNothing() throws {
    let harness = try Self.harness(.text)
    try harness.run("configure van paint=red")
    try harness.run("+drive=4wd")
    #expect(try harness.run("fix 2") == "fix 2: keep the car as it is: $42,050.00 (+$0.00)\n")
    #expect(harness.session.state.car?.choices == ["paint=red"])
    #expect(harness.session.state.car?.undo.isEmpty == true)
  }

  // MARK: done, discard, edit

  @Test func doneRecordsTheCarAndEditReopensItsChoices() throws {
    let harness = try Self.harness(.text)
    try harness.run("configure van")
    try harness.run("+extras=tow")
    let done = try harness.run("done")
    #expect(done == (try harness.run("show 1")))
    #expect(done.hasSuffix("Price: $45,950.00\nWeight: 2,110.5 kg\nPower: 110 kW\n"))
    #expect(harness.session.state.car == nil)
    #expect(harness.error("car")?.code == "no-working-car")
    #expect(harness.error("+paint=red")?.code == "no-working-car")
    let edited = try harness.run("edit 1")
    #expect(
      edited.hasPrefix("Working car: van (VW Transporter), from build #1\nChoices: extras=tow\n"))
    try harness.run("drop extras=tow")
    try harness.run("done")
    // Builds never change: build 1 is as it was, the edit is build 2.
    #expect(try harness.run("show 1") == done)
    #expect(
      try harness.run("show 2").hasSuffix("Price: $41,200.00\nWeight: 1,980.0 kg\nPower: 81 kW\n"))
    try harness.run("configure hatch")
    #expect(try harness.run("discard") == "Discarded the working car (hatch).\n")
    #expect(harness.session.state.builds.count == 2)
  }

  @Test func openingACarOverAnotherSaysSo() throws {
    let harness = try Self.harness(.text)
    try harness.run("configure van")
    #expect(
      try harness.run("configure hatch").hasPrefix(
        "Replaced the working car (van: no choices); undo brings it back.\n"
          + "Working car: hatch (VW Golf)\n")
    )
  }

  @Test func aBareFirstWordSaysHowToChooseIt() throws {
    let harness = try Self.harness(.text)
    try harness.run("configure hatch")
    #expect(
      harness.failure("heated")
        == "unknown command 'heated'; to choose it on the working car, write '+heated' or "
        + "'choose heated' (try 'help')")
    #expect(try harness.run("choose heated").hasPrefix("+extras=heated: $30,300.00 (+$400.00)\n"))
  }

  /// A model without prices names none: a change counts what it decided instead.
  @Test func aModelWithoutPricesCountsWhatAChangeDecided() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    try scratch.write(
      """
      features
        Car
          alternative
            Petrol
            Diesel
          optional
            Hitch
      constraints
        Hitch => Diesel
      """, to: "plain.uvl")
    let harness = SessionHarness()
    try harness.run("catalog load \(scratch.path("plain.uvl"))")
    try harness.run("configure plain")
    #expect(
      try harness.run("+Hitch") == """
        +Hitch: 2 in, 1 out
          Petrol out, excluded by constraint 9: Hitch => Diesel; Car takes one of Petrol, \
        Diesel (group) (because you chose Hitch)
          Diesel, forced by constraint 9: Hitch => Diesel (because you chose Hitch)
          Hitch, your choice

        """)
    #expect(
      try harness.run("+Petrol") == """
        +Petrol: not applied: Hitch and Petrol conflict (constraint 9: Hitch => Diesel); the car \
        stays as it is
          1) drop Hitch
          2) keep the car as it is

        """)
    #expect(harness.session.prompt("configurator> ") == "plain> ")
  }

  // MARK: why, rules, options on the car

  @Test func whyAnswersOnTheCarAndOnAnyModel() throws {
    let harness = try Self.harness(.text)
    #expect(
      try harness.run("why van drive=4wd extras=tow")
        == "drive=4wd is forced: tow-needs-4wd: A tow hitch needs four-wheel drive. "
        + "(because you chose extras=tow)\n")
    try harness.run("configure roadster Electric")
    #expect(
      try harness.run("why Manual")
        == "Manual is excluded: constraint 29: Electric => Automatic; Gearbox takes one of "
        + "Manual, Automatic (group) (because you chose Electric)\n")
    #expect(
      try harness.run("why Climate") == "Climate is available: you may choose it or leave it\n")
  }

  @Test func optionsOnTheCarPricesEachValueAdded() throws {
    let harness = try Self.harness()
    try harness.run("configure hatch paint=red")
    let table = Self.object(try harness.run("options"))
    var checked = 0
    for case let value as [String: Any] in table["values"] as? [Any] ?? [] {
      guard let atom = value["atom"] as? String, let with = Self.amount(value["priceWith"])
      else { continue }
      #expect(try Self.buildPrice(harness, "hatch", ["paint=red", atom]) == with, "\(atom)")
      checked += 1
    }
    #expect(checked > 5)
  }

  // MARK: the car in the session

  @Test func thePromptShowsTheCar() throws {
    let harness = try Self.harness(.text)
    #expect(harness.session.prompt("configurator> ") == "configurator> ")
    try harness.run("configure hatch")
    #expect(harness.session.prompt("configurator> ") == "hatch $29,900.00> ")
    try harness.run("+extras=tow")
    #expect(harness.session.prompt("configurator> ") == "hatch $30,550.00> ")
    try harness.run("discard")
    #expect(harness.session.prompt("configurator> ") == "configurator> ")
  }

  @Test func saveAndLoadKeepTheCarAndItsHistory() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let harness = try Self.harness(.text)
    try harness.run("configure van paint=red")
    try harness.run("+extras=heated")
    try harness.run("+extras=tow")
    try harness.run("save \(scratch.path("car.json"))")
    let other = try Self.harness(.text)
    try other.run("load \(scratch.path("car.json"))")
    #expect(other.session.state.car == harness.session.state.car)
    // The ways out and the history came along.
    #expect(try other.run("fix 1").hasPrefix("fix 1: drop paint=red, then +extras=tow"))
    try other.run("undo")
    #expect(other.session.state.car?.choices == ["paint=red", "extras=heated"])
  }

  /// The history is kept as data (session file version 5), not as the words of each change;
  /// the words a version 4 file kept are read back as they were.
  @Test func theHistoryIsDataAndAnOlderFilesWordsStillRead() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let harness = try Self.harness(.text)
    try harness.run("configure van paint=red")
    try harness.run("+extras=heated -extras=tow")
    try harness.run("drop paint=red")
    try harness.run("save \(scratch.path("car.json"))")
    let text = try String(contentsOfFile: scratch.path("car.json"), encoding: .utf8)
    #expect(
      text.contains(
        #"{"edit":{"kind":"choose","atoms":["extras=heated","-extras=tow"]},"choices":["paint=red"]}"#
      ))
    #expect(text.contains(#"{"edit":{"kind":"drop","atoms":["paint=red"]},"#))
    #expect(!text.contains(#""label""#))

    let old =
      text
      .replacingOccurrences(of: #""version": 9"#, with: #""version": 4"#)
      .replacingOccurrences(
        of: #"{"edit":{"kind":"drop","atoms":["paint=red"]},"#, with: #"{"label":"drop paint=red","#
      )
    try old.write(toFile: scratch.path("old.json"), atomically: true, encoding: .utf8)
    let other = try Self.harness(.text)
    try other.run("load \(scratch.path("old.json"))")
    #expect(try other.run("undo").hasPrefix("undo drop paint=red: "))
    #expect(other.session.state.car?.redo.last?.edit == .recorded("drop paint=red"))
    #expect(try other.run("undo").hasPrefix("undo +extras=heated -extras=tow: "))
  }

  /// One car shaped over four processes holding the same store (SPEC §11: `--store` keeps
  /// the car and its history).
  @Test func theStoreCarriesTheCarAcrossProcesses() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = scratch.path("day.json")
    let base = ["--store", store, "--catalog", Self.lineup]
    let steps: [([String], String)] = [
      (["configure", "van"], "Working car: van (VW Transporter)\n"),
      (["+extras=tow"], "+extras=tow: $45,950.00 (+$4,750.00)\n"),
      (["undo"], "undo +extras=tow: $41,200.00 (-$4,750.00)\n"),
      (["redo"], "redo +extras=tow: $45,950.00 (+$4,750.00)\n"),
      (["done"], "Build #1\n"),
    ]
    for (words, start) in steps {
      let result = try BinaryRunner.run(base + words)
      #expect(result.status == 0, "\(words): \(result.stderr)")
      #expect(result.stdout.hasPrefix(start), "\(words): \(result.stdout)")
    }
    let show = try BinaryRunner.run(base + ["show", "1"])
    #expect(show.stdout.hasSuffix("Price: $45,950.00\nWeight: 2,110.5 kg\nPower: 110 kW\n"))
    let car = try BinaryRunner.run(base + ["car"])
    #expect(car.status != 0)
    #expect(car.stderr.contains("no working car is open"))
  }
}
