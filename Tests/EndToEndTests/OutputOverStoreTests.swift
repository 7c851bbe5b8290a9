import Foundation
import TestSupport
import Testing

/// Issue 49: `--output` never replaces the session's own store, whatever the command (a
/// reading one too, which only reads the store) and whatever path names it.
@Suite struct OutputOverStoreTests {
  /// The ways to name the store `s.json` in folder `dir` from `dir`.
  enum Spelling: String, CaseIterable, Sendable {
    case plain = "s.json"
    case dotSlash = "./s.json"
    case absolute = "absolute"
    case parent = "../dir/s.json"
    case symbolicLink = "link.json"
  }

  @Test(arguments: Spelling.allCases, [["builds"], ["stock"], ["build", "sports"]])
  func anOutputNamingTheStoreIsRefusedAndChangesNothing(
    _ spelling: Spelling, _ command: [String]
  ) throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let folder = scratch.url.appendingPathComponent("dir")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    #expect(
      try BinaryRunner.run(["--store", "s.json", "build", "compact"], directory: folder).status == 0
    )
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("link.json").path, withDestinationPath: "s.json")
    let store = folder.appendingPathComponent("s.json").path
    let before = try Data(contentsOf: URL(fileURLWithPath: store))
    let output = spelling == .absolute ? store : spelling.rawValue
    let run = try BinaryRunner.run(
      ["--store", "s.json", "-o", output] + command, directory: folder)
    #expect(run.status == 1)
    #expect(run.stdout == "")
    #expect(
      run.stderr == "configurator: --output: cannot write '\(output)': it is this session's store\n"
    )
    #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
    let after = try BinaryRunner.run(["--store", "s.json", "builds"], directory: folder)
    #expect(after.status == 0)
    #expect(after.stdout.contains("VW Golf") && !after.stdout.contains("Porsche"))
  }

  @Test func anOutputAtTheEndOfAScriptLineNamingTheStoreIsRefused() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = scratch.path("s.json")
    #expect(try BinaryRunner.run(["--store", store, "build", "compact"]).status == 0)
    let before = try scratch.bytes("s.json")
    let run = try BinaryRunner.run(
      ["--store", "s.json"], stdin: "builds --output ./s.json\nbuilds\n", directory: scratch.url)
    #expect(run.status == 1)
    #expect(
      run.stderr
        == "configurator: line 1: --output: cannot write './s.json': it is this session's store\n")
    // The next line runs as usual: the store is intact.
    #expect(run.stdout.contains("VW Golf"))
    #expect(try scratch.bytes("s.json") == before)
  }
}
