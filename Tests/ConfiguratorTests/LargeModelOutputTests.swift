import CatalogFixtures
import Foundation
import TestSupport
import Testing

@testable import Dealership
@testable import configurator

/// What `options`' filters and `tree` print (SPEC §14), in text, JSON and CSV, checked against
/// the generated trees: each feature under its parent, two spaces a level.
@Suite struct LargeModelOutputTests {
  /// A session in `format` with the generated model of a seed loaded as `m`.
  private static func session(_ model: RandomFeatureTree, format: OutputFormat = .text) throws
    -> (SessionHarness, ScratchDirectory)
  {
    let scratch = try ScratchDirectory()
    try scratch.write(model.uvl, to: "m.uvl")
    let harness = SessionHarness(clean: true, format: format)
    try harness.run("catalog load \(scratch.path("m.uvl"))")
    return (harness, scratch)
  }

  /// The rows of a table: the lines after its header, up to the first that is not a row.
  private static func rows(_ text: String, count: Int) -> [String] {
    Array(text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().prefix(count))
      .map(String.init)
  }

  /// Whether a row starts with exactly `spaces` blanks, then the name and a blank.
  private static func row(_ row: String, starts name: String, indent spaces: Int) -> Bool {
    row.hasPrefix(String(repeating: " ", count: spaces) + name + " ")
  }

  @Test(arguments: 1...8 as ClosedRange<UInt64>)
  func aUVLTableIsIndentedByItsTree(seed: UInt64) throws {
    let model = RandomFeatureTree(seed: seed, features: 6...40)
    let (harness, scratch) = try Self.session(model)
    defer { scratch.remove() }
    let table = try harness.run("options m")
    let rows = Self.rows(table, count: model.features.count)
    for (row, feature) in zip(rows, model.features) {
      #expect(Self.row(row, starts: feature.name, indent: 2 * feature.depth), "\(row)")
    }
    #expect(!table.contains("shown "))
    // A feature's subtree, from the feature itself, with the count of what it shows.
    let top = model.features.indices.max {
      model.subtree(of: $0).count < model.subtree(of: $1).count
    }
    let group = try #require(top)
    let subtree = model.subtree(of: group)
    let filtered = try harness.run("options m group=\(model.features[group].name)")
    let base = model.features[group].depth
    for (row, position) in zip(Self.rows(filtered, count: subtree.count), subtree) {
      let feature = model.features[position]
      #expect(Self.row(row, starts: feature.name, indent: 2 * (feature.depth - base)), "\(row)")
    }
    let lines = filtered.split(separator: "\n")
    #expect(lines.count == subtree.count + 3)
    #expect(lines[lines.count - 2] == "shown \(subtree.count) of \(model.features.count) values")
  }

  @Test func aFilterThatMatchesNothingSaysSoWithoutATable() throws {
    let model = RandomFeatureTree(seed: 2, features: 10...10)
    let (harness, scratch) = try Self.session(model)
    defer { scratch.remove() }
    let text = try harness.run("options m find=nothing-is-called-so")
    #expect(text.hasPrefix("shown 0 of 10 values\n"))
  }

  @Test func jsonCarriesTheTreeTheCountsAndOnlyTheValuesShown() throws {
    let model = RandomFeatureTree(seed: 4, features: 20...20)
    let (harness, scratch) = try Self.session(model, format: .json)
    defer { scratch.remove() }
    let whole = try Self.object(try harness.run("options m"))
    let values = try #require(whole["values"] as? [[String: Any]])
    #expect(values.count == model.features.count)
    for (value, feature) in zip(values, model.features) {
      #expect(value["atom"] as? String == feature.name)
      #expect(value["depth"] as? Int == feature.depth)
      let parent = feature.parent.map { model.features[$0].name }
      #expect((value["parent"] as? String) == parent)
      #expect(feature.parent != nil || value["parent"] is NSNull)
    }
    #expect(whole["shown"] as? Int == 20 && whole["total"] as? Int == 20)
    #expect(whole["filter"] == nil)
    let stem = "seat"
    let filtered = try Self.object(try harness.run("options m find=\(stem) state=available"))
    let shown = try #require(filtered["values"] as? [[String: Any]])
    let expected = values.filter {
      ($0["atom"] as? String ?? "").lowercased().contains(stem)
        && $0["state"] as? String == "available"
    }
    #expect(shown.map { $0["atom"] as? String } == expected.map { $0["atom"] as? String })
    #expect(filtered["shown"] as? Int == expected.count && filtered["total"] as? Int == 20)
    let filter = try #require(filtered["filter"] as? [String: Any])
    #expect(filter["find"] as? String == stem && filter["state"] as? [String] == ["available"])
    // The headline's figures stay the model's.
    #expect(filtered["builds"] as? String == whole["builds"] as? String)
  }

