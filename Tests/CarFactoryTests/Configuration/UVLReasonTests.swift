import CatalogFixtures
import Testing

@testable import CarFactory

/// The reasons `options` gives on UVL-shaped models (random trees with mandatory chains,
/// groups and cross-tree constraints), checked against the tree rules enumerated directly
/// (``UVLRandomTree/isValid(_:keeping:)``), never through the engine: each reason decides its
/// value and is minimal, "by the model" exactly when the tree alone decides, and a model-level
/// reason kept from one `options` and reused under choices still decides and is still minimal.
@Suite struct UVLReasonTests {
  private struct Case {
    let tree: UVLRandomTree
    let line: ProductLine
    /// The tree's feature behind each value of the line.
    let feature: [Int]
    /// Every selection the tree allows (its constraints aside), with the constraints it breaks.
    let selections: [(mask: Int, broken: Set<Int>)]

    init(seed: UInt64) throws {
      // Every other tree restates some of its groups as constraints, as exported models do.
      var tree = UVLRandomTree(seed: seed, features: 4...11, constraintCount: 1...6)
      if seed % 2 == 1 { tree = tree.restatingGroups(seed: seed) }
      let line = ProductLine(
        featureModel: try UVLTestSupport.compile(tree.uvl), model: ModelID("tree"))
      let names = (0..<tree.count).map(UVLRandomTree.name)
      var feature: [Int] = []
      for value in line.values { feature.append(try #require(names.firstIndex(of: value.atom))) }
      self.tree = tree
      self.line = line
      self.feature = feature
      var selections: [(Int, Set<Int>)] = []
      for mask in 0..<(1 << tree.count) where tree.isValid(mask, keeping: []) {
        let broken = tree.constraints.indices.filter { !tree.isValid(mask, keeping: [$0]) }
        selections.append((mask, Set(broken)))
      }
      self.selections = selections
    }

    /// Whether some selection keeps the constraints of `rules` (ids) and the choices, and
    /// gives `value` the state `holds`.
    func allows(rules: [String], choices: [Choice], value: Int, holds: Bool) -> Bool {
      let kept = Set(line.rules.indices.filter { rules.contains(line.rules[$0].id) })
      return selections.contains { selection in
        kept.isDisjoint(with: selection.broken)
          && choices.allSatisfy { has(selection.mask, $0.value) == $0.isChosen }
          && has(selection.mask, value) == holds
      }
    }

    func has(_ mask: Int, _ value: Int) -> Bool { mask & (1 << feature[value]) != 0 }

    /// Some consistent choices over the features: chosen or ruled out at random.
    func choices(_ random: inout SeededGenerator) -> [Choice] {
      var choices: [Choice] = []
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        let value = Int.random(in: 0..<line.values.count, using: &random)
        let choice = Choice(value: value, isChosen: Bool.random(using: &random))
        guard !choices.contains(where: { $0.value == value }) else { continue }
        let more = choices + [choice]
        let consistent = selections.contains { selection in
          selection.broken.isEmpty
            && more.allSatisfy { has(selection.mask, $0.value) == $0.isChosen }
        }
        if consistent { choices = more }
      }
      return choices
    }

    /// A configurator that never runs out of time on these small models.
    func configurator() -> ProductConfigurator {
      let configurator = ProductConfigurator(line)
      configurator.timeLimit = .seconds(60)
      return configurator
    }
  }

