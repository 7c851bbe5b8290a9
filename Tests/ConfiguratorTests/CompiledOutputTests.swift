import CarFactory
import CatalogFixtures
import Foundation
import TestSupport
import Testing

@testable import Dealership
@testable import configurator

/// `count … by=value` and `sample` as a session writes them (SPEC §17), in its three formats:
/// counts in full and shares rounded half to even, checked against the enumeration of a
/// generated catalog; the text of `sample` is a script whose lines make the drawn builds
/// again; the same seed gives the same bytes.
@Suite struct CompiledOutputTests {
  static let seeds: [UInt64] = Array(1...12)
  /// A generated catalog in a session of the given format, with its enumerated builds.
  struct Catalog {
    let harness: SessionHarness
    let line: ProductLine
    let builds: [[Bool]]
    let registry: CarRegistry

    init(seed: UInt64, format: OutputFormat) throws {
      registry = CarRegistry()
      let definition = try RandomCatalog.register(seed: seed, in: registry)
      harness = SessionHarness(format: format, registry: registry)
      line = try registry.productLine(for: definition.id)
      builds = CatalogReference(definition: definition, line: line).builds.map(\.selected)
    }

    /// The number of valid builds holding each value.
    var counts: [Int] { line.values.indices.map { value in builds.filter { $0[value] }.count } }
  }

  /// `count`/`total` as a percentage with `decimals` places, rounded half to even, in digits.
  static func percent(_ count: Int, of total: Int, decimals: Int) -> String {
    let scaled = CompiledCommandTestsShare.percentage(count, of: total, decimals: decimals)
    var unit: UInt64 = 1
    for _ in 0..<decimals { unit *= 10 }
    let fraction = String(scaled % unit)
    return "\(scaled / unit)." + String(repeating: "0", count: decimals - fraction.count) + fraction
  }

  static func objects(_ text: String) -> [[String: Any]] {
    text.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  @Test(arguments: seeds)
  func theJSONCountsAreDecimalStringsAndTheSharesExactPercentages(seed: UInt64) throws {
    let test = try Catalog(seed: seed, format: .json)
    let objects = Self.objects(try test.harness.run("count random by=value"))
    #expect(objects.count == 1)
    let object = try #require(objects.first)
    #expect(object["type"] as? String == "valueCounts")
    #expect(object["compiled"] as? Bool == true)
    #expect(object["builds"] as? String == String(test.builds.count))
    let values = try #require(object["values"] as? [[String: Any]])
    #expect(values.count == test.line.values.count)
    for (index, (value, count)) in zip(values, test.counts).enumerated() {
      #expect(value["atom"] as? String == test.line.values[index].atom)
      #expect(value["builds"] as? String == String(count), "seed \(seed)")
      let percent =
        test.builds.isEmpty ? nil : Self.percent(count, of: test.builds.count, decimals: 6)
      #expect(value["percent"] as? String == percent, "seed \(seed)")
    }
  }

  @Test(arguments: seeds)
  func theCSVHasARowPerValueWithItsCountAndPercentage(seed: UInt64) throws {
    let test = try Catalog(seed: seed, format: .csv)
    let rows = try test.harness.run("count random by=value").split(separator: "\n").map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
    #expect(
      rows.first == ["model", "group", "value", "atom", "name", "builds", "percent", "counted_by"])
    #expect(rows.count == test.line.values.count + 1)
    for (index, (row, count)) in zip(rows.dropFirst(), test.counts).enumerated() {
      #expect(row.count == 8)
      #expect(row[3] == test.line.values[index].atom)
      #expect(row[5] == String(count))
      let percent =
        test.builds.isEmpty ? "" : Self.percent(count, of: test.builds.count, decimals: 6)
      #expect(row[6] == percent, "seed \(seed)")
      #expect(row[7] == "circuit")
    }
  }