  @Test func csvHasOnlyTheRowsShownWithTheCounts() throws {
    let model = RandomFeatureTree(seed: 6, features: 15...15)
    let (harness, scratch) = try Self.session(model, format: .csv)
    defer { scratch.remove() }
    let whole = try harness.run("options m").split(separator: "\n")
    #expect(!whole[0].hasSuffix(",shown,total"))
    let root = model.features[0].name
    let filtered = try harness.run("options m state=forced").split(separator: "\n")
    #expect(filtered[0].hasSuffix(",shown,total"))
    let forced = whole.dropFirst().filter {
      $0.split(separator: ",", omittingEmptySubsequences: false)[4] == "forced"
    }
    #expect(filtered.count == forced.count + 1)
    for row in filtered.dropFirst() { #expect(row.hasSuffix(",\(forced.count),15")) }
    #expect(filtered.dropFirst().first?.hasPrefix("m,,,\(root),forced") == true)
  }

  @Test(arguments: 1...8 as ClosedRange<UInt64>)
  func theTreeIsIndentedAndCutAtTheDepthAsked(seed: UInt64) throws {
    let model = RandomFeatureTree(seed: seed, features: 12...50)
    let (harness, scratch) = try Self.session(model)
    defer { scratch.remove() }
    let whole = try harness.run("tree m")
    for (row, feature) in zip(Self.rows(whole, count: model.features.count), model.features) {
      #expect(Self.row(row, starts: feature.name, indent: 2 * feature.depth), "\(row)")
      #expect(row.contains(" " + (feature.group ?? "") + " "))
    }
    #expect(whole.split(separator: "\n").count == model.features.count + 1)
    let shown = model.features.indices.filter { model.features[$0].depth <= 1 }
    let cut = try harness.run("tree m depth=1")
    let lines = cut.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasSuffix("BELOW") == true)
    #expect(lines.count == shown.count + 2)
    for (row, position) in zip(lines.dropFirst(), shown) {
      let feature = model.features[position]
      #expect(Self.row(row, starts: feature.name, indent: 2 * feature.depth))
      let below = model.subtree(of: position).count - 1
      #expect(feature.depth == 1 && below > 0 ? row.hasSuffix(" \(below)") : !row.hasSuffix("0"))
    }
    #expect(
      lines.last == "shown \(shown.count) of \(model.features.count) features (depth=1)")
  }

  @Test func theTreeInJSONAndCSVNamesEachNodesParentAndKind() throws {
    let model = RandomFeatureTree(seed: 9, features: 16...16)
    let (json, scratch) = try Self.session(model, format: .json)
    defer { scratch.remove() }
    let object = try Self.object(try json.run("tree m"))
    let nodes = try #require(object["nodes"] as? [[String: Any]])
    #expect(object["shown"] as? Int == 16 && object["total"] as? Int == 16)
    for (node, feature) in zip(nodes, model.features) {
      #expect(node["node"] as? String == "feature" && node["name"] as? String == feature.name)
      #expect(node["depth"] as? Int == feature.depth)
      #expect(node["groupKind"] as? String == feature.group)
      #expect((node["parent"] as? String) == feature.parent.map { model.features[$0].name })
    }
    let csv = SessionHarness(clean: true, format: .csv)
    try csv.run("catalog load \(scratch.path("m.uvl"))")
    let rows = try csv.run("tree m").split(separator: "\n")
    #expect(rows[0] == "model,node,name,atom,parent,depth,group_kind,state,below")
    #expect(rows.count == 17)
    let last = try #require(model.features.last)
    #expect(
      rows[16].hasPrefix(
        "m,feature,\(last.name),\(last.name),\(model.features[last.parent ?? 0].name),"
          + "\(last.depth),\(last.group ?? ""),"))
  }

  @Test func aCatalogsTreeShowsItsGroupsAndValues() throws {
    let harness = SessionHarness()
    try harness.run("catalog load Examples/lineup.json")
    #expect(
      try harness.run("tree van drive")
        == """
        NAME     KIND         STATE
        drive
          front  alternative  default
          4wd    alternative  available
        shown 2 of 9 values

        """)
    let extras = try harness.run("tree van extras").split(separator: "\n")
    #expect(extras.count == 6 && extras.last == "shown 3 of 9 values")
    #expect(extras.dropFirst(2).dropLast().allSatisfy { $0.contains(" optional ") })
  }

  private static func object(_ line: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
  }
}
