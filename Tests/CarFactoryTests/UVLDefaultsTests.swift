import CatalogFixtures
import ConfigurationEngine
import Testing

@testable import CarFactory

/// The default order of SPEC §8 as data: an optional feature is off, a group takes its first
/// possible members in file order; a greedy completion over it never dead-ends.
@Suite struct UVLDefaultsTests {
  private static let showroom = """
    features
      R
        alternative
          A
          B
          C
        or
          D
          E
        optional
          F
        [2..3]
          G
          H
          I
          J
        [0..2]
          K
          L
        mandatory
          M
    constraints
      !A
      G => !H
    """

  /// Completes a selection greedily, as `build` does: undecided features in file order, each
  /// taking its default if some valid selection still allows it, and complete propagation
  /// (here by brute force over the valid selections) after every decision.
  private static func complete(_ model: FeatureModel, valid: Set<Int>) -> Int? {
    var decided = [Bool?](repeating: nil, count: model.features.count)
    func consistent() -> [Int] {
      valid.filter { mask in
        decided.indices.allSatisfy { decided[$0] == nil || decided[$0] == (mask & (1 << $0) != 0) }
      }
    }
    func propagate() {
      let remaining = consistent()
      for feature in decided.indices where decided[feature] == nil {
        let values = Set(remaining.map { $0 & (1 << feature) != 0 })
        if values.count == 1 { decided[feature] = values.first }
      }
    }
    propagate()
    for feature in model.features.indices where decided[feature] == nil {
      let literal = model.defaultLiteral(for: feature) { variable in
        model.feature(of: variable).flatMap { decided[$0] }
      }
      #expect(literal.variable == model.features[feature].variable)
      decided[feature] = !literal.isNegated
      if consistent().isEmpty { decided[feature] = literal.isNegated }
      propagate()
    }
    guard decided.allSatisfy({ $0 != nil }) else { return nil }
    return decided.indices.reduce(0) { $0 | (decided[$1] == true ? 1 << $1 : 0) }
  }

  @Test func describesEachFeaturesDefault() throws {
    let model = try UVLTestSupport.compile(Self.showroom)
    #expect(
      model.defaults == [
        .selected,
        .groupMember(group: 0, count: 1), .groupMember(group: 0, count: 1),
        .groupMember(group: 0, count: 1),
        .groupMember(group: 1, count: 1), .groupMember(group: 1, count: 1),
        .deselected,
        .groupMember(group: 3, count: 2), .groupMember(group: 3, count: 2),
        .groupMember(group: 3, count: 2), .groupMember(group: 3, count: 2),
        .deselected, .deselected,
        .selected,
      ])
  }

  @Test func takesTheFirstPossibleMembersOfEachGroup() throws {
    let model = try UVLTestSupport.compile(Self.showroom)
    let valid = Set(UVLTestSupport.projectedSolutions(model).keys)
    let selection = try #require(Self.complete(model, valid: valid))
    let names = model.features.indices.filter { selection & (1 << $0) != 0 }.map {
      model.features[$0].name
    }
    // A is excluded, so the alternative takes B; D for the or group; G excludes H, so the
    // [2..3] group takes G and I; nothing optional; M is mandatory.
    #expect(names == ["R", "B", "D", "G", "I", "M"])
  }

  @Test func aSelectedMemberSatisfiesTheGroup() throws {
    let model = try UVLTestSupport.compile(Self.showroom)
    let e = try #require(model.feature(named: "E"))
    let d = try #require(model.feature(named: "D"))
    let chosenE = model.defaultLiteral(for: d) { variable in
      variable == model.features[e].variable ? true : nil
    }
    #expect(chosenE == model.features[d].variable.negative)
    let nothing = model.defaultLiteral(for: d) { _ in nil }
    #expect(nothing == model.features[d].variable.positive)
  }

  @Test(arguments: 0..<40)
  func greedyCompletionNeverDeadEnds(seed: Int) throws {
    let tree = UVLRandomTree(seed: UInt64(seed), features: 3...9)
    let model = try UVLTestSupport.compile(tree.uvl)
    let valid = Set(UVLTestSupport.projectedSolutions(model).keys)
    guard !valid.isEmpty else { return }
    let selection = Self.complete(model, valid: valid)
    #expect(selection.map(valid.contains) == true, "seed \(seed):\n\(tree.uvl)")
  }
}
