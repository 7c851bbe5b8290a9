import Foundation
import TestSupport
import Testing

@testable import Dealership
@testable import configurator

/// Machine output (SPEC §9): with `--format json` nothing but JSON Lines on stdout and errors
/// as JSON objects on stderr; with `--format csv` one table per result; `--help` and `help`
/// list what is in force.
@Suite struct MachineOutputTests {
  private static func objects(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map { line in
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
      return try #require(object as? [String: Any], "not an object: \(line)")
    }
  }

  @Test func jsonScriptsWriteOnlyJSONLinesEvenWithEchoHelpAndErrors() throws {
    let script = """
      help
      build sports drive=4wd # a comment
      build sprots
      help quote
      quote 1 gbp
      stock gbp usd category=sports
      """
    let result = try BinaryRunner.run(["--format", "json", "--echo"], stdin: script + "\n")
    #expect(result.status == 1)
    let out = try Self.objects(result.stdout)
    let types = out.compactMap { $0["type"] as? String }
    #expect(
      types == [
        "echo", "help", "echo", "build", "echo", "echo", "help", "echo", "quote", "echo",
        "stockColumns",
      ])
    #expect(out[0]["command"] as? String == "help")
    #expect(out[0]["line"] as? Int == 1)
    let errors = try Self.objects(result.stderr)
    #expect(errors.count == 1)
    #expect(errors.first?["type"] as? String == "error")
    #expect(errors.first?["line"] as? Int == 3)
    #expect((errors.first?["message"] as? String)?.contains("unknown model 'sprots'") == true)
  }

  @Test func jsonErrorsOfOneShotUsageAndScriptFiles() throws {
    let usage = try BinaryRunner.run(["--format", "json", "--bogus"])
    #expect(usage.status == 64)
    #expect(try Self.objects(usage.stderr).first?["message"] as? String != nil)
    #expect(usage.stdout.isEmpty)
    let oneShot = try BinaryRunner.run(["--format", "json", "show", "4"])
    #expect(oneShot.status == 1)
    let object = try Self.objects(oneShot.stderr).first
    #expect(object?["line"] == nil)
    #expect((object?["message"] as? String)?.contains("no build #4") == true)
  }

  @Test func csvResultsAreTablesSeparatedByABlankLine() throws {
    let result = try BinaryRunner.run(["--format", "csv"], stdin: "currency\nbuild compact\n")
    #expect(
      result.stdout == """
        currency,name
        USD,US Dollar

        build,model,car_type,name,seats,engine,suspension,drive,price,currency
        1,compact,VW Golf,VW Golf,4,Front,Standard,Front,28500.00,USD

        """)
  }

  @Test func dashDashHelpListsEveryCommand() throws {
    let result = try BinaryRunner.run(["--help"])
    #expect(result.status == 0)
    for command in Command.allCases where command != .exit {
      #expect(result.stdout.contains("\n  \(TextRenderer.listedSynopsis(command))"), "\(command)")
    }
    #expect(result.stdout.contains("--currency CODE"))
  }

  @Test func helpBuildFollowsTheCatalogInForce() throws {
    let harness = SessionHarness()
    #expect(!(try harness.run("help build")).contains("van"))
    try harness.run("catalog load Examples/lineup.json")
    let text = try harness.run("help build")
    #expect(text.contains("Models in force:"))
    #expect(text.contains("  van "))
    #expect(text.contains("paint="))
  }

  @Test func textTablesAlignByDisplayWidthEscapeLineBreaksAndGroupCounts() throws {
    let folder = FileManager.default.temporaryDirectory
    let file = folder.appendingPathComponent("cjk-\(UUID().uuidString).csv")
    defer { try? FileManager.default.removeItem(at: file) }
    try "name,category,unit_price,quantity\n自動車,c,1.00,1\nCar,c,1.00,2\n\"A\nB\",c,1.00,1500\n"
      .write(to: file, atomically: true, encoding: .utf8)
    let result = try BinaryRunner.run(["--inventory", file.path, "stock"])
    // 自動車 takes six columns on a terminal: two of padding to the width of "Subtotal".
    #expect(
      result.stdout == """
        Stock in USD. Rate: none (values in USD, the list-price currency).
        NO.  CATEGORY  PRODUCT     QTY  UNIT PRICE  TAX      VALUE
        S-1  c         自動車        1       $1.00           $1.00
        S-2  c         Car           2       $1.00           $2.00
        S-3  c         A\\nB      1,500       $1.00       $1,500.00
             c         Subtotal  1,503                   $1,503.00
        1,503 Products in Stock. Total Value: $1,503.00

        """)
    let german = try BinaryRunner.run(["--locale", "de_DE", "--inventory", file.path, "stock"])
    #expect(german.stdout.contains("\n1.503 Products in Stock. Total Value: 1.503,00"))
  }

  @Test func everyJSONGoldenTranscriptIsJSONLinesOnBothStreams() throws {
    let folder = GoldenTranscripts.folder
    var checked = 0
    for name in GoldenTranscripts.cases {
      let directory = folder.appendingPathComponent(name)
      let arguments = try String(
        contentsOf: directory.appendingPathComponent("args"), encoding: .utf8)
      // A mistyped --format (usage-unknown-flag) leaves the output text: JSON is asked for
      // only by `--format json` itself.
      let words = arguments.split(separator: "\n")
      guard zip(words, words.dropFirst()).contains(where: { $0 == "--format" && $1 == "json" })
      else { continue }
      for stream in ["stdout", "stderr"] {
        let text = try String(
          contentsOf: directory.appendingPathComponent(stream), encoding: .utf8)
        #expect(throws: Never.self, "\(name)/\(stream)") { _ = try Self.objects(text) }
      }
      checked += 1
    }
    #expect(checked >= 3)
  }
}
