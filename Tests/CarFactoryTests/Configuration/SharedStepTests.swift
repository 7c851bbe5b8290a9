import CatalogFixtures
import Testing

@testable import CarFactory

/// The working car's first step on a large line shares its reasons' checks with a second
/// space on another thread. Here a line is made of renamed copies of one small random tree
/// (under a root that makes each copy mandatory), either many of them at the sizes that share by
/// default, or a few with sharing at any size; each copy must answer as the small tree does
/// alone, enumerated from the tree rules: the same states, and reasons that decide their value
/// and are minimal, citing rules of their own copy only.
@Suite struct SharedStepTests {
  private static func name(copy: Int, feature: Int) -> String { "c\(copy)_f\(feature)" }

  /// The copies as UVL text.
  private static func uvl(_ tree: UVLRandomTree, copies: Int) -> String {
    var lines = ["features", "  Copies", "    mandatory"]
    func write(_ feature: Int, copy: Int, depth: Int) {
      lines.append(String(repeating: "  ", count: depth) + name(copy: copy, feature: feature))
      for group in tree.groups where group.parent == feature {
        lines.append(String(repeating: "  ", count: depth + 1) + keyword(group.kind))
        for member in group.members { write(member, copy: copy, depth: depth + 2) }
      }
    }
    for copy in 0..<copies { write(0, copy: copy, depth: 3) }
    lines.append("constraints")
    for copy in 0..<copies {
      for constraint in tree.constraints { lines.append("  " + text(constraint, copy: copy)) }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func keyword(_ kind: UVLRandomTree.Kind) -> String {
    switch kind {
    case .mandatory: "mandatory"
    case .optional: "optional"
    case .alternative: "alternative"
    case .or: "or"
    case .cardinality(let minimum, let maximum): "[\(minimum)..\(maximum.map(String.init) ?? "*")]"
    }
  }

  private static func text(_ formula: UVLRandomTree.Formula, copy: Int) -> String {
    switch formula {
    case .atom(let feature): name(copy: copy, feature: feature)
    case .constant(let value): value ? "true" : "false"
    case .not(let inner): "!" + text(inner, copy: copy)
    case .and(let a, let b): "(\(text(a, copy: copy)) & \(text(b, copy: copy)))"
    case .or(let a, let b): "(\(text(a, copy: copy)) | \(text(b, copy: copy)))"
    case .implies(let a, let b): "(\(text(a, copy: copy)) => \(text(b, copy: copy)))"
    case .equivalent(let a, let b): "(\(text(a, copy: copy)) <=> \(text(b, copy: copy)))"
    }
  }

  @Test(arguments: 0..<8)
  func everyCopyOfManyAnswersAsTheTreeAlone(seed: Int) throws {
    try Self.expectCopiesAnswerAsTheTree(seed: seed, copies: nil, sharing: WorkSharing())
  }

  @Test(arguments: 0..<80)
  func everyCopyOfAFewAnswersAsTheTreeAloneWhenEverythingIsShared(seed: Int) throws {
    let sharing = WorkSharing(values: 0, reasonChecks: 1)
    try Self.expectCopiesAnswerAsTheTree(seed: seed + 100, copies: 3, sharing: sharing)
  }

  private static func expectCopiesAnswerAsTheTree(
    seed: Int, copies: Int?, sharing: WorkSharing
  ) throws {
    let tree = UVLRandomTree(seed: UInt64(seed) ^ 0x5EED, features: 6...10, constraintCount: 2...5)
    // The tree's valid selections, with the constraints each breaks.
    var selections: [(mask: Int, broken: Set<Int>)] = []
    for mask in 0..<(1 << tree.count) where tree.isValid(mask, keeping: []) {
      let broken = tree.constraints.indices.filter { !tree.isValid(mask, keeping: [$0]) }
      selections.append((mask, Set(broken)))
    }
    guard selections.contains(where: { $0.broken.isEmpty }) else { return }
    let copies = copies ?? (sharing.values / tree.count + 1)
    let line = ProductLine(
      featureModel: try UVLTestSupport.compile(uvl(tree, copies: copies)),
      model: ModelID("copies"))
    #expect(line.values.count >= sharing.values)
    // Each value's copy and feature; each rule's copy and constraint.
    var place: [String: (copy: Int, feature: Int)] = [:]
    for copy in 0..<copies {
      for feature in 0..<tree.count { place[name(copy: copy, feature: feature)] = (copy, feature) }
    }
    let constraints = tree.constraints.count
    var rule: [String: (copy: Int, constraint: Int)] = [:]
    for (index, lineRule) in line.rules.enumerated() {
      rule[lineRule.id] = (index / constraints, index % constraints)
    }
    // Choices on copy 0, consistent ones only.
    var random = SeededGenerator(state: UInt64(seed) ^ 0xC0_1E5)
    let picked = (0..<tree.count).shuffled(using: &random).prefix(2).map {
      ($0, Bool.random(using: &random))
    }
    let consistent = selections.contains { selection in
      selection.broken.isEmpty
        && picked.allSatisfy { (selection.mask & (1 << $0.0) != 0) == $0.1 }
    }
    let chosen = consistent ? picked : []
    let choices = try chosen.map { feature, isChosen in
      Choice(
        value: try #require(line.values.firstIndex { $0.atom == name(copy: 0, feature: feature) }),
        isChosen: isChosen)
    }
    let configurator = ProductConfigurator(line)
    configurator.timeLimit = .seconds(60)
    configurator.sharing = sharing
    let step = try configurator.firstStep(choices)
    var explained = 0
    for (value, state) in step.states.enumerated() {
      let entry = (value: value, state: state, reason: step.reasons[value])
      let atom = line.values[entry.value].atom
      guard let spot = place[atom] else {
        #expect(atom == "Copies" && entry.state == OptionsReport.State.forced, "seed \(seed)")
        continue
      }
      let (copy, feature) = (spot.copy, spot.feature)
      let given = copy == 0 ? chosen : []
      func allows(_ kept: Set<Int>, _ choices: [(Int, Bool)], holds: Bool) -> Bool {
        selections.contains { selection in
          kept.isDisjoint(with: selection.broken)
            && choices.allSatisfy { (selection.mask & (1 << $0.0) != 0) == $0.1 }
            && (selection.mask & (1 << feature) != 0) == holds
        }
      }
      let all = Set(tree.constraints.indices)
      let canHave = allows(all, given, holds: true)
      let canLack = allows(all, given, holds: false)
      switch entry.state {
      case .chosen: #expect(given.contains { $0.0 == feature && $0.1 }, "seed \(seed): \(atom)")
      case .forced: #expect(canHave && !canLack, "seed \(seed): \(atom) forced")
      case .excluded: #expect(!canHave && canLack || given.contains { $0.0 == feature && !$0.1 })
      case .default, .available: #expect(canHave && canLack, "seed \(seed): \(atom) free")
      case .undecided: Issue.record("seed \(seed): \(atom) undecided on a small model")
      }
      guard entry.state == .forced || entry.state == .excluded, let reason = entry.reason else {
        #expect(entry.state != .forced && entry.state != .excluded, "seed \(seed): \(atom)")
        continue
      }
      explained += 1
      // The reason's rules are of this copy; with them and its choices the value is decided,
      // and without any one of them it is not.
      let rules = reason.rules.compactMap { rule[$0] }
      #expect(rules.count == reason.rules.count && rules.allSatisfy { $0.copy == copy })
      let kept = Set(rules.map(\.constraint))
      let cited = reason.choices.compactMap { choice in
        chosen.first { line.values[choice.value].atom == name(copy: 0, feature: $0.0) }
      }
      #expect(cited.count == reason.choices.count, "seed \(seed): \(atom)")
      let other = entry.state == .excluded
      guard !given.contains(where: { $0.0 == feature }) else { continue }
      #expect(!allows(kept, cited, holds: other), "seed \(seed): \(atom) not decided")
      for dropped in kept {
        #expect(allows(kept.subtracting([dropped]), cited, holds: other), "seed \(seed): \(atom)")
      }
      for index in cited.indices {
        var fewer = cited
        fewer.remove(at: index)
        #expect(allows(kept, fewer, holds: other), "seed \(seed): \(atom) not minimal")
      }
    }
    #expect(explained > 0)
  }
}
