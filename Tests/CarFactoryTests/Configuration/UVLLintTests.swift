import CatalogFixtures
import Testing

@testable import CarFactory

/// `lint` on UVL-shaped models (random trees whose constraints often restate a group, as
/// exported models do) against the tree rules enumerated directly
/// (``UVLRandomTree/isValid(_:keeping:)``): a constraint is redundant exactly when leaving it
/// out keeps the same valid builds; dead and core features as every valid build says.
@Suite struct UVLLintTests {
  @Test(arguments: 0..<300)
  func lintFindsWhatTheEnumerationFinds(seed: Int) throws {
    let tree = UVLRandomTree(seed: UInt64(seed), features: 4...11, constraintCount: 0...3)
      .restatingGroups(seed: UInt64(seed))
    let line = ProductLine(
      featureModel: try UVLTestSupport.compile(tree.uvl), model: ModelID("tree"))
    let names = (0..<tree.count).map(UVLRandomTree.name)
    var feature: [Int] = []
    for value in line.values { feature.append(try #require(names.firstIndex(of: value.atom))) }
    let configurator = ProductConfigurator(line)
    configurator.timeLimit = .seconds(60)
    let findings = try configurator.lint()
    let all = Set(tree.constraints.indices)
    let valid = (0..<(1 << tree.count)).filter { tree.isValid($0, keeping: all) }
    #expect(findings.hasBuild == !valid.isEmpty, "seed \(seed)")
    guard !valid.isEmpty else { return }
    func has(_ mask: Int, _ value: Int) -> Bool { mask & (1 << feature[value]) != 0 }
    let dead = line.values.indices.filter { value in !valid.contains { has($0, value) } }
    let core = line.values.indices.filter { value in valid.allSatisfy { has($0, value) } }
    #expect(findings.dead == dead, "seed \(seed)")
    #expect(findings.core == core, "seed \(seed)")
    let redundant = tree.constraints.indices.filter { index in
      let others = all.subtracting([index])
      return (0..<(1 << tree.count)).filter { tree.isValid($0, keeping: others) } == valid
    }.map { line.rules[$0].id }
    #expect(findings.redundantRules == redundant, "seed \(seed)")
  }

  /// The generated constraints restate groups often enough that some are redundant, and the
  /// issue's own model (`R`, `alternative A B C`, "exactly one" written out) is among them.
  @Test func theRestatedGroupsAreOftenRedundant() throws {
    var redundant = 0
    for seed in 0..<150 {
      let tree = UVLRandomTree(seed: UInt64(seed), features: 4...11, constraintCount: 0...3)
        .restatingGroups(seed: UInt64(seed))
      let line = ProductLine(
        featureModel: try UVLTestSupport.compile(tree.uvl), model: ModelID("tree"))
      let configurator = ProductConfigurator(line)
      configurator.timeLimit = .seconds(60)
      redundant += try configurator.lint().redundantRules.count
    }
    #expect(redundant > 40)
    let text =
      "features\n  R\n    alternative\n      A\n      B\n      C\n"
      + "constraints\n  A & !B & !C | B & !A & !C | C & !A & !B\n"
    let line = ProductLine(featureModel: try UVLTestSupport.compile(text), model: ModelID("m"))
    #expect(try ProductConfigurator(line).lint().redundantRules == ["constraint 8"])
  }
}
