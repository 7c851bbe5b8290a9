import CatalogFixtures
import Foundation
import TestSupport
import Testing

/// Attribute totals in the detail block, the quote and the working car (SPEC §13), on the
/// kart of ``AttributeObjectiveTests`` whose numbers are worked out by hand: weights 120.5
/// base, 4WD +30.25, roof +12, seat +8.5, and the rule `sum(weight) <= 160`; then on seeded
/// catalogs, each total against the sum of the build's values read from the catalog JSON here.
@Suite struct AttributeTotalsTests {
  private static let kart = AttributeObjectiveTests.catalog

  /// Runs the binary on a catalog, in a folder of its own (`quote.html` may be written there).
  private func run(
    _ words: [String], catalog: String = kart, stdin: String = "",
    inspect: (URL) throws -> Void = { _ in }
  ) throws -> BinaryRunner.Result {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("attribute-totals-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("catalog.json")
    try catalog.write(to: file, atomically: true, encoding: .utf8)
    let result = try BinaryRunner.run(
      ["--clean", "--catalog", file.path] + words, stdin: stdin, directory: folder)
    try inspect(folder)
    return result
  }

  @Test func theDetailBlockShowsTheTotalAfterThePrice() throws {
    // Rear (the roof rules 4WD out: 162.75 > 160): 120.5 + 12.
    let result = try run([], stdin: "build kart extras=roof\nshow 1\n")
    #expect(result.status == 0)
    let block = "Extras: Roof\nPrice: $1,600.00\nWeight: 132.50 kg\n"
    #expect(result.stdout.components(separatedBy: block).count == 3, "\(result.stdout)")
    let json = try run(["--format", "json", "build", "kart", "drive=4wd", "extras=seat"])
    #expect(
      json.stdout.hasSuffix(
        #""totals":[{"id":"weight","name":"Weight","unit":"kg","value":"159.25"}]}"# + "\n"))
  }

  @Test func theQuoteShowsTheTotalInEveryFormat() throws {
    let text = try run([], stdin: "build kart extras=seat\nquote 1\n")
    // Under the heading, before the table: the car's figures beside its name and dates.
    #expect(text.stdout.contains(" (30 days)\nWeight: 129.00 kg\nITEM "))
    let json = try run(["--format", "json"], stdin: "build kart extras=seat\nquote 1\n")
    #expect(
      json.stdout.contains(
        #""totals":[{"id":"weight","name":"Weight","unit":"kg","value":"129.00"}]"#))
    let csv = try run(["--format", "csv"], stdin: "build kart extras=seat\nquote 1\n")
    #expect(csv.stdout.hasSuffix("1,total,Total,1550.00,USD,\n1,attribute,Weight,129.00,kg,\n"))
    var page = ""
    _ = try run([], stdin: "build kart extras=seat\nquote 1 --output quote.html\n") { folder in
      page = try String(contentsOf: folder.appendingPathComponent("quote.html"), encoding: .utf8)
    }
    #expect(page.contains("<p class=\"meta\">Weight: 129.00 kg</p>\n<table>"))
  }

  @Test func theWorkingCarShowsTheTotalAndEachChangeItsDifference() throws {
    let script = "configure kart\n+extras=seat\n+drive=4wd\n+extras=roof\ndrop extras=seat\ncar\n"
    let text = try run([], stdin: script)
    let lines = text.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    #expect(lines.contains("Weight: 120.50 kg"))
    #expect(lines.contains("  Weight: 129.00 kg (+8.50 kg)"))
    #expect(lines.contains("  Weight: 159.25 kg (+30.25 kg)"))
    #expect(lines.contains("  Weight: 150.75 kg (-8.50 kg)"))
    // The refused roof (159.25 + 12 > 160) leaves the weight alone and says nothing of it.
    let refused = try #require(lines.firstIndex { $0.hasPrefix("+extras=roof: not applied") })
    #expect(!lines[refused + 1].contains("Weight"))
    #expect(text.stdout.hasSuffix("Price: $1,800.00\nWeight: 150.75 kg\n"))

    let json = try run(["--format", "json"], stdin: script)
    #expect(
      json.stdout.contains(
        #""totals":[{"id":"weight","name":"Weight","unit":"kg","value":"159.25","previousValue":"129.00"}]"#
      ))
    let csv = try run(["--format", "csv"], stdin: script)
    #expect(csv.stdout.contains("+drive=4wd,choose,drive=4wd,total,weight,,159.25,129.00,kg,,\n"))
    #expect(
      csv.stdout.hasSuffix(
        "model,choices,price,currency,weight\nkart,drive=4wd,1800.00,USD,150.75\n"))
  }

  /// A catalog of one model with random weights (one or two decimals, some none) and powers
  /// on the base, both alternatives and every choice: each value's numbers by its atom
  /// (`""` for the base), as written in the JSON.
  private static func randomCatalog(seed: UInt64) -> (
    json: String, numbers: [String: [String: Decimal]]
  ) {
    var random = SeededGenerator(state: seed)
    var numbers: [String: [String: Decimal]] = [:]
    func attributes(_ atom: String) -> String {
      var fields: [String] = []
      if Int.random(in: 0..<4, using: &random) != 0 {
        let cents = Int.random(in: -500...90_000, using: &random)
        let magnitude = abs(cents)
        let shown =
          (cents < 0 ? "-" : "")
          + (Bool.random(using: &random)
            ? "\(magnitude / 100).\(String(format: "%02d", magnitude % 100))"
            : "\(magnitude / 100)")
        numbers[atom, default: [:]]["weight"] = Decimal(string: shown)
        fields.append("\"weight\": \"\(shown)\"")
      }
      if Bool.random(using: &random) {
        let power = Int.random(in: 0...300, using: &random)
        numbers[atom, default: [:]]["power"] = Decimal(power)
        fields.append("\"power\": \"\(power)\"")
      }
      return "{" + fields.joined(separator: ", ") + "}"
    }
    let choices = (1...5).map { index in
      "{\"id\": \"c\(index)\", \"name\": \"C\(index)\", \"surcharge\": \"\(index)0.00\", "
        + "\"attributes\": \(attributes("extras=c\(index)"))}"
    }
    let paints = ["white", "red", "blue"].map { id in
      "{\"id\": \"\(id)\", \"name\": \"\(id)\", \"surcharge\": \"0.00\", "
        + "\"attributes\": \(attributes("paint=\(id)"))}"
    }
    let json = """
      {"version": 2, "attributes": [{"id": "weight", "name": "Weight", "unit": "kg"},
        {"id": "power", "name": "Power", "unit": "kW"}],
       "models": [{"id": "kart", "carType": "Go Kart", "basePrice": "1500.00",
        "attributes": \(attributes("")),
        "floorplan": "short", "suspension": "standard", "drive": "rear",
        "alternatives": [
          {"slot": "drive", "part": "4wd", "surcharge": "300.00",
           "attributes": \(attributes("drive=4wd"))},
          {"slot": "suspension", "part": "firm", "surcharge": "200.00",
           "attributes": \(attributes("suspension=firm"))}],
        "equipment": [
          {"group": "paint", "select": "one", "default": "white", "choices": [\(paints.joined(separator: ", "))]},
          {"group": "extras", "select": "any", "choices": [\(choices.joined(separator: ", "))]}]}]}
      """
    return (json, numbers)
  }

  @Test(arguments: [UInt64](1...6))
  func eachTotalIsTheSumOfTheBuildsValuesInTheCatalog(seed: UInt64) throws {
    let (catalog, numbers) = Self.randomCatalog(seed: seed)
    var random = SeededGenerator(state: seed &* 31)
    var script = ""
    for _ in 0..<12 {
      var words = ["build", "kart"]
      if Bool.random(using: &random) { words.append("drive=4wd") }
      if Bool.random(using: &random) { words.append("suspension=firm") }
      words.append("paint=" + (["white", "red", "blue"].randomElement(using: &random) ?? "red"))
      let extras = (1...5).filter { _ in Bool.random(using: &random) }.map { "c\($0)" }
      if !extras.isEmpty { words.append("extras=" + extras.joined(separator: ",")) }
      script += words.joined(separator: " ") + "\n"
    }
    let result = try run(["--format", "json"], catalog: catalog, stdin: script)
    #expect(result.status == 0, "\(result.stderr)")
    var builds = 0
    for line in result.stdout.split(separator: "\n") {
      let object = try #require(
        JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      // The atoms the build holds, read back from its own fields.
      var atoms = [""]
      for (slot, part) in object["options"] as? [String: String] ?? [:] {
        atoms.append("\(slot)=\(part)")
      }
      for item in object["equipment"] as? [[String: Any]] ?? [] {
        atoms.append("\(item["group"] as? String ?? "")=\(item["choice"] as? String ?? "")")
      }
      let totals = try #require(object["totals"] as? [[String: String]])
      #expect(totals.map { $0["id"] } == ["weight", "power"])
      for total in totals {
        let id = total["id"] ?? ""
        let expected = atoms.reduce(Decimal(0)) { $0 + (numbers[$1]?[id] ?? 0) }
        #expect(
          Decimal(string: total["value"] ?? "") == expected,
          "seed \(seed): \(id) of \(atoms.sorted())")
      }
      builds += 1
    }
    #expect(builds == 12)
  }
}
