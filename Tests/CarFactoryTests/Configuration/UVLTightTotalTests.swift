import CatalogFixtures
import ConfigurationEngine
import Testing

@testable import CarFactory

/// Tight totals (issue 50): `sum(W) <= K` with `K` at or just above the lightest valid build,
/// or below it, where the solver bounds the total from the feature tree
/// (`Solver+TreeBound.swift`): what the groups still must add, and what a value brings with
/// it. Against an enumeration of the random tree that sums the weights itself: counts, every
/// value's state, the build, and that each reason decides its value. With every sum an adder
/// network (the solver propagates it natively, with the tree's bound) and with the default
/// encoding (small sums become diagrams, which propagate completely without it).
@Suite struct UVLTightTotalTests {
  private struct Case {
    let tree: UVLRandomTree
    let weights: [Int64]
    let bound: Int64
    let line: ProductLine
    let configurator: ProductConfigurator
    let feature: [Int]
    let valid: [Int]

    /// A tree of 8–13 features, weights 1–200 on most (a few negative, a few none), and the
    /// bound at `fraction` of the way from the lightest valid build to the heaviest, less
    /// `below` (so a positive `below` at fraction 0 leaves no build).
    init(seed: UInt64, fraction: Int64, below: Int64 = 0) throws {
      var tree = UVLRandomTree(seed: seed, features: 8...13, constraintCount: 0...2)
      var random = SeededGenerator(state: seed &* 2_654_435_761 &+ 50)
      var weights = [Int64](repeating: 0, count: tree.count)
      for feature in 0..<tree.count {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: weights[feature] = 0
        case 1: weights[feature] = -Int64.random(in: 1...60, using: &random)
        default: weights[feature] = Int64.random(in: 1...200, using: &random)
        }
        if weights[feature] != 0 { tree.attributeText[feature] = "W \(weights[feature])" }
      }
      if weights.allSatisfy({ $0 == 0 }) {
        weights[0] = 1
        tree.attributeText[0] = "W 1"
      }
      let selections = Array(tree.validSelections)
      let totals = selections.map { Self.total($0, weights) }
      let lightest = totals.min() ?? 0
      let heaviest = totals.max() ?? 0
      let bound = lightest + (heaviest - lightest) * fraction / 100 - below
      self.bound = bound
      tree.extraConstraints = ["sum(W) <= \(bound)"]
      self.tree = tree
      self.weights = weights
      line = ProductLine(featureModel: try UVLTestSupport.compile(tree.uvl), model: ModelID("t"))
      configurator = ProductConfigurator(line)
      let names = (0..<tree.count).map(UVLRandomTree.name)
      feature = try line.values.map { value in try #require(names.firstIndex(of: value.atom)) }
      valid = selections.filter { Self.total($0, weights) <= bound }
    }

    static func total(_ mask: Int, _ weights: [Int64]) -> Int64 {
      weights.indices.filter { mask & (1 << $0) != 0 }.reduce(0) { $0 + weights[$1] }
    }

    func has(_ mask: Int, _ value: Int) -> Bool { mask & (1 << feature[value]) != 0 }

    /// Whether a selection keeps the rules named (the tree's constraints in order, then the
    /// sum) and the choices, with `value` at `holds`: straight from the tree and the weights.
    func allows(rules: [String], choices: [Choice], value: Int, holds: Bool) -> Bool {
      let kept = Set(line.rules.indices.filter { rules.contains(line.rules[$0].id) })
      let sumKept = kept.contains(tree.constraints.count)
      return (0..<(1 << tree.count)).contains { mask in
        tree.isValid(mask, keeping: kept.subtracting([tree.constraints.count]))
          && (!sumKept || Self.total(mask, weights) <= bound)
          && choices.allSatisfy { has(mask, $0.value) == $0.isChosen } && has(mask, value) == holds
      }
    }
  }

  private static let seeds: [UInt64] = Array(1...60)

  @Test(arguments: seeds)
  func tightSumsAnswerAsTheEnumeration(seed: UInt64) throws {
    for encoding in [ConstraintModel.LinearEncoding.adder, .bySize] {
      try ConstraintModel.$forcedLinearEncoding.withValue(encoding) {
        for (fraction, below) in [(Int64(0), Int64(0)), (5, 0), (20, 0), (0, 1)] {
          try Self.check(try Case(seed: seed, fraction: fraction, below: below), seed: seed)
        }
      }
    }
  }

  /// The random trees bind: most bounds at the lightest build leave few builds of many.
  @Test func theBoundsBind() throws {
    var binding = 0
    for seed in Self.seeds {
      let test = try Case(seed: seed, fraction: 0)
      if !test.valid.isEmpty, test.valid.count < test.tree.validSelections.count { binding += 1 }
    }
    #expect(binding > 40)
  }

  private static func check(_ test: Case, seed: UInt64) throws {
    var random = SeededGenerator(state: seed &* 7919 &+ UInt64(test.bound & 0xffff))
    for attempt in 0..<3 {
      let choices = attempt == 0 ? [] : test.line.randomChoices(upTo: 2, using: &random)
      let selections = test.valid.filter { mask in
        choices.allSatisfy { test.has(mask, $0.value) == $0.isChosen }
      }
      let model = "seed \(seed) K \(test.bound) choices \(choices):\n\(test.tree.uvl)"
      #expect(
        try test.configurator.count(choices).uint64Value == UInt64(selections.count), "\(model)")
      guard !selections.isEmpty else {
        #expect(throws: ConfigurationError.self, "\(model)") {
          try test.configurator.options(choices)
        }
        continue
      }
      let report = try test.configurator.options(choices)
      let build = try test.configurator.build(choices)
      #expect(
        selections.contains { mask in
          test.line.values.indices.allSatisfy { test.has(mask, $0) == build.selected[$0] }
        }, "\(model)")
      for entry in report.entries {
        let expected = UVLTestSupport.expectedState(
          of: entry.value, choices: choices,
          holding: selections.filter { test.has($0, entry.value) }.count,
          of: selections.count, inBuild: build.selected[entry.value])
        #expect(entry.state == expected, "\(model) value \(test.line.values[entry.value].atom)")
        guard entry.state == .forced || entry.state == .excluded, let reason = entry.reason,
          !choices.contains(where: { $0.value == entry.value })
        else { continue }
        #expect(
          !test.allows(
            rules: reason.rules, choices: reason.choices, value: entry.value,
            holds: entry.state == .excluded), "\(model) reason for \(entry.value)")
      }
    }
  }
}
