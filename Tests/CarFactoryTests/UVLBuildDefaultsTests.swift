import CatalogFixtures
import Testing

@testable import CarFactory

/// SPEC §8's defaults as `build` applies them: a group whose members chosen, forced or already
/// taken are fewer than its minimum takes its first possible children in file order, whether
/// a member was chosen by the user or forced by a rule.
@Suite struct UVLBuildDefaultsTests {
  /// The names of the features `build` selects for the words.
  private static func build(_ text: String, _ words: [String]) throws -> [String] {
    let model = try UVLTestSupport.compile(text)
    let line = ProductLine(featureModel: model, model: "test")
    let build = try ProductConfigurator(line).build(try line.choices(from: words))
    return build.values.map { model.features[$0].name }
  }

  @Test func aMemberForcedByARuleSatisfiesItsGroupAsAChosenOneDoes() throws {
    let tree = "features\n  R\n    or\n      A\n      B\n"
    #expect(try Self.build(tree, ["B"]) == ["R", "B"])
    #expect(try Self.build(tree + "constraints\n  B\n", []) == ["R", "B"])
    // Forced by the user's choices through a rule.
    let ruled = "features\n  R\n    optional\n      C\n    or\n      A\n      B\n"
    #expect(try Self.build(ruled + "constraints\n  C => B\n", ["C"]) == ["R", "C", "B"])
    // With nothing forced the first member is taken.
    #expect(try Self.build(tree, []) == ["R", "A"])
  }

  @Test func aCardinalityGroupCountsForcedMembersTowardItsMinimum() throws {
    let tree = "features\n  R\n    [2..3]\n      A\n      B\n      C\n      D\nconstraints\n  D\n"
    // D is forced, so one more member makes two: A.
    #expect(try Self.build(tree, []) == ["R", "A", "D"])
  }

  /// `build` on random trees with random choices against the SPEC rule applied by brute force
  /// over the valid selections that ``UVLRandomTree`` works out from the tree rules.
  @Test(arguments: 0..<300)
  func buildFollowsTheDefaultRuleOnRandomTrees(seed: Int) throws {
    let tree = UVLRandomTree(seed: UInt64(seed) &+ 7_000, features: 3...9, constraintCount: 0...3)
    let model = try UVLTestSupport.compile(tree.uvl)
    let line = ProductLine(featureModel: model, model: "test")
    // File order (the model's) for each feature of the tree.
    var place = [Int](repeating: 0, count: tree.count)
    for feature in 0..<tree.count {
      place[feature] = try #require(model.feature(named: UVLRandomTree.name(feature)))
    }
    var random = SeededGenerator(state: UInt64(seed))
    var choices: [Choice] = []
    for feature in 0..<tree.count {
      switch Int.random(in: 0..<10, using: &random) {
      case 0, 1: choices.append(Choice(value: place[feature], isChosen: true))
      case 2: choices.append(Choice(value: place[feature], isChosen: false))
      default: break
      }
    }
    let configurator = ProductConfigurator(line)
    guard let expected = Self.reference(tree, place: place, choices: choices) else {
      #expect(throws: ConfigurationError.self, "seed \(seed)") {
        try configurator.build(choices)
      }
      return
    }
    let build = try configurator.build(choices)
    #expect(build.selected == expected, "seed \(seed), choices \(choices):\n\(tree.uvl)")
  }

  /// The build SPEC §8 asks for, by brute force: the valid selections consistent with the
  /// choices; features in file order, each decided by propagation or taking its default if
  /// some selection still has it; the default straight from the tree's groups. `nil` when the
  /// choices conflict.
  private static func reference(_ tree: UVLRandomTree, place: [Int], choices: [Choice])
    -> [Bool]?
  {
    let count = tree.count
    var feature = [Int](repeating: 0, count: count)  // the tree's feature at each place
    for index in 0..<count { feature[place[index]] = index }
    let valid = tree.validSelections.map { mask in
      (0..<count).map { at in mask & (1 << feature[at]) != 0 }
    }
    var decided = [Bool?](repeating: nil, count: count)
    for choice in choices {
      if let earlier = decided[choice.value], earlier != choice.isChosen { return nil }
      decided[choice.value] = choice.isChosen
    }
    let chosen = decided
    func remaining() -> [[Bool]] {
      valid.filter { selection in
        (0..<count).allSatisfy { decided[$0] == nil || decided[$0] == selection[$0] }
      }
    }
    let consistent = remaining()
    guard !consistent.isEmpty else { return nil }
    let forced = (0..<count).map { at in consistent.allSatisfy { $0[at] } }
    func propagate() {
      let left = remaining()
      for at in 0..<count where decided[at] == nil {
        if left.allSatisfy({ $0[at] }) { decided[at] = true }
        if left.allSatisfy({ !$0[at] }) { decided[at] = false }
      }
    }
    func wish(_ at: Int) -> Bool {
      let member = feature[at]
      guard let group = tree.groups.first(where: { $0.members.contains(member) }) else {
        return true  // the root
      }
      let size = group.members.count
      let minimum: Int
      switch group.kind {
      case .mandatory: return true
      case .optional: return false
      case .alternative, .or: minimum = 1
      case .cardinality(let least, _): minimum = least
      }
      if minimum == 0 { return false }
      if minimum >= size { return true }
      // Chosen, forced by the choices, or taken earlier in file order.
      let selected = group.members.filter { other in
        let there = place[other]
        return other != member
          && (chosen[there] == true || forced[there] || (there < at && decided[there] == true))
      }.count
      return selected < minimum
    }
    propagate()
    for at in 0..<count where decided[at] == nil {
      let wanted = wish(at)
      decided[at] = wanted
      if remaining().isEmpty { decided[at] = !wanted }
      propagate()
    }
    return decided.map { $0 == true }
  }
}
