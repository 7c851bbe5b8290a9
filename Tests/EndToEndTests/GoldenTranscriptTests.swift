import Foundation
import TestSupport
import Testing

/// Golden transcripts: each folder under `Golden/` holds `args` (one argument per line),
/// optional `stdin`, optional `env` (`NAME=VALUE` lines, such as `CONFIGURATOR_TODAY` for
/// dated sales), and the expected `stdout`, `stderr` and `status` of the built binary,
/// run from the package root. Set `UPDATE_GOLDEN=1` to rewrite the expected files after a
/// deliberate change, then review the diff.
@Suite struct GoldenTranscriptTests {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let goldenFolder = GoldenTranscripts.folder

  static var cases: [String] { GoldenTranscripts.cases }

  @Test func everyGoldenCaseHasItsFiles() throws {
    #expect(Self.cases.count >= 8)
    for name in Self.cases {
      for file in ["args", "stdout", "stderr", "status"] {
        let path = Self.goldenFolder.appendingPathComponent(name).appendingPathComponent(file).path
        #expect(FileManager.default.fileExists(atPath: path), "\(name)/\(file) is missing")
      }
    }
  }

  @Test(arguments: cases)
  func transcriptMatches(name: String) throws {
    let folder = Self.goldenFolder.appendingPathComponent(name)
    func read(_ file: String) -> String? {
      try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
    }
    let arguments = (read("args") ?? "").split(separator: "\n").map(String.init)
    // A fixed day unless the case sets one: what a report says of its rates' age (SPEC §15)
    // must not move with the calendar.
    var environment = ["CONFIGURATOR_TODAY": GoldenTranscripts.day]
    for line in (read("env") ?? "").split(separator: "\n") {
      guard let equals = line.firstIndex(of: "=") else { continue }
      environment[String(line[..<equals])] = String(line[line.index(after: equals)...])
    }
    let result = try BinaryRunner.run(
      arguments, stdin: read("stdin") ?? "", environment: environment,
      directory: Self.packageRoot)
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
      try result.stdout.write(
        to: folder.appendingPathComponent("stdout"), atomically: true, encoding: .utf8)
      try result.stderr.write(
        to: folder.appendingPathComponent("stderr"), atomically: true, encoding: .utf8)
      try "\(result.status)\n".write(
        to: folder.appendingPathComponent("status"), atomically: true, encoding: .utf8)
      return
    }
    #expect(result.stdout == read("stdout"))
    #expect(result.stderr == read("stderr"))
    #expect("\(result.status)\n" == read("status"))
  }
}
