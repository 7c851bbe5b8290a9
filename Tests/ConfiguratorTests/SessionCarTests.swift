import CarFactory
import StockValuation
import Testing

@testable import Dealership
@testable import configurator

@Suite struct SessionCarTests {
  @Test func buildRecordsNumberedBuildsAndShowRepeatsTheDetailBlock() throws {
    let harness = SessionHarness()
    let first = try harness.run("build compact suspension=firm drive=4wd")
    // 28,500.00 + 1,250.00 + 2,400.00 (SPEC §2).
    #expect(first.hasSuffix("Price: $32,150.00\n"))
    try harness.run("build sports")
    #expect(harness.session.state.builds.records.map(\.number) == [1, 2])
    #expect(try harness.run("show 1") == first)
    // `#` outside quotes starts a comment (SPEC §9): the `#N` spelling is quoted.
    #expect(try harness.run("show \"#1\"") == first)
  }

  @Test func buildsListsEachBuildWithItsStockName() throws {
    let harness = SessionHarness()
    #expect(try harness.run("builds") == "No builds yet. Try 'build sports'.\n")
    try harness.run("build sports drive=4wd")
    try harness.run("build compact suspension=firm drive=4wd")
    #expect(
      try harness.run("builds") == """
        #  MODEL    CAR                         PRICE
        1  sports   Porsche Boxster (4WD)  $76,550.00
        2  compact  VW Golf (Firm, 4WD)    $32,150.00

        """)
  }

  @Test func removeForgetsABuildAndNumbersAreNotReused() throws {
    let harness = SessionHarness()
    try harness.run("build sports")
    try harness.run("build suv")
    #expect(try harness.run("remove 1") == "Removed build #1.\n")
    try harness.run("build compact")
    #expect(harness.session.state.builds.records.map(\.number) == [2, 3])
    #expect(harness.failure("show 1") == "show: no build #1 (builds: 2, 3)")
  }

  @Test(arguments: [
    ("bulid sports", "unknown command 'bulid'; did you mean 'build'? (try 'help')"),
    ("build", "build: missing MODEL (models: compact, sports, suv)"),
    ("build tractor", "unknown model 'tractor' (models: compact, sports, suv)"),
    (
      "build sports 4wdx",
      "bad option '4wdx'; expected SLOT=VALUE, like drive=4wd (slots: floorplan, suspension, drive)"
    ),
    (
      "build compact standard",
      "'standard' could be floorplan=standard or suspension=standard; write the one you mean"
    ),
    (
      "build sports drve=4wd",
      "unknown option 'drve'; did you mean 'drive'? (options: floorplan, suspension, drive)"
    ),
    ("build sports drive=4wd drive=rear", "option 'drive' is given more than once"),
    ("build sports drive=", "option 'drive' needs a value (allowed: rear, 4wd)"),
    (
      "build sports drive=4wdd",
      "drive '4wdd' is not available for model 'sports'; did you mean '4wd'? (allowed: rear, 4wd)"
    ),
    (
      "build compact floorplan=long",
      "floorplan 'long' is not available for model 'compact' (allowed: standard)"
    ),
    ("show", "show: missing build number (usage: show N | show Q-K)"),
    ("show x", "show: bad build number 'x' (expected 1, 2, ...)"),
    ("show 0", "show: bad build number '0' (expected 1, 2, ...)"),
    (
      "show 99999999999999999999",
      "show: bad build number '99999999999999999999' (expected 1, 2, ...)"
    ),
    ("show 3", "show: no build #3 (there are no builds)"),
    ("remove 1 2", "remove: unexpected argument '2' (usage: remove N)"),
    ("models all", "models: unexpected argument 'all' (usage: models)"),
    ("help bogus", "unknown command 'bogus' (try 'help')"),
    ("build \"sports", "unterminated quote \" in 'build \"sports'"),
  ])
  func badCommandsNameTheBadValue(line: String, message: String) {
    let harness = SessionHarness()
    #expect(harness.failure(line) == message)
    #expect(harness.session.state.builds.records.isEmpty)
  }

  /// A value named alone stands for the one option that has it (SPEC §11, bare choices).
  @Test func aBareValueNamesItsOption() throws {
    let harness = SessionHarness()
    let output = try harness.run("build sports 4wd")
    #expect(output.contains("Drive: 4WD\n"))
    #expect(harness.session.state.builds.records.first?.options.drive?.rawValue == "4wd")
  }

  @Test func modelIdsAndOptionValuesAreCaseInsensitive() throws {
    let harness = SessionHarness()
    let output = try harness.run("build SPORTS Drive=4WD")
    #expect(output.contains("Drive: 4WD\n"))
  }

  @Test func blankLinesAndCommentsDoNothing() throws {
    let harness = SessionHarness()
    #expect(try harness.run("") == "")
    #expect(try harness.run("   # build sports") == "")
    #expect(harness.session.state.builds.records.isEmpty)
  }

  @Test func jsonBuildCarriesExactMoney() throws {
    let harness = SessionHarness(format: .json)
    let output = try harness.run("build sports drive=4wd")
    #expect(
      output
        == #"{"type":"build","build":1,"model":"sports","carType":"Porsche Boxster","name":"Porsche Boxster (4WD)","seats":2,"engine":"Mid","suspension":"Firm","drive":"4WD","options":{"drive":"4wd"},"price":{"currency":"USD","amount":"76550.00","minorUnits":7655000}}"#
        + "\n")
  }

  @Test func csvBuildsAreEachATableWithItsHeader() throws {
    let harness = SessionHarness(format: .csv)
    try harness.run("build sports")
    try harness.run("build suv")
    #expect(
      harness.out.text == """
        build,model,car_type,name,seats,engine,suspension,drive,price,currency
        1,sports,Porsche Boxster,Porsche Boxster,2,Mid,Firm,Rear,72900.00,USD

        build,model,car_type,name,seats,engine,suspension,drive,price,currency
        2,suv,Cadillac Escalade,Cadillac Escalade,8,Front,Soft,4WD,89990.00,USD

        """)
  }
}

@Suite struct BuildNumberLimitTests {
  @Test func buildNumbersRunningOutIsAnErrorNotATrap() throws {
    let harness = SessionHarness()
    // A loaded session file may say the next number is Int.max.
    try harness.session.adopt(
      SavedSession(
        builds: BuildBook(records: [], nextNumber: Int.max), stock: Stock(), currency: .usd,
        rates: .ecbReference))
    let message = "build: no build numbers left (the next one would be \(Int.max))"
    #expect(harness.failure("build sports") == message)
    #expect(harness.failure("build sports") == message)
    #expect(harness.session.state.builds.isEmpty)
  }
}
