import Foundation
import TestSupport
import Testing

/// `revalidate` and the store's note on opening with a changed catalog (SPEC §16), run as a
/// user runs them: a store made under `Examples/lineup.json`, then the same file changed to a
/// next version that forbids red paint with the sport package and raises blue's surcharge.
/// Every expected figure comes from a separate `build` run under the version it belongs to.
@Suite struct RevalidationTests {
  static let environment = ["CONFIGURATOR_TODAY": "2026-12-02"]

  /// The next version: one rule more, blue dearer by $105.00.
  static func nextVersion(of data: Data) throws -> Data {
    var catalog = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    var models = try #require(catalog["models"] as? [[String: Any]])
    var hatch = models[0]
    #expect(hatch["id"] as? String == "hatch")
    var rules = try #require(hatch["rules"] as? [[String: Any]])
    rules.append([
      "id": "no-red-sport", "rule": "!(paint=red & extras=sport)",
      "message": "Red is not offered with the sport package.",
    ])
    hatch["rules"] = rules
    var equipment = try #require(hatch["equipment"] as? [[String: Any]])
    var paint = equipment[0]
    var choices = try #require(paint["choices"] as? [[String: Any]])
    let blue = try #require(choices.firstIndex { $0["id"] as? String == "blue" })
    #expect(choices[blue]["surcharge"] as? String == "895.00")
    choices[blue]["surcharge"] = "1000.00"
    paint["choices"] = choices
    equipment[0] = paint
    hatch["equipment"] = equipment
    models[0] = hatch
    catalog["models"] = models
    return try JSONSerialization.data(withJSONObject: catalog)
  }

  /// The next version of `Examples/lineup.json` that drops the hatch's red paint.
  static func withoutRed(_ data: Data) throws -> Data {
    var next = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    var models = try #require(next["models"] as? [[String: Any]])
    var equipment = try #require(models[0]["equipment"] as? [[String: Any]])
    let choices = try #require(equipment[0]["choices"] as? [[String: Any]])
    equipment[0]["choices"] = choices.filter { $0["id"] as? String != "red" }
    models[0]["equipment"] = equipment
    next["models"] = models
    return try JSONSerialization.data(withJSONObject: next)
  }

  /// The price `build` gives for these choices under a catalog, in cents.
  static func price(_ choices: [String], catalog: String, in folder: URL) throws -> Int {
    let run = try BinaryRunner.run(
      ["--clean", "--catalog", catalog, "--format", "json", "build", "hatch"] + choices,
      environment: environment, directory: folder)
    #expect(run.status == 0, "\(run.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let price = try #require(object["price"] as? [String: Any])
    return try #require(price["minorUnits"] as? Int)
  }

  @Test func recordsMadeUnderTheOldVersionAreCheckedAgainstTheNew() throws {
    let folder = try OutputFileTests.folder("revalidate")
    let old = try Data(contentsOf: URL(fileURLWithPath: "Examples/lineup.json"))
    let next = try Self.nextVersion(of: old)
    let catalog = folder.appendingPathComponent("lineup.json")
    try old.write(to: catalog)
    try next.write(to: folder.appendingPathComponent("next.json"))
    func run(_ arguments: [String]) throws -> BinaryRunner.Result {
      try BinaryRunner.run(
        ["--store", "s.json"] + arguments, environment: Self.environment, directory: folder)
    }
    for command in [
      ["--clean", "--catalog", "lineup.json", "build", "hatch", "paint=red", "extras=sport"],
      ["build", "hatch", "paint=blue"], ["stock", "add", "1"], ["quote", "1"],
      ["order", "Q-1"], ["configure", "hatch", "paint=red", "extras=sport"],
    ] {
      let made = try run(command)
      #expect(made.status == 0, "\(command): \(made.stderr)")
    }
    let unchanged = try run(["revalidate"])
    #expect(unchanged.status == 0, "\(unchanged.stderr)")
    #expect(
      unchanged.stdout.hasPrefix(
        "6 records checked against the catalogs in force on 2026-12-02: every one stands.\n"
      ))

