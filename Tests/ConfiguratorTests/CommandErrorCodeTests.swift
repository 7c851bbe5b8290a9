import CarFactory
import Foundation
import TestSupport
import Testing

@testable import Dealership
@testable import configurator

/// Every kind of command failure, made by a real command: its code (what scripts reading
/// JSON errors switch on) and its message, written out here as users read it.
@Suite struct CommandErrorCodeTests {
  /// A session with two builds and two more of the first in stock.
  private func harness() throws -> SessionHarness {
    let harness = SessionHarness()
    try harness.run("build sports drive=4wd")
    try harness.run("build suv")
    try harness.run("stock add 1 2")
    return harness
  }

  @Test(arguments: [
    ("frobnicate", "unknown-command", "unknown command 'frobnicate' (try 'help')"),
    ("buld", "unknown-command", "unknown command 'buld'; did you mean 'build'? (try 'help')"),
    ("build \"sports", "syntax", "unterminated quote \" in 'build \"sports'"),
    ("build", "missing-argument", "build: missing MODEL (models: compact, sports, suv)"),
    ("show", "missing-argument", "show: missing build number (usage: show N | show Q-K)"),
    (
      "stock load", "missing-argument",
      "stock load: missing FILE (usage: stock load [--replace] FILE)"
    ),
    ("show 1 2", "unexpected-argument", "show: unexpected argument '2' (usage: show N | show Q-K)"),
    (
      "rate GBP 1 2", "unexpected-argument",
      "rate: unexpected argument '2' (usage: rate CODE VALUE)"
    ),
    ("compare 1", "usage", "compare: expected two build numbers (usage: compare N M)"),
    ("show x", "bad-value", "show: bad build number 'x' (expected 1, 2, ...)"),
    ("stock add 1 0", "bad-value", "stock add: bad quantity '0' (expected a whole number from 1)"),
    (
      "build sports drive", "bad-value",
      "bad option 'drive'; expected SLOT=VALUE, like drive=4wd (slots: floorplan, suspension, drive)"
    ),
    ("show 9", "no-such-build", "show: no build #9 (builds: 1, 2)"),
    (
      "stock category=zzz", "not-found",
      "stock: no category 'zzz' in stock (categories: compact, sports, suv)"
    ),
    (
      "stock remove nosuch", "not-found",
      "stock remove: no product 'nosuch' in stock (products: Cadillac Escalade, Porsche Boxster, "
        + "Porsche Boxster (4WD), VW Golf, VW Golf (Firm, 4WD))"
    ),
    // `stock add 1 2` made a line of its own, S-6, beside the sample line S-4.
    (
      "stock remove 1 99", "limit",
      "stock remove: cannot take 99 of S-6 'Porsche Boxster (4WD)' out of stock (2 in stock)"
    ),
    (
      "read /nonexistent-dir/x", "file",
      "read: cannot open '/nonexistent-dir/x': No such file or directory"
    ),
    ("build nosuch", "build", "unknown model 'nosuch' (models: compact, sports, suv)"),
    (
      "build sports drive=hover", "build",
      "drive 'hover' is not available for model 'sports' (allowed: rear, 4wd)"
    ),
    ("currency XXX", "currency", "unknown currency 'XXX'"),
    ("quote 1 XXX", "currency", "quote: unknown currency 'XXX'"),
    ("rate GBP abc", "rate", "bad rate 'abc' for GBP"),
    (
      "catalog load /nonexistent.json", "catalog",
      "/nonexistent.json: cannot read file (no such file)"
    ),
  ])
  func eachFailureHasItsCodeAndMessage(_ line: String, _ code: String, _ message: String) throws {
    let error = try #require(try harness().error(line))
    #expect(error.code == code)
    #expect(error.message == message)
  }

  @Test func aCommentBeforeANumberKeepsTheCodeAndSaysWhy() throws {
    let error = try #require(try harness().error("show #1"))
    #expect(error.code == "missing-argument")
    #expect(
      error.message.hasSuffix(
        "('#' starts a comment: write the build number without it, or quote it)"))
  }

  @Test func aConflictOfRulesIsAConflict() throws {
    let harness = SessionHarness()
    try harness.run("catalog load Examples/lineup.json")
    let error = try #require(harness.error("build van paint=red drive=4wd"))
    #expect(error.code == "conflict")
    #expect(
      error.message.hasPrefix(
        "paint=red and drive=4wd conflict (no-red-4wd: !(paint=red & drive=4wd))"))
  }

  /// Under `--format json` the error object carries the code beside the message.
  @Test func jsonErrorObjectsCarryTheCode() throws {
    let result = try BinaryRunner.run(
      ["--format", "json"], stdin: "show 3\nbuild sports drive=hover\n")
    let objects = result.stderr.split(separator: "\n").map {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
    }
    #expect(objects.map { $0?["code"] as? String } == ["no-such-build", "build"])
    #expect(objects.map { $0?["line"] as? Int } == [1, 2])
    #expect(result.status == 1)
  }

  /// A usage error of the command line is `usage` (exit 64).
  @Test func usageErrorsAreUsage() throws {
    let result = try BinaryRunner.run(["--format", "json", "--frobnicate"], stdin: "")
    #expect(result.stderr.contains(#""code":"usage""#))
    #expect(result.status == 64)
  }
}
