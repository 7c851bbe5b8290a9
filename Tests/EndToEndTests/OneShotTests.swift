import TestSupport
import Testing

@Suite struct CarCommandEndToEndTests {
  @Test func aScriptedBuildPrintsItsNumberAndTheSixLineDetailBlock() throws {
    let result = try BinaryRunner.run([], stdin: "build sports\n")
    #expect(
      result
        == .init(
          stdout: """
            Build #1
            Car type: Porsche Boxster
            Seats: 2
            Engine: Mid
            Suspension: Firm
            Drive: Rear
            Price: $72,900.00

            """, stderr: "", status: 0))
  }

  @Test func aOneShotBuildWithAnOptionAddsItsSurcharge() throws {
    let result = try BinaryRunner.run(["build", "sports", "drive=4wd"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("Drive: 4WD\n"))
    // 72,900.00 base + 3,650.00 for 4WD (SPEC §2).
    #expect(result.stdout.hasSuffix("Price: $76,550.00\n"))
  }

  @Test func aRefusedOptionExitsOneNamingValueModelAndAllowedValues() throws {
    let result = try BinaryRunner.run(["build", "suv", "suspension=firm"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "configurator: suspension 'firm' is not available for model 'suv' (allowed: soft)\n")
  }

  @Test func anUnknownModelSuggestsTheNearestOne() throws {
    let result = try BinaryRunner.run(["build", "sprots"])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "configurator: unknown model 'sprots'; did you mean 'sports'? (models: compact, sports, suv)\n"
    )
  }

  @Test func anUnknownFlagIsAUsageError() throws {
    let result = try BinaryRunner.run(["--formt", "json", "models"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("'--formt'"))
    #expect(result.stderr.contains("did you mean '--format'?"))
  }

  @Test func modelsListsEveryBuiltInModelWithItsBasePrice() throws {
    let result = try BinaryRunner.run(["models"])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 4)
    #expect(
      lines[1].hasPrefix("compact") && lines[1].contains("VW Golf")
        && lines[1].contains("$28,500.00"))
    #expect(
      lines[2].hasPrefix("sports") && lines[2].contains("Porsche Boxster")
        && lines[2].contains("$72,900.00"))
    #expect(
      lines[3].hasPrefix("suv") && lines[3].contains("Cadillac Escalade")
        && lines[3].contains("$89,990.00"))
  }
}

@Suite struct OneShotChoiceTests {
  /// SPEC §7: everything after the command word is an argument, so a value can be ruled out
  /// from the shell; options come before the command word (SPEC §10).
  @Test func aRuledOutValueAfterTheCommandIsAChoiceNotAnOption() throws {
    let result = try BinaryRunner.run(
      ["--catalog", "Examples/lineup.json", "--format", "json", "count", "van", "-drive=4wd"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout == #"{"type":"count","model":"van","choices":["-drive=4wd"],"count":"4"}"#
        + "\n")
    let late = try BinaryRunner.run(
      ["--catalog", "Examples/lineup.json", "count", "van", "-drive=4wd", "--format", "json"])
    #expect(late.status == 64)
    #expect(late.stdout.isEmpty)
  }

  @Test func anUnknownOptionBeforeTheCommandIsStillAUsageError() throws {
    let result = try BinaryRunner.run(["-x", "build", "sports"])
    #expect(result.status == 64)
  }
}
