import Foundation
import TestSupport
import Testing

/// SPEC §9/§10: text output shows control characters escaped, and an error quoting a runaway
/// value stays a short line.
@Suite struct TextSafetyTests {
  @Test func productNamesWithEscapesAndNewlinesReachTheTerminalEscaped() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    try scratch.write(
      "name,category,unit_price,quantity\n\"Evil\u{1B}[2J\nName\",cat\u{7},1.00,2\n",
      to: "evil.csv")
    let result = try BinaryRunner.run(["--inventory", scratch.path("evil.csv"), "stock"])
    #expect(result.status == 0)
    #expect(!result.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" })
    #expect(
      result.stdout.contains("cat\\u{7}  Evil\\u{1B}[2J\\nName    2       $1.00       $2.00\n"))
    let loaded = try BinaryRunner.run(
      ["--inventory", scratch.path("evil.csv")],
      stdin: "stock load \"\(scratch.path("evil.csv"))\"\n")
    #expect(!loaded.stdout.contains("\u{1B}"))
  }

  @Test func anErrorQuotingAHugeValueIsOneShortLine() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let model = String(repeating: "x", count: 100_000)
    let build = try BinaryRunner.run(["build", model])
    #expect(build.status == 1)
    #expect(build.stderr.hasPrefix("configurator: unknown model '\(model.prefix(119))…'"))
    #expect(build.stderr.count < 400)
    #expect(build.stderr.filter { $0 == "\n" }.count == 1)
    try scratch.write(
      "name,category,unit_price,quantity\nA,b,\(String(repeating: "1", count: 500_000)),1\n",
      to: "bad.csv")
    let inventory = try BinaryRunner.run(["--inventory", scratch.path("bad.csv"), "models"])
    #expect(inventory.status == 1)
    #expect(inventory.stderr.count < 400)
    #expect(inventory.stderr.hasSuffix("…'\n"))
  }
}
