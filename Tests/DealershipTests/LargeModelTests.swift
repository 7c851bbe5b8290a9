import CarFactory
import CatalogFixtures
import Testing

@testable import Dealership

/// Large models at the prompt (SPEC §14), on the interpreter's typed results: `options`'
/// filters against the unfiltered table, and `tree` against the trees the generators made
/// (UVL features under their parents in file order, catalog groups with their values).
@Suite struct LargeModelTests {
  let environment = TestEnvironment()
  let words = WordList()

  /// Reads and runs one line; its first result.
  @discardableResult
  func run(_ line: String, _ state: inout SessionState) throws(CommandError) -> CommandResult? {
    try state.run(line, in: environment, words: words).first
  }

  func failure(_ line: String, _ state: inout SessionState) -> CommandError? {
    do {
      try run(line, &state)
      return nil
    } catch {
      return error
    }
  }

  func options(_ line: String, _ state: inout SessionState) throws -> OptionsResult {
    switch try run(line, &state) {
    case .options(let result)?: return result
    case .carOptions(let result)?: return result.options
    default: throw Unexpected(line: line)
    }
  }

  func tree(_ line: String, _ state: inout SessionState) throws -> TreeResult {
    guard case .tree(let result)? = try run(line, &state) else { throw Unexpected(line: line) }
    return result
  }

  struct Unexpected: Error {
    let line: String
  }

  /// A session with the generated model of a seed loaded as `m`.
  func session(_ tree: RandomFeatureTree) throws -> SessionState {
    var state = SessionState(catalogs: Catalogs.starting(clean: true))
    environment.files["m.uvl"] = Array(tree.uvl.utf8)
    try run("catalog load m.uvl", &state)
    return state
  }

  /// A name in another case: every other letter flipped.
  static func recased(_ text: String) -> String {
    String(
      text.enumerated().map { index, character in
        index % 2 == 0 ? Character(character.uppercased()) : Character(character.lowercased())
      })
  }

  @Test(arguments: 1...24 as ClosedRange<UInt64>)
  func filtersShowTheRowsOfTheWholeTableTheyMatch(seed: UInt64) throws {
    let model = RandomFeatureTree(seed: seed, features: 6...40)
    var state = try session(model)
    var random = SeededGenerator(state: seed &* 7919)
    let whole = try options("options m", &state)
    #expect(whole.filter == nil && whole.shownEntries == whole.report.entries)
    #expect(whole.report.entries.map(\.value) == Array(model.features.indices))
    let states: [OptionsReport.State] = [.chosen, .forced, .excluded, .default, .available]
    for _ in 0..<6 {
      // A stem in another case, a group (a feature and its subtree), some states.
      let feature = Int.random(in: 0..<model.features.count, using: &random)
      let name = model.features[feature].name
      let stem = String(name.prefix(Int.random(in: 2...name.count, using: &random)))
      let group = Int.random(in: 0..<model.features.count, using: &random)
      let wanted = states.filter { _ in Bool.random(using: &random) }
      var words: [String] = []
      let find = Bool.random(using: &random) ? Self.recased(stem) : nil
      if let find { words.append("find=\(find)") }
      let inGroup = Bool.random(using: &random) ? model.subtree(of: group) : nil
      if inGroup != nil { words.append("group=\(Self.recased(model.features[group].name))") }
      if !wanted.isEmpty || words.isEmpty {
        words.append(
          "state=" + (wanted.isEmpty ? states : wanted).map(\.rawValue).joined(separator: ","))
      }
      let filtered = try options("options m " + words.joined(separator: " "), &state)
      let expected = whole.report.entries.filter { entry in
        (find.map { model.features[entry.value].name.lowercased().contains($0.lowercased()) }
          ?? true)
          && (inGroup?.contains(entry.value) ?? true)
          && (wanted.isEmpty || wanted.contains(entry.state))
      }
      // The same rows, with the same states and reasons: only what is shown changed.
      #expect(filtered.shownEntries == expected, "options m \(words)")
      #expect(filtered.shownCount == expected.count && filtered.total == model.features.count)
      #expect(filtered.report.entries == whole.report.entries)
    }
  }