  @Test(arguments: seeds)
  func theTextTableShowsEveryCountAndTheShareToTwoPlaces(seed: UInt64) throws {
    let test = try Catalog(seed: seed, format: .text)
    let lines = try test.harness.run("count random by=value").split(separator: "\n")
    #expect(lines.first?.hasPrefix("GROUP") == true)
    #expect(lines.count == test.line.values.count + 2)
    for (line, count) in zip(lines.dropFirst(), test.counts) {
      let cells = line.split(separator: " ")
      let share: String
      if test.builds.isEmpty {
        share = "-"
      } else {
        let rounded = Self.percent(count, of: test.builds.count, decimals: 2)
        let exact = count * 10_000 % test.builds.count == 0
        share =
          !exact && rounded == "0.00"
          ? "<0.01%" : !exact && rounded == "100.00" ? ">99.99%" : rounded + "%"
      }
      #expect(cells.suffix(2) == [Substring(String(count)), Substring(share)], "seed \(seed)")
    }
    let builds = test.builds.count
    #expect(
      lines.last?.hasPrefix(
        "\(builds) valid \(builds == 1 ? "build" : "builds"); counted from the compiled form (")
        == true)
  }

  /// The builds a JSON session records from lines, as the atoms they hold.
  static func recorded(_ lines: [Substring], registry: CarRegistry) throws -> [[String]] {
    let replay = SessionHarness(format: .json, registry: registry)
    var builds: [[String]] = []
    for line in lines {
      let object = try #require(Self.objects(try replay.run(String(line))).first)
      let line = try registry.productLine(for: ModelID(object["model"] as? String ?? ""))
      // A catalog build's values: its part slots' and equipment's atoms.
      let options = object["options"] as? [String: String] ?? [:]
      let equipment = object["equipment"] as? [[String: Any]] ?? []
      var atoms = Set(options.map { "\($0.key)=\($0.value)" })
      for item in equipment {
        if let group = item["group"] as? String, let choice = item["choice"] as? String {
          atoms.insert("\(group)=\(choice)")
        }
      }
      // Slots left at their default part are not listed as options.
      for group in line.groups {
        guard case .slot(let slot) = group.kind, options[slot.rawValue] == nil else { continue }
        if let value = group.values.first(where: { line.values[$0].isDefault }) {
          atoms.insert(line.values[value].atom)
        }
      }
      builds.append(line.values.map(\.atom).filter { atoms.contains($0) })
    }
    return builds
  }

  @Test(arguments: seeds.prefix(10))
  func theSamplesTextIsAScriptThatMakesTheDrawnBuildsAgain(seed: UInt64) throws {
    let text = try Catalog(seed: seed, format: .text)
    let json = try Catalog(seed: seed, format: .json)
    guard !text.builds.isEmpty else { return }
    let script = try text.harness.run("sample random 6 seed=\(seed)")
    let lines = script.split(separator: "\n")
    #expect(lines.count == 7)
    #expect(lines.first?.hasPrefix("# 6 draws, uniformly at random, from the ") == true)
    let drawn = Self.objects(try json.harness.run("sample random 6 seed=\(seed)"))
    #expect(drawn.first?["type"] as? String == "samples")
    let values = drawn.dropFirst().map { $0["values"] as? [String] ?? [] }
    #expect(values.count == 6)
    #expect(try Self.recorded(Array(lines.dropFirst()), registry: text.registry) == values)
    // The same seed in a fresh session: the same bytes.
    let again = try Catalog(seed: seed, format: .text)
    #expect(try again.harness.run("sample random 6 seed=\(seed)") == script)
  }

  @Test func treeNamesWithBlanksAndDotsAreQuotedSoTheLinesReadBack() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    for seed in UInt64(0)..<12 {
      let tree = UVLRandomTree(seed: seed, features: 6...10)
      // A tree with no valid build has no fleet (its choices are refused).
      guard !tree.validSelections.isEmpty else { continue }
      try scratch.write(tree.uvl, to: "tree\(seed).uvl")
      let text = SessionHarness(clean: true, format: .text)
      let json = SessionHarness(clean: true, format: .json)
      for harness in [text, json] {
        try harness.run("catalog load " + scratch.path("tree\(seed).uvl"))
      }
      let script = try text.run("sample tree\(seed) pairs").split(separator: "\n").dropFirst()
      let fleet = Self.objects(try json.run("sample tree\(seed) pairs"))
      #expect(fleet.first?["type"] as? String == "pairs")
      #expect(fleet.first?["complete"] as? Bool == true)
      let values = fleet.dropFirst().map { $0["values"] as? [String] ?? [] }
      #expect(values.count == script.count)
      // Each line, run in a JSON session, records a build of exactly those features.
      let replay = SessionHarness(clean: true, format: .json)
      try replay.run("catalog load " + scratch.path("tree\(seed).uvl"))
      for (line, expected) in zip(script, values) {
        let object = Self.objects(try replay.run(String(line))).first
        #expect(object?["features"] as? [String] == expected, "seed \(seed): \(line)")
      }
    }
  }
}

/// The rounding the tests compute independently (shared with the interpreter's tests by
/// value, not by code: integers only).
enum CompiledCommandTestsShare {
  /// `round(count · 10^(2 + decimals) / total)`, half to even.
  static func percentage(_ count: Int, of total: Int, decimals: Int) -> UInt64 {
    var scale: UInt64 = 100
    for _ in 0..<decimals { scale *= 10 }
    let (quotient, remainder) = (UInt64(count) * scale).quotientAndRemainder(
      dividingBy: UInt64(total))
    let twice = 2 * remainder
    return twice > UInt64(total) || (twice == UInt64(total) && quotient % 2 == 1)
      ? quotient + 1 : quotient
  }
}