  /// Checks every forced or excluded value's reason in a report; returns the values whose
  /// reason is "by the model" (nothing cited).
  @discardableResult
  private static func expectReasonsDecideMinimally(
    _ report: OptionsReport, _ test: Case, _ note: String
  ) -> Int {
    var byTheModel = 0
    for entry in report.entries where entry.state == .forced || entry.state == .excluded {
      guard let reason = entry.reason else {
        Issue.record("\(note): no reason for \(test.line.values[entry.value].atom)")
        continue
      }
      let other = entry.state == .excluded
      #expect(reason.choices.allSatisfy { report.choices.contains($0) }, "\(note)")
      #expect(
        !test.allows(
          rules: reason.rules, choices: reason.choices, value: entry.value, holds: other),
        "\(note): the reason does not decide \(test.line.values[entry.value].atom)")
      for dropped in reason.choices {
        let fewer = reason.choices.filter { $0 != dropped }
        #expect(
          test.allows(rules: reason.rules, choices: fewer, value: entry.value, holds: other),
          "\(note): not minimal")
      }
      for dropped in reason.rules {
        let fewer = reason.rules.filter { $0 != dropped }
        #expect(
          test.allows(rules: fewer, choices: reason.choices, value: entry.value, holds: other),
          "\(note): \(dropped) is not needed")
      }
      // "By the model" exactly when the tree alone decides.
      let byTree = !test.allows(rules: [], choices: [], value: entry.value, holds: other)
      let empty = reason.choices.isEmpty && reason.rules.isEmpty
      #expect(empty == byTree, "\(note): \(test.line.values[entry.value].atom)")
      if empty { byTheModel += 1 }
    }
    return byTheModel
  }

  @Test(arguments: 0..<120)
  func reasonsDecideAndAreMinimalWithAndWithoutChoices(seed: Int) throws {
    let test = try Case(seed: UInt64(seed))
    guard test.selections.contains(where: { $0.broken.isEmpty }) else { return }
    var random = SeededGenerator(state: UInt64(seed) ^ 0x7EA5)
    let choices = test.choices(&random)
    // A session: options with no choices first (model-level reasons computed and kept), then
    // with choices, reusing them for the values the choices leave as they were.
    let session = test.configurator()
    let model = try session.options([])
    Self.expectReasonsDecideMinimally(model, test, "seed \(seed), no choices")
    let withChoices = try session.options(choices)
    Self.expectReasonsDecideMinimally(withChoices, test, "seed \(seed), \(choices)")
    // Without the earlier call: the same checks, the model-level reasons made on demand.
    let fresh = try test.configurator().options(choices)
    Self.expectReasonsDecideMinimally(fresh, test, "seed \(seed), fresh, \(choices)")
    let given = Set(choices.map(\.value))
    for index in model.entries.indices
    where (model.entries[index].state == .forced || model.entries[index].state == .excluded)
      && !given.contains(index)
    {
      // Unchanged by the choices: the model-level reason, kept and reused, citing no choice.
      #expect(withChoices.entries[index].state == model.entries[index].state)
      #expect(withChoices.entries[index].reason == model.entries[index].reason, "seed \(seed)")
      #expect(fresh.entries[index].reason == model.entries[index].reason, "seed \(seed)")
      #expect(withChoices.entries[index].reason?.choices.isEmpty == true, "seed \(seed)")
    }
  }

  /// A working car walked step by step (SPEC §11): random changes — a value chosen or ruled
  /// out among those still possible, or a choice taken back — each checked against a fresh
  /// `propagate` of the same choices (states: what a step settles from the one before is
  /// right), against the step before (what changed), and against the tree rules enumerated
  /// directly (every reason, kept or new, decides its value and is minimal).
  @Test(arguments: 0..<80)
  func workingCarStepsKeepValidMinimalReasonsAndSayWhatChanged(seed: Int) throws {
    let test = try Case(seed: UInt64(seed))
    guard test.selections.contains(where: { $0.broken.isEmpty }) else { return }
    var random = SeededGenerator(state: UInt64(seed) ^ 0x57E9)
    let session = test.configurator()
    var step = try session.firstStep()
    for turn in 0..<10 {
      var choices = step.choices
      let open = step.states.indices.filter { step.states[$0] == .available }
      if !choices.isEmpty, open.isEmpty || Int.random(in: 0..<3, using: &random) == 0 {
        choices.remove(at: Int.random(in: 0..<choices.count, using: &random))
      } else if let value = open.randomElement(using: &random) {
        choices.append(Choice(value: value, isChosen: Bool.random(using: &random)))
      } else {
        break
      }
      let change = try session.step(from: step, to: choices)
      let fresh = try test.configurator().propagate(choices)
      #expect(change.step.states == fresh, "seed \(seed), turn \(turn)")
      let differing = fresh.indices.filter { fresh[$0] != step.states[$0] }
      #expect(change.changed == differing, "seed \(seed), turn \(turn)")
      let entries = fresh.indices.map { index in
        OptionsReport.Entry(value: index, state: fresh[index], reason: change.step.reasons[index])
      }
      let report = OptionsReport(
        choices: choices, entries: entries, count: .failure(.priceOverflow), priceRange: nil,
        from: nil, range: nil)
      Self.expectReasonsDecideMinimally(report, test, "seed \(seed), turn \(turn)")
      // A reason kept from the step before cites only choices still made.
      for (index, reason) in change.step.reasons where !change.changed.contains(index) {
        #expect(reason.choices.allSatisfy(choices.contains), "seed \(seed), turn \(turn)")
      }
      step = change.step
    }
  }

  @Test func theGeneratedTreesExerciseEveryKindOfReason() throws {
    var byTheModel = 0
    var byRules = 0
    var byChoices = 0
    for seed in 0..<120 {
      let test = try Case(seed: UInt64(seed))
      guard test.selections.contains(where: { $0.broken.isEmpty }) else { continue }
      var random = SeededGenerator(state: UInt64(seed) ^ 0x7EA5)
      let report = try test.configurator().options(test.choices(&random))
      for entry in report.entries {
        guard let reason = entry.reason else { continue }
        if !reason.choices.isEmpty {
          byChoices += 1
        } else if !reason.rules.isEmpty {
          byRules += 1
        } else {
          byTheModel += 1
        }
      }
    }
    #expect(byTheModel > 60)
    #expect(byRules > 20)
    #expect(byChoices > 60)
  }
}
