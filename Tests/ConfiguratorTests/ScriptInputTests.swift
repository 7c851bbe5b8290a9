import CarFactory
import Foundation
import TestSupport
import Testing

@testable import Dealership
@testable import configurator

/// Forgiving script input (SPEC §9): a byte order mark at the start of a script is skipped,
/// and `#` outside quotes starts a comment anywhere on a line.
@Suite struct ScriptInputTests {
  static let byteOrderMark = "\u{FEFF}"
  static let sportsBlock = ScriptCacheTests.sportsBlock

  @Test func aByteOrderMarkOnStandardInputIsSkipped() throws {
    let result = try BinaryRunner.run([], stdin: Self.byteOrderMark + "build sports\n")
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.stdout == "Build #1\n" + Self.sportsBlock)
  }

  @Test func aByteOrderMarkInAScriptFileIsSkippedWithDashF() throws {
    let folder = try temporaryFolder()
    let script = folder.appendingPathComponent("bom.script")
    try Data((Self.byteOrderMark + "build sports\r\nbuilds\r\n").utf8).write(to: script)
    let result = try BinaryRunner.run(["-f", script.path])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.stdout.hasPrefix("Build #1\n" + Self.sportsBlock))
  }

  @Test func aByteOrderMarkInAReadScriptIsSkipped() throws {
    let folder = try temporaryFolder()
    let script = folder.appendingPathComponent("bom.script")
    try Data((Self.byteOrderMark + "build sports\n").utf8).write(to: script)
    let result = try BinaryRunner.run([], stdin: "read \(script.path)\nbuild sports\n")
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.stdout == "Build #1\n" + Self.sportsBlock + "Build #2\n" + Self.sportsBlock)
  }

  @Test func aByteOrderMarkLaterInTheScriptIsNotSkipped() throws {
    let result = try BinaryRunner.run([], stdin: "build sports\n" + Self.byteOrderMark + "builds\n")
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("configurator: line 2: unknown command"))
  }

  @Test(arguments: [
    "build sports # a note", "build sports #note", "build sports\t# note", "  build sports#",
    "build 'sports' # it's quoted before the comment",
  ])
  func aTrailingCommentIsIgnored(line: String) throws {
    let harness = SessionHarness()
    #expect(try harness.run(line) == "Build #1\n" + Self.sportsBlock)
  }

  @Test(arguments: ["   # only a comment", "\t#", "#", "  ", ""])
  func aLineThatIsOnlyACommentDoesNothing(line: String) throws {
    let harness = SessionHarness()
    #expect(try harness.run(line) == "")
    #expect(harness.session.state.builds.isEmpty)
  }

  @Test func aQuotedHashIsKept() {
    let harness = SessionHarness()
    #expect(harness.failure("build \"a#b\"")?.contains("'a#b'") == true)
    #expect(harness.failure("build 'sp#orts' # not this")?.contains("'sp#orts'") == true)
    // Unquoted, the `#` starts the comment: `a` is the model asked for.
    #expect(harness.failure("build a#b")?.contains("'a'") == true)
  }

  @Test func echoPrintsACommandWithItsCommentButNotACommentLine() throws {
    let result = try BinaryRunner.run(["--echo"], stdin: "# header\nbuild sports # first\n")
    #expect(result.stdout == "> build sports # first\n" + "Build #1\n" + Self.sportsBlock)
  }

  @Test func linesDifferingOnlyInTheirCommentMakeTheSameBuildCachedOrNot() throws {
    for replaying in [true, false] {
      let session = Session(
        registry: CarRegistry(), format: .text, out: OutputStream(), err: OutputStream())
      session.options.memo = replaying ? .everything : .none
      for line in ["build sports # a", "build sports # b", "build sports # a", "build sports"] {
        var bytes = Array(line.utf8)
        _ = try bytes.withUnsafeMutableBufferPointer { buffer in
          try session.runScriptLine(UnsafeBufferPointer(buffer))
        }
      }
      #expect(session.out.text == (1...4).map { "Build #\($0)\n" + Self.sportsBlock }.joined())
      #expect(Set(session.state.builds.records.map(\.options)) == [PartChoices()])
    }
  }
}

/// Builds read by their bytes follow the models in force: a catalog that replaces a model
/// is seen by the next build, cached line or not.
@Suite struct BuildKeyCatalogTests {
  @Test func aBuildAfterACatalogReplacesItsModelUsesTheNewModel() throws {
    let folder = try temporaryFolder()
    let catalog = folder.appendingPathComponent("hummer.json")
    try Data(
      """
      {"version": 1, "models": [{"id": "suv", "replace": true, "carType": "Hummer H2",
        "basePrice": "61000.00", "floorplan": "long", "suspension": "soft", "drive": "4wd"}]}
      """.utf8
    ).write(to: catalog)
    for replaying in [true, false] {
      let harness = SessionHarness()
      harness.session.options.memo = replaying ? .everything : .none
      for line in ["build suv", "build suv", "catalog load \(catalog.path)", "build suv"] {
        var bytes = Array(line.utf8)
        _ = try bytes.withUnsafeMutableBufferPointer { buffer in
          try harness.session.runScriptLine(UnsafeBufferPointer(buffer))
        }
      }
      let text = harness.out.text
      #expect(
        text.hasSuffix(
          "Build #3\nCar type: Hummer H2\n"
            + "Seats: 8\nEngine: Front\nSuspension: Soft\nDrive: 4WD\nPrice: $61,000.00\n"))
    }
  }
}
