import Foundation
import TestSupport
import Testing

/// Effectivity through the binary (SPEC §16): the day is `--as-of`, else `CONFIGURATOR_TODAY`,
/// and the working car, `build`, `options` (text and JSON) and quotes agree on what it offers.
/// `Examples/modelyear.json` offers Cherry Red (+$850.00 on a $41,200.00 van) from 2027-01-01.
@Suite struct EffectivityEndToEndTests {
  private static let catalog = DocExampleTests.packageRoot
    .appendingPathComponent("Examples/modelyear.json").path

  private static func run(_ arguments: [String], stdin: String = "", today: String) throws
    -> BinaryRunner.Result
  {
    try BinaryRunner.run(
      ["--clean", "--catalog", catalog] + arguments, stdin: stdin,
      environment: ["CONFIGURATOR_TODAY": today, "COLUMNS": "100"])
  }

  @Test func aChoiceNotYetOfferedIsRefusedByTheCarAndByBuild() throws {
    let car = try Self.run([], stdin: "configure van\nchoose paint=red\n", today: "2026-12-04")
    #expect(car.stdout.contains("paint=red is not possible (offered from 2027-01-01)"))
    let build = try Self.run(["build", "van", "paint=red"], today: "2026-12-04")
    #expect(build.status != 0)
    #expect(build.stderr.contains("offered from 2027-01-01"), "\(build.stderr)")
  }

  @Test func theDayOfferingAChoiceBuildsAndQuotesItAtItsPrice() throws {
    let run = try Self.run(
      [], stdin: "build van paint=red\nquote 1\n", today: "2027-01-04")
    #expect(run.status == 0, "\(run.stderr)")
    // $41,200.00 + $850.00, in the build and on the quote.
    #expect(run.stdout.components(separatedBy: "$42,050.00").count >= 3, "\(run.stdout)")
  }

  /// `lint` on a day: a value out of force is not offered that day, never dead (no rule of the
  /// model kills it), its dated rule is not an idle rule, and a model out of force (the bus,
  /// from 2027-03-01) is not linted at all unless named.
  @Test func lintOnADayTellsValuesNotOfferedFromDeadOnes() throws {
    let before = try Self.run(["lint"], today: "2026-12-04")
    #expect(before.status == 0, "\(before.stderr)")
    #expect(
      before.stdout
        == "van: paint=red not offered on the day (offered from 2027-01-01)\n"
        + "lint: 0 findings in 1 model (1 not offered on the day)\n")
    let after = try Self.run(["--format", "csv", "lint"], today: "2027-06-01")
    #expect(after.stdout == "model,finding,value\nvan,not-offered,paint=grey\n")
    let json = try Self.run(["--format", "json", "lint", "van"], today: "2026-12-04")
    #expect(
      json.stdout.contains(#""dead":[],"core":[],"redundantRules":[],"notOffered":["paint=red"]"#))
    let bus = try Self.run(["lint", "bus"], today: "2026-12-04")
    #expect(bus.status != 0)
    #expect(bus.stderr.contains("model 'bus' is not offered on 2026-12-04"))
  }

  @Test func asOfDecidesOverToday() throws {
    let early = try Self.run(
      ["--as-of", "2026-12-04", "build", "van", "paint=red"], today: "2027-01-04")
    #expect(early.status != 0)
    let late = try Self.run(
      ["--as-of", "2027-01-04", "build", "van", "paint=red"], today: "2026-12-04")
    #expect(late.status == 0, "\(late.stderr)")
    #expect(late.stdout.contains("Price: $42,050.00"))
  }

  @Test func optionsInJSONGiveADatedValueItsDays() throws {
    let run = try Self.run(["--format", "json", "options", "van"], today: "2026-12-04")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout.contains(#""state":"excluded","offered":{"from":"2027-01-01","until":null}"#))
    #expect(
      run.stdout.contains(#""state":"available","offered":{"from":null,"until":"2026-12-31"}"#))
    #expect(
      !run.stdout.contains(
        #""atom":"paint=white","name":"Candy White","state":"default","offered""#))
  }

  @Test func aModelNotYetOfferedIsRefusedNamingItsDates() throws {
    let run = try Self.run(["build", "bus"], today: "2027-02-28")
    #expect(run.status != 0)
    #expect(
      run.stderr
        == "configurator: model 'bus' is not offered on 2027-02-28 (offered from 2027-03-01; "
        + "see --as-of DATE)\n")
    #expect(try Self.run(["build", "bus"], today: "2027-03-01").status == 0)
  }
}