    // The next version, in the same file: the store's remembered catalog has changed.
    try next.write(to: catalog)
    let refused = try run(["builds"])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("catalog '\(catalog.path)' has changed since it was recorded"))
    let checked = try run(["--catalog", "lineup.json", "--format", "json", "revalidate"])
    #expect(checked.status == 1)
    #expect(
      checked.stderr.contains(
        "changed since store 's.json' recorded it; 6 records were made under another version "
          + "('revalidate' checks them)"))
    #expect(
      checked.stderr.contains("revalidate: 5 of 6 records do not stand under the catalogs in force")
    )
    let objects = try checked.stdout.split(separator: "\n").map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
    #expect(
      objects.map { $0["record"] as? String } == [
        "#1", "#2", "S-1 (#1)", "Q-1 (#1)", "O-1 (#1)", "car",
      ])
    #expect(
      objects.map { $0["state"] as? String } == [
        "invalid", "valid", "invalid", "invalid", "invalid", "invalid",
      ])

    // Each way out of the conflict is one choice dropped (no smaller one exists: both choices
    // together conflict, each alone builds), priced as `build` prices what is left, cheapest
    // first.
    let keepRed = try Self.price(["paint=red"], catalog: "next.json", in: folder)
    let keepSport = try Self.price(["extras=sport"], catalog: "next.json", in: folder)
    var expected = [(["extras=sport"], keepRed), (["paint=red"], keepSport)]
    expected.sort { $0.1 < $1.1 }
    for object in objects where object["state"] as? String == "invalid" {
      let conflict = try #require(object["conflict"] as? [String: Any])
      let rules = try #require(conflict["rules"] as? [[String: Any]])
      #expect(rules.map { $0["id"] as? String } == ["no-red-sport"])
      let ways = try #require(conflict["waysOut"] as? [[String: Any]])
      #expect(ways.map { $0["drop"] as? [String] ?? [] } == expected.map(\.0))
      #expect(
        try ways.map { way in
          try #require((way["price"] as? [String: Any])?["minorUnits"] as? Int)
        } == expected.map(\.1))
    }
    // The blue build stands, at the new surcharge, with its old price beside.
    let blue = objects[1]
    let blueNow = try Self.price(["paint=blue"], catalog: "next.json", in: folder)
    let blueThen = try Self.price(
      ["paint=blue"], catalog: URL(fileURLWithPath: "Examples/lineup.json").path, in: folder)
    #expect(blueNow - blueThen == 10_500)
    #expect((blue["price"] as? [String: Any])?["minorUnits"] as? Int == blueNow)
    #expect((blue["previousPrice"] as? [String: Any])?["minorUnits"] as? Int == blueThen)

    // The text names the rule and the ways out; CSV has one row per record.
    let text = try run(["--catalog", "lineup.json", "revalidate"])
    #expect(text.stdout.contains("#1        hatch  invalid  paint=red and extras=sport conflict"))
    let csv = try run(["--catalog", "lineup.json", "--format", "csv", "revalidate"])
    #expect(csv.stdout.split(separator: "\n").first == "record,kind,model,state,detail,choices")
    #expect(csv.stdout.split(separator: "\n").count == 7)
  }
  /// A value that stops being offered: a build made while it was stands until its last day
  /// and not after (`--as-of`), with the reason the catalog's dates give.
  @Test func aBuildOfAValueNoLongerOfferedDoesNotStandAfterItsLastDay() throws {
    let folder = try OutputFileTests.folder("revalidate-dates")
    let catalog = URL(fileURLWithPath: "Examples/modelyear.json").path
    func run(_ arguments: [String]) throws -> BinaryRunner.Result {
      try BinaryRunner.run(
        ["--store", "s.json"] + arguments, environment: Self.environment, directory: folder)
    }
    let made = try run(["--clean", "--catalog", catalog, "build", "van", "paint=grey"])
    #expect(made.status == 0, "\(made.stderr)")
    let lastDay = try run(["--as-of", "2026-12-31", "revalidate"])
    #expect(lastDay.status == 0, "\(lastDay.stderr)")
    let after = try run(["--as-of", "2027-01-01", "revalidate"])
    #expect(after.status == 1)
    #expect(
      after.stdout.hasPrefix(
        "1 record checked against the catalogs in force on 2027-01-01: 1 does not stand.\n"))
    #expect(after.stdout.contains("paint=grey is not possible (offered until 2026-12-31)"))
  }
  /// The next version drops a value a build holds: the store still opens, `builds` says
  /// the build can no longer be made, and `revalidate` says which value is gone.
  @Test func aStoreWhoseBuildHoldsADroppedValueOpensAndIsRevalidated() throws {
    let folder = try OutputFileTests.folder("revalidate-dropped")
    let old = try Data(contentsOf: URL(fileURLWithPath: "Examples/lineup.json"))
    let catalog = folder.appendingPathComponent("lineup.json")
    try old.write(to: catalog)
    func run(_ arguments: [String]) throws -> BinaryRunner.Result {
      try BinaryRunner.run(
        ["--store", "s.json"] + arguments, environment: Self.environment, directory: folder)
    }
    let made = try run(["--clean", "--catalog", "lineup.json", "build", "hatch", "paint=red"])
    #expect(made.status == 0, "\(made.stderr)")
    try Self.withoutRed(old).write(to: catalog)
    let builds = try run(["--catalog", "lineup.json", "builds"])
    #expect(builds.status == 0, "\(builds.stderr)")
    let note =
      "1 build (#1) can no longer be made under the models in force ('revalidate' says why)"
    #expect(builds.stdout == note + ".\n")
    // JSON names the build left out; CSV, whose table has no room for it, says so on stderr.
    let json = try run(["--catalog", "lineup.json", "--format", "json", "builds"])
    #expect(json.stdout == #"{"type":"builds","builds":[],"unmakeable":[1]}"# + "\n")
    let csv = try run(["--catalog", "lineup.json", "--format", "csv", "builds"])
    #expect(csv.status == 0)
    #expect(csv.stdout.split(separator: "\n").count == 1)
    #expect(csv.stderr.hasSuffix("configurator: " + note + "\n"))
    let checked = try run(["--catalog", "lineup.json", "revalidate"])
    #expect(checked.status == 1)
    #expect(
      checked.stdout.contains("#1      hatch  invalid  model 'hatch' no longer offers 'paint=red'"))
    let stocked = try run(["--catalog", "lineup.json", "stock", "add", "1"])
    #expect(
      stocked.stderr.hasSuffix("stock add: build #1 of model 'hatch' can no longer be made\n"))
  }

  /// A working car holding a value the next version dropped: the store opens, the car shows
  /// it is left out, `revalidate` names it, the next change drops it and `undo` brings it back.
  @Test func aWorkingCarHoldingADroppedValueOpensAndSaysSo() throws {
    let folder = try OutputFileTests.folder("revalidate-car")
    let old = try Data(contentsOf: URL(fileURLWithPath: "Examples/lineup.json"))
    let catalog = folder.appendingPathComponent("lineup.json")
    try old.write(to: catalog)
    func run(_ arguments: [String]) throws -> BinaryRunner.Result {
      try BinaryRunner.run(
        ["--store", "s.json", "--catalog", "lineup.json"] + arguments,
        environment: Self.environment, directory: folder)
    }
    let made = try BinaryRunner.run(
      [
        "--store", "s.json", "--clean", "--catalog", "lineup.json", "configure", "hatch",
        "paint=red", "extras=sport",
      ],
      environment: Self.environment, directory: folder)
    #expect(made.status == 0, "\(made.stderr)")
    try Self.withoutRed(old).write(to: catalog)

    let shown = try run(["car"])
    #expect(shown.status == 0, "\(shown.stderr)")
    #expect(shown.stderr.contains("1 record was made under another version"))
    #expect(shown.stdout.contains("Choices: extras=sport\n"))
    #expect(
      shown.stdout.contains(
        "Left out: paint=red (no longer offered by the catalog in force; the next change "
          + "drops it, undo brings it back)\n"))
    let json = try run(["--format", "json", "car"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["gone"] as? [String] == ["paint=red"])
    #expect(object["choices"] as? [String] == ["extras=sport"])
    let checked = try run(["revalidate"])
    #expect(checked.status == 1)
    #expect(
      checked.stdout.contains("car     hatch  invalid  model 'hatch' no longer offers 'paint=red'"))

    let changed = try run(["paint=blue"])
    #expect(changed.status == 0, "\(changed.stderr)")
    let after = try run(["car"])
    #expect(after.stdout.contains("Choices: extras=sport, paint=blue\n"))
    #expect(!after.stdout.contains("Left out"))
    let undone = try run(["undo"])
    #expect(undone.status == 0, "\(undone.stderr)")
    let back = try run(["--format", "json", "car"])
    let restored = try #require(
      try JSONSerialization.jsonObject(with: Data(back.stdout.utf8)) as? [String: Any])
    #expect(restored["gone"] as? [String] == ["paint=red"])
  }

  /// Each build records the catalog it was made under, so the note on opening counts the
  /// records of the file that changed, and only those made under another version of it: a
  /// store made under two catalogs, one of them changed and changed back.
  @Test func theOpeningNoteCountsEachRecordByTheCatalogItWasMadeUnder() throws {
    let folder = try OutputFileTests.folder("revalidate-digests")
    try Data(contentsOf: URL(fileURLWithPath: "Examples/lineup.json"))
      .write(to: folder.appendingPathComponent("lineup.json"))
    let bike = folder.appendingPathComponent("bike.uvl")
    let first = "features\n    Bike\n        optional\n            Bell\n"
    let second = first + "            Light\n"
    try Data(first.utf8).write(to: bike)
    func run(_ arguments: [String]) throws -> BinaryRunner.Result {
      try BinaryRunner.run(
        ["--store", "s.json", "--catalog", "lineup.json", "--catalog", "bike.uvl"] + arguments,
        environment: Self.environment, directory: folder)
    }
    let setUp = try BinaryRunner.run(
      [
        "--store", "s.json", "--clean", "--catalog", "lineup.json", "--catalog", "bike.uvl",
        "build", "hatch", "paint=red",
      ],
      environment: Self.environment, directory: folder)
    #expect(setUp.status == 0, "\(setUp.stderr)")
    for command in [["build", "bike", "Bell"], ["build", "hatch", "paint=blue"], ["quote", "2"]] {
      let made = try run(command)
      #expect(made.status == 0, "\(command): \(made.stderr)")
      #expect(made.stderr.isEmpty, "\(command): \(made.stderr)")
    }
    func note(_ records: Int) -> String {
      "configurator: \(bike.path): changed since store 's.json' recorded it; "
        + (records == 1 ? "1 record was" : "\(records) records were")
        + " made under another version ('revalidate' checks them)\n"
    }
    // The UVL file's next version: its build and the quote of it count, the hatch builds
    // (of the unchanged JSON catalog) do not.
    try Data(second.utf8).write(to: bike)
    let opened = try run(["builds"])
    #expect(opened.status == 0)
    #expect(opened.stderr == note(2))
    // A build made now is made under the new version, which the store records.
    let light = try run(["build", "bike", "Light"])
    #expect(light.status == 0, "\(light.stderr)")
    #expect(try run(["builds"]).stderr.isEmpty)
    // Back to the first version: only the build made under the second counts now.
    try Data(first.utf8).write(to: bike)
    let back = try run(["builds"])
    #expect(back.stderr.hasPrefix(note(1)))
  }

  /// A quote whose build was removed has nothing left to check: unchecked, not invalid.
  @Test func aQuoteWhoseBuildWasRemovedIsUncheckedNotInvalid() throws {
    let folder = try OutputFileTests.folder("revalidate-removed")
    func run(_ arguments: [String]) throws -> BinaryRunner.Result {
      try BinaryRunner.run(
        ["--store", "s.json"] + arguments, environment: Self.environment, directory: folder)
    }
    for command in [["build", "sports"], ["quote", "1"], ["remove", "1"]] {
      let made = try run(command)
      #expect(made.status == 0, "\(command): \(made.stderr)")
    }
    let checked = try run(["revalidate"])
    #expect(checked.status == 0, "\(checked.stderr)")
    #expect(
      checked.stdout
        == "1 record checked against the catalogs in force on 2026-12-02: none invalid, "
        + "1 unchecked.\nRECORD    MODEL  STATE      DETAIL\n"
        + "Q-1 (#1)  -      unchecked  its build was removed; nothing left to check\n")
  }
}
