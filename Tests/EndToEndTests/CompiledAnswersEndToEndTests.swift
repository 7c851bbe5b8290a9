import Foundation
import TestSupport
import Testing

/// `count … by=value` and `sample` as users run the binary (SPEC §17): the text of `sample`
/// is a script which, fed back to the binary, records exactly the drawn builds; the same seed
/// gives the same bytes; the three formats agree on the counts.
@Suite struct CompiledAnswersEndToEndTests {
  static func objects(_ text: String) -> [[String: Any]] {
    text.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  @Test(arguments: [
    ["Examples/lineup.json", "hatch", "extras=tow"], ["Examples/roadster.uvl", "roadster"],
  ])
  func theSampleScriptRecordsTheDrawnBuildsAgain(arguments: [String]) throws {
    let catalog = ["--clean", "--catalog", arguments[0]]
    let request = ["sample"] + arguments.dropFirst() + ["6", "seed=42"]
    let script = try BinaryRunner.run(catalog + request)
    #expect(script.status == 0 && script.stderr.isEmpty, "\(script.stderr)")
    #expect(try BinaryRunner.run(catalog + request).stdout == script.stdout)
    let drawn = Self.objects(try BinaryRunner.run(catalog + ["--format", "json"] + request).stdout)
    #expect(drawn.count == 7)
    let replay = try BinaryRunner.run(catalog + ["--format", "json"], stdin: script.stdout)
    #expect(replay.status == 0 && replay.stderr.isEmpty, "\(replay.stderr)")
    let builds = Self.objects(replay.stdout)
    #expect(builds.count == 6)
    for (sample, build) in zip(drawn.dropFirst(), builds) {
      let values = sample["values"] as? [String] ?? []
      if let features = build["features"] as? [String] {
        #expect(features == values)
      } else {
        // A car's equipment as atoms is the sample's values but the part slots, whose parts
        // other than the defaults are its options.
        let equipment = (build["equipment"] as? [[String: Any]] ?? []).compactMap { item in
          (item["group"] as? String).flatMap { group in
            (item["choice"] as? String).map { "\(group)=\($0)" }
          }
        }
        #expect(
          Set(equipment)
            == Set(
              values.filter {
                !$0.hasPrefix("floorplan=") && !$0.hasPrefix("suspension=")
                  && !$0.hasPrefix("drive=")
              }))
        let options = (build["options"] as? [String: String] ?? [:]).map { "\($0.key)=\($0.value)" }
        #expect(Set(options).isSubset(of: Set(values)))
      }
    }
  }

  @Test func theThreeFormatsGiveTheSameCounts() throws {
    let catalog = ["--clean", "--catalog", "Examples/lineup.json"]
    let request = ["count", "hatch", "drive=4wd", "by=value"]
    let json = Self.objects(try BinaryRunner.run(catalog + ["--format", "json"] + request).stdout)
    let values = try #require(json.first?["values"] as? [[String: Any]])
    let csv = try BinaryRunner.run(catalog + ["--format", "csv"] + request).stdout
      .split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
    let text = try BinaryRunner.run(catalog + request).stdout.split(separator: "\n")
    #expect(values.count == csv.count && text.count == values.count + 2)
    for (index, value) in values.enumerated() {
      let builds = value["builds"] as? String
      #expect(csv[index][5] == builds)
      #expect(text[index + 1].split(separator: " ").dropLast().last.map(String.init) == builds)
      // Two decimals in the table, six in JSON and CSV, from the same exact share.
      #expect(csv[index][6] == value["percent"] as? String)
    }
    // 664 builds with drive=4wd (`count hatch drive=4wd`), in the headline too.
    let total = try BinaryRunner.run(catalog + ["count", "hatch", "drive=4wd"]).stdout
    #expect(json.first?["builds"] as? String == total.trimmingCharacters(in: .newlines))
    #expect(text.last?.hasPrefix("\(json.first?["builds"] as? String ?? "?") valid builds") == true)
  }
}