  @Test(arguments: 1...12 as ClosedRange<UInt64>)
  func aCatalogsGroupAndStateFiltersShowItsValues(seed: UInt64) throws {
    let registry = CarRegistry()
    let definition = try RandomCatalog.register(seed: seed, in: registry)
    var state = SessionState(catalogs: Catalogs(registry: registry))
    let whole = try options("options random", &state)
    let line = whole.line
    for group in definition.equipment {
      let shown = try options("options random group=\(group.id.uppercased())", &state)
      #expect(
        shown.shownEntries.map { line.values[$0.value].atom }
          == group.choices.map { "\(group.id)=\($0.id)" })
    }
    let drive = try options("options random group=drive state=forced,default", &state)
    #expect(
      drive.shownEntries
        == whole.report.entries.filter {
          line.values[$0.value].atom.hasPrefix("drive=") && [.forced, .default].contains($0.state)
        })
    // `find=` reads names too: `Choice 0.1`.
    let named = try options("options random find=choice", &state)
    #expect(named.shownEntries.allSatisfy { line.values[$0.value].atom.hasPrefix("g") })
    #expect(named.shownCount == definition.equipment.reduce(0) { $0 + $1.choices.count })
  }

  @Test(arguments: 1...24 as ClosedRange<UInt64>)
  func theTreeIsTheModelsFeaturesUnderTheirParents(seed: UInt64) throws {
    let model = RandomFeatureTree(seed: seed, features: 6...40)
    var state = try session(model)
    let whole = try options("options m", &state)
    let tree = try tree("tree m", &state)
    #expect(tree.nodes.count == model.features.count && !tree.isPartial)
    for (position, node) in tree.nodes.enumerated() {
      let feature = model.features[position]
      #expect(node.item == .value(position))
      #expect(node.depth == feature.depth)
      #expect(node.parent == feature.parent.map { .value($0) })
      #expect(node.membership?.keyword == feature.group)
      // The states `options` shows.
      #expect(node.state == whole.report.entries[position].state)
      #expect(node.hidden == 0)
    }
    // The table's tree says the same.
    let indent = try #require(whole.tree)
    #expect(indent.depths == model.features.map(\.depth))
    #expect(indent.parents == model.features.map(\.parent))
  }

  @Test(arguments: 1...24 as ClosedRange<UInt64>)
  func aTreeFromAFeatureShowsItsSubtreeDownToTheDepthAsked(seed: UInt64) throws {
    let model = RandomFeatureTree(seed: seed, features: 6...60)
    var state = try session(model)
    var random = SeededGenerator(state: seed &* 104_729)
    let top = Int.random(in: 0..<model.features.count, using: &random)
    let depth = Int.random(in: 1...3, using: &random)
    let name = Self.recased(model.features[top].name)
    let tree = try tree("tree m \(name) depth=\(depth)", &state)
    let base = model.features[top].depth
    let expected = model.subtree(of: top).filter { model.features[$0].depth - base <= depth }
    #expect(tree.nodes.map(\.item) == expected.map { .value($0) })
    #expect(tree.topDepth == base && tree.top == top && tree.depth == depth)
    for (node, position) in zip(tree.nodes, expected) {
      let cut = model.features[position].depth - base == depth
      #expect(node.hidden == (cut ? model.subtree(of: position).count - 1 : 0))
    }
    #expect(tree.shownValues == expected.count)
  }

  @Test(arguments: 1...12 as ClosedRange<UInt64>)
  func aCatalogsTreeIsItsGroupsWithTheirValues(seed: UInt64) throws {
    let registry = CarRegistry()
    let definition = try RandomCatalog.register(seed: seed, in: registry)
    var state = SessionState(catalogs: Catalogs(registry: registry))
    let tree = try tree("tree random", &state)
    let line = tree.line
    let whole = try options("options random", &state)
    // The model, then each group and its values: a slot's and a `one` group's are
    // alternatives, an `any` group's optional.
    var expected: [(TreeNode.Item, String?)] = [(.model, nil)]
    for (index, group) in line.groups.enumerated() {
      expected.append((.group(index), nil))
      let equipment = definition.equipment.first { $0.id == group.name }
      let kind =
        equipment.map { $0.selection == .any ? "optional" : "alternative" } ?? "alternative"
      for value in group.values { expected.append((.value(value), kind)) }
    }
    #expect(tree.nodes.map(\.item) == expected.map(\.0))
    #expect(tree.nodes.map { $0.membership?.keyword } == expected.map(\.1))
    for node in tree.nodes {
      guard case .value(let value) = node.item else {
        #expect(node.state == nil)
        continue
      }
      #expect(node.state == whole.report.entries[value].state)
    }
    let groups = try self.tree("tree random depth=1", &state)
    #expect(groups.nodes.map(\.item) == [.model] + line.groups.indices.map { .group($0) })
    #expect(groups.nodes.dropFirst().map(\.hidden) == line.groups.map(\.values.count))
    let one = try self.tree("tree random drive", &state)
    let drive = try #require(line.groupIndex(named: "drive"))
    #expect(
      one.nodes.map(\.item) == [.group(drive)] + line.groups[drive].values.map { .value($0) })
  }

  @Test func theWorkingCarsTableAndTreeAreUnderItsChoices() throws {
    let model = RandomFeatureTree(seed: 3, features: 12...12)
    var state = try session(model)
    let whole = try options("options m", &state)
    let free = try #require(whole.report.entries.first { $0.state == .available })
    let name = model.features[free.value].name
    try run("configure m \(name)", &state)
    let chosen = try options("options state=chosen", &state)
    #expect(chosen.shownEntries.map(\.value) == [free.value])
    #expect(try options("options find=\(name) state=chosen", &state).shownCount == 1)
    let tree = try tree("tree", &state)
    #expect(tree.choices == [Choice(value: free.value, isChosen: true)])
    #expect(tree.nodes[free.value].state == .chosen)
    // The car's table takes filters alone: a choice after them is named.
    guard
      case .unexpectedArgument("options", let word, _) = failure(
        "options state=chosen \(name)", &state)
    else {
      Issue.record("a choice after the car's filters was taken")
      return
    }
    #expect(word == name)
    // A first word that is a model is the model, under no choices.
    #expect(try self.tree("tree m", &state).nodes[free.value].state == .available)
  }

  @Test func badFiltersAreTypedErrorsNamingTheValue() throws {
    let model = RandomFeatureTree(seed: 5, features: 10...10)
    var state = try session(model)
    let states = ["chosen", "forced", "excluded", "default", "available", "undecided"]
    guard
      case .badValue("options", .state(let known), "dead") = failure(
        "options m state=forced,dead", &state)
    else {
      Issue.record("a bad state was not refused")
      return
    }
    #expect(known == states)
    let root = model.features[0].name
    guard
      case .notFound(
        "options", .group(let name, let id, let nearest, let names, features: true)) = failure(
          "options m group=\(root)x", &state)
    else {
      Issue.record("an unknown group was not refused")
      return
    }
    #expect(name == root + "x" && id == ModelID("m") && nearest == root)
    #expect(names == model.features.map(\.name))
    guard
      case .missingArgument("options", .filterValue("find", [])) = failure(
        "options m find=", &state)
    else {
      Issue.record("an empty find= was not refused")
      return
    }
    guard
      case .invalid("options", .keyTwice("state")) = failure(
        "options m state=forced STATE=chosen", &state)
    else {
      Issue.record("state= twice was not refused")
      return
    }
    guard case .badValue("tree", .depth, "0") = failure("tree m depth=0", &state) else {
      Issue.record("depth=0 was not refused")
      return
    }
    guard case .notFound("tree", .group("Nope", _, _, _, true)) = failure("tree m Nope", &state)
    else {
      Issue.record("an unknown feature was not refused")
      return
    }
    guard case .missingArgument("tree", .model) = failure("tree", &state) else {
      Issue.record("tree without a model or car was not refused")
      return
    }
    guard case .missingArgument("options", .model) = failure("options find=x", &state) else {
      Issue.record("a filter without a model or car was not refused")
      return
    }
  }
}
