import Foundation
import TestSupport
import Testing

@Suite struct ScriptModeTests {
  @Test func badLinesAreReportedWithTheirNumbersAndGoodLinesStillRun() throws {
    let script = "models\nbuild sports\nbuilds\nbuild tractor\nbuild suv\nshow 1\nshow 9\nbuilds\n"
    let result = try BinaryRunner.run([], stdin: script)
    #expect(result.status == 1)
    #expect(
      result.stderr == """
        configurator: line 4: unknown model 'tractor' (models: compact, sports, suv)
        configurator: line 7: show: no build #9 (builds: 1, 2)

        """)
    #expect(result.stdout.hasSuffix("2  suv     Cadillac Escalade  $89,990.00\n"))
  }

  @Test func bailStopsAtTheFirstBadLine() throws {
    let script = "build sports\nbuild suv\nbuilds\nbuild tractor\nbuild compact\nbuilds\nshow 9\n"
    let result = try BinaryRunner.run(["--bail"], stdin: script)
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "configurator: line 4: unknown model 'tractor' (models: compact, sports, suv)\n")
    #expect(!result.stdout.contains("VW Golf"))
  }

  @Test func scriptFilesNameTheFileInErrors() throws {
    let folder = try temporaryFolder()
    let script = folder.appendingPathComponent("day.script")
    try "build sports\n\n# a comment\nbuild sprots\n".write(
      to: script, atomically: true, encoding: .utf8)
    let result = try BinaryRunner.run(["-f", script.path])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "\(script.path):4: unknown model 'sprots'; did you mean 'sports'? (models: compact, sports, suv)\n"
    )
  }

  @Test func readRunsNestedScriptsUpToSixteenDeep() throws {
    let folder = try temporaryFolder()
    // a.script reads itself: the 17th nested read is refused, every level reports it.
    let loop = folder.appendingPathComponent("loop.script")
    try "read \(loop.path)\n".write(to: loop, atomically: true, encoding: .utf8)
    let result = try BinaryRunner.run([], stdin: "read \(loop.path)\nbuild sports\n")
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "\(loop.path):1: read: scripts nested more than 16 deep at '\(loop.path)'\n")
    #expect(result.stdout.contains("Porsche Boxster"))
  }

  @Test func anOverlongLineIsAnErrorNotAMemoryBlowUp() throws {
    let long = "build " + String(repeating: "x", count: 70_000)
    let result = try BinaryRunner.run([], stdin: "build sports\n\(long)\nbuild suv\n")
    #expect(result.status == 1)
    #expect(
      result.stderr == "configurator: line 2: line is too long (70006 bytes; the limit is 65536)\n")
    #expect(result.stdout.contains("Cadillac Escalade"))
  }

  @Test func emptyInputSucceedsQuietly() throws {
    let result = try BinaryRunner.run([], stdin: "")
    #expect(result == .init(stdout: "", stderr: "", status: 0))
  }

  @Test func quitStopsTheScript() throws {
    let result = try BinaryRunner.run([], stdin: "build sports\nquit\nbuild tractor\n")
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
  }

  @Test func invalidUTF8IsReportedNotFatal() throws {
    let bytes = String(decoding: [0x62, 0x75, 0x69, 0x6C, 0x64, 0x20, 0xFF, 0xFE], as: UTF8.self)
    let result = try BinaryRunner.run([], stdin: bytes + "\nbuild sports\n")
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("configurator: line 1: unknown model '"))
    #expect(result.stdout.contains("Porsche Boxster"))
  }

  @Test func theBookCheckThroughTheCommandLine() throws {
    let root = GoldenTranscriptTests.packageRoot
    let result = try BinaryRunner.run(
      ["--inventory", "Examples/sportsstore.csv", "--rate", "GBP=0.60338", "stock", "gbp"],
      directory: root)
    #expect(result.status == 0)
    #expect(result.stdout.hasSuffix("78 Products in Stock. Total Value: £246,362.43\n"))
    // One currency on screen: the USD value only with --list-prices (SPEC §14).
    #expect(!result.stdout.contains("$"))
    let listed = try BinaryRunner.run(
      [
        "--inventory", "Examples/sportsstore.csv", "--rate", "GBP=0.60338", "--list-prices",
        "stock", "gbp",
      ],
      directory: root)
    #expect(listed.stdout.contains("Value in USD: $408,303.94\n"))
    #expect(listed.stdout.contains("£165.93 ($275.00)"))
  }

  @Test func theStartingStockInPoundsNamesTheECBRate() throws {
    let result = try BinaryRunner.run(["stock", "gbp"])
    #expect(result.status == 0)
    #expect(result.stdout.hasSuffix("26 Products in Stock. Total Value: £1,057,772.79\n"))
    #expect(result.stdout.contains("ECB euro reference rates, 2025-02-28"))
  }

  @Test func jsonOutputParsesBackWithExactMoney() throws {
    let root = GoldenTranscriptTests.packageRoot
    let script = "build compact suspension=firm drive=4wd\nstock add 1 2\nstock gbp\n"
    let result = try BinaryRunner.run(
      ["--format", "json", "--inventory", "Examples/sportsstore.csv", "--rate", "GBP=0.60338"],
      stdin: script, directory: root)
    #expect(result.status == 0)
    let objects = try result.stdout.split(separator: "\n").map { line in
      try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
    #expect(objects.map { $0["type"] as? String } == ["build", "stockAdded", "stock"])
    let price = try #require(objects[0]["price"] as? [String: Any])
    #expect(price["amount"] as? String == "32150.00")
    #expect((price["minorUnits"] as? NSNumber)?.int64Value == 3_215_000)
    let stock = objects[2]
    #expect((stock["itemCount"] as? NSNumber)?.int64Value == 80)
    // Independently, from SPEC §5: each line's exact value in hundredths of a cent is
    // cents × quantity × (100 + tax%); plus the two Golfs; converted once at 0.60338.
    let book: [(cents: Int64, quantity: Int64, tax: Int64)] = [
      (27_500, 10, 10), (4_895, 14, 10), (1_950, 32, 25), (3_495, 1, 25), (7_950_000, 4, 25),
      (1_600, 8, 20), (2_995, 3, 20), (7_500, 2, 20), (120_000, 4, 20),
    ]
    let hundredths =
      book.reduce(Int64(0)) { $0 + $1.cents * $1.quantity * (100 + $1.tax) } + 2 * 3_215_000 * 100
    let total = try #require(stock["total"] as? [String: Any])
    let totalUSD = try #require(stock["totalUSD"] as? [String: Any])
    // $408,303.94 + $64,300.00, rounded half-even from the exact hundredths.
    #expect((totalUSD["minorUnits"] as? NSNumber)?.int64Value == 47_260_394)
    let scaled = hundredths * 60_338
    let divisor: Int64 = 100 * 100_000
    let (quotient, remainder) = scaled.quotientAndRemainder(dividingBy: divisor)
    let pence =
      remainder * 2 > divisor || (remainder * 2 == divisor && quotient % 2 == 1)
      ? quotient + 1 : quotient
    #expect((total["minorUnits"] as? NSNumber)?.int64Value == pence)
    #expect(total["currency"] as? String == "GBP")
  }

  @Test func aLocaleFormatsMoneyAsFoundationDoes() throws {
    let result = try BinaryRunner.run(["--locale", "de_DE", "build", "sports"])
    #expect(result.status == 0)
    #expect(result.stdout.hasSuffix("Price: 72.900,00\u{A0}$\n"))
    let indian = try BinaryRunner.run(["--locale", "hi_IN", "--currency", "INR", "stock"])
    #expect(indian.status == 0)
    #expect(indian.stdout.contains("Total Value: ₹11,64,85,870.81\n"))
  }
}
