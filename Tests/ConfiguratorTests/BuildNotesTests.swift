import Foundation
import TestSupport
import Testing

@testable import Dealership
@testable import configurator

/// `show N` gives the detail block `build` gave (SPEC §4, §7): the values a model's rules
/// forced keep their `(forced by …)`, and a UVL build its chosen / forced / by-default
/// counts, in the session, through `save`/`load` and through a store between processes.
@Suite struct BuildNotesTests {
  private static let lineup = examplesFolder.appendingPathComponent("lineup.json").path
  private static let roadster = examplesFolder.appendingPathComponent("roadster.uvl").path

  @Test(arguments: [
    ("catalog load \(lineup)", "build van extras=tow"),
    ("catalog load \(lineup)", "build hatch extras=sport paint=red"),
    ("catalog load \(lineup)", "build hatch drive=4wd"),
    ("catalog load \(roadster)", "build roadster Hard_Top Climate"),
  ])
  func showRepeatsTheBlockTheBuildGave(_ load: String, _ build: String) throws {
    for format in [OutputFormat.text, .json] {
      let harness = SessionHarness(format: format)
      try harness.run(load)
      let made = try harness.run(build)
      #expect(
        made.contains("forced") || made.contains("instead of") || made.contains("insteadOf"),
        "\(build) notes nothing: the case shows nothing")
      #expect(try harness.run("show 1") == made)
      #expect(try harness.runScript("show 1") == made)
    }
  }

  @Test func saveAndLoadKeepTheNotes() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let harness = SessionHarness()
    try harness.run("catalog load \(Self.lineup)")
    try harness.run("catalog load \(Self.roadster)")
    let van = try harness.run("build van extras=tow")
    let roadster = try harness.run("build roadster Hard_Top Climate")
    try harness.run("save \(scratch.path("s.json"))")

    let other = SessionHarness()
    try other.run("catalog load \(Self.lineup)")
    try other.run("catalog load \(Self.roadster)")
    try other.run("load \(scratch.path("s.json"))")
    #expect(try other.run("show 1") == van)
    #expect(try other.run("show 2").hasSuffix(roadster.drop { $0 != "\n" }))
    #expect(try other.run("show 2").contains("(2 chosen, 5 forced, 2 by default)"))
  }

  @Test func aStoreKeepsTheNotesBetweenProcesses() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let common = ["--store", scratch.path("day.json"), "--catalog", Self.lineup]
    let built = try BinaryRunner.run(common + ["build", "van", "extras=tow"])
    let shown = try BinaryRunner.run(common + ["show", "1"])
    #expect(built.status == 0)
    #expect(built.stdout.contains("Drive: 4WD (forced by tow-needs-4wd)"))
    #expect(shown.stdout == built.stdout)
  }

  /// A file from before notes were kept loads, and its builds show without them.
  @Test func aFileWithoutNotesStillLoads() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let harness = SessionHarness()
    try harness.run("catalog load \(Self.lineup)")
    try harness.run("build van extras=tow")
    try harness.run("save \(scratch.path("s.json"))")
    let text = try String(contentsOfFile: scratch.path("s.json"), encoding: .utf8)
    let start = try #require(text.range(of: #","notes":{"#))
    // The notes object ends where its braces balance.
    var depth = 0
    var end = start.upperBound
    for index in text[start.lowerBound...].indices {
      if text[index] == "{" { depth += 1 }
      if text[index] == "}" {
        depth -= 1
        if depth == 0 {
          end = text.index(after: index)
          break
        }
      }
    }
    try scratch.write(
      text.replacingCharacters(in: start.lowerBound..<end, with: ""), to: "old.json")
    try harness.run("load \(scratch.path("old.json"))")
    let shown = try harness.run("show 1")
    #expect(shown.contains("Drive: 4WD\n"))
    #expect(!shown.contains("forced"))
  }

  /// A version 1 file kept a build's notes as words: they load and show as they were.
  @Test func aVersionOneFileKeepsItsWordedNotes() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let harness = SessionHarness()
    try harness.run("catalog load \(Self.lineup)")
    let made = try harness.run("build van extras=tow")
    try harness.run("save \(scratch.path("s.json"))")
    var text = try String(contentsOfFile: scratch.path("s.json"), encoding: .utf8)
    text = text.replacingOccurrences(of: #""version": 9"#, with: #""version": 1"#)
    let start = try #require(text.range(of: #""drive=4wd":{"#))
    let end = try #require(text.range(of: "]}", range: start.upperBound..<text.endIndex))
    text.replaceSubrange(start.lowerBound..<end.upperBound, with: #""drive=4wd":"forced by hand""#)
    try scratch.write(text, to: "old.json")
    let other = SessionHarness()
    try other.run("catalog load \(Self.lineup)")
    try other.run("load \(scratch.path("old.json"))")
    let shown = try other.run("show 1")
    #expect(shown.contains("Drive: 4WD (forced by hand)\n"))
    #expect(
      shown.replacingOccurrences(of: "forced by hand", with: "forced by tow-needs-4wd") == made)
  }
}
