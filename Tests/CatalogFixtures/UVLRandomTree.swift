/// A small random feature tree with random groups and constraints, its UVL text, and its
/// valid selections computed straight from the tree rules, independently of the reader and
/// the engine.
package struct UVLRandomTree {
  package typealias Generator = SeededGenerator

  package enum Kind: Equatable {
    case mandatory, optional, alternative, or
    case cardinality(Int, Int?)
  }

  package struct Group {
    package var parent: Int
    package var kind: Kind
    package var members: [Int]
  }

  package indirect enum Formula {
    case atom(Int)
    case constant(Bool)
    case not(Formula)
    case and(Formula, Formula)
    case or(Formula, Formula)
    case implies(Formula, Formula)
    case equivalent(Formula, Formula)
  }

  /// How many features; feature 0 is the root.
  package let count: Int
  /// Each non-root feature's parent.
  package var parents: [Int]
  package var groups: [Group] = []
  package var constraints: [Formula] = []
  /// The indentation unit of the text.
  package let indent: String
  /// Each feature's attribute list as written inside `{…}` (`W 12.5, P 3`), if any.
  package var attributeText: [Int: String] = [:]
  /// Constraints written as text after those of ``constraints`` (arithmetic ones).
  package var extraConstraints: [String] = []

  /// A random tree.
  ///
  /// - Parameters:
  ///   - seed: The generator's seed.
  ///   - features: How many features, at random in this range.
  ///   - onlyCardinalities: Whether every group is a `[n..m]` group.
  ///   - constraintCount: How many cross-tree constraints, at random in this range.
  package init(
    seed: UInt64, features: ClosedRange<Int>, onlyCardinalities: Bool = false,
    constraintCount: ClosedRange<Int> = 0...3
  ) {
    var random = Generator(state: seed)
    count = Int.random(in: features, using: &random)
    indent = ["\t", "  ", "    ", " "].randomElement(using: &random) ?? "\t"
    parents = [Int](repeating: -1, count: count)
    // Grow the tree a group at a time: a random feature that may still take a group gets one
    // of one to four new features, so large groups appear at every depth.
    var open = [0]
    var groupCount = [Int](repeating: 0, count: count)
    var next = 1
    while next < count, let slot = open.indices.randomElement(using: &random) {
      let parent = open[slot]
      let size = min(Int.random(in: 1...4, using: &random), count - next)
      let members = Array(next..<next + size)
      next += size
      for member in members { parents[member] = parent }
      groups.append(Group(parent: parent, kind: .optional, members: members))
      open += members
      groupCount[parent] += 1
      if groupCount[parent] == 2 { open.remove(at: slot) }
    }
    for index in groups.indices {
      let size = groups[index].members.count
      switch onlyCardinalities ? 4 : Int.random(in: 0..<5, using: &random) {
      case 0: groups[index].kind = .mandatory
      case 1: groups[index].kind = .optional
      case 2: groups[index].kind = .alternative
      case 3: groups[index].kind = .or
      default:
        // Lower bounds from 2 up use the guarded counter: pick them often where they fit.
        let minimum =
          size >= 3 && Bool.random(using: &random)
          ? Int.random(in: 2..<size, using: &random) : Int.random(in: 0...size, using: &random)
        let maximum: Int? =
          Int.random(in: 0..<4, using: &random) == 0
          ? nil : Int.random(in: minimum...size, using: &random)
        groups[index].kind = .cardinality(minimum, maximum)
      }
    }
    for _ in 0..<Int.random(in: constraintCount, using: &random) {
      constraints.append(Self.formula(depth: 3, features: count, using: &random))
    }
  }

  private static func formula(
    depth: Int, features: Int, using random: inout Generator
  ) -> Formula {
    if depth == 0 || Int.random(in: 0..<3, using: &random) == 0 {
      if Int.random(in: 0..<40, using: &random) == 0 {
        return .constant(Bool.random(using: &random))
      }
      return .atom(Int.random(in: 0..<features, using: &random))
    }
    let a = formula(depth: depth - 1, features: features, using: &random)
    let b = formula(depth: depth - 1, features: features, using: &random)
    switch Int.random(in: 0..<5, using: &random) {
    case 0: return .not(a)
    case 1: return .and(a, b)
    case 2: return .or(a, b)
    case 3: return .implies(a, b)
    default: return .equivalent(a, b)
    }
  }

  /// A feature's name: some need quotes (a space, a dot), the rest are quoted at random.
  package static func name(_ feature: Int) -> String {
    switch feature % 4 {
    case 1: "F \(feature)"
    case 2: "F.n\(feature)"
    default: "F\(feature)"
    }
  }

  /// A feature's name as the text writes it, quoted where needed or at random.
  package static func written(_ feature: Int) -> String {
    feature % 4 == 1 || feature % 8 == 3 ? "\"\(name(feature))\"" : name(feature)
  }

  private static func keyword(_ kind: Kind) -> String {
    switch kind {
    case .mandatory: "mandatory"
    case .optional: "optional"
    case .alternative: "alternative"
    case .or: "or"
    case .cardinality(let minimum, let maximum):
      if let maximum {
        maximum == minimum && minimum % 2 == 0 ? "[\(minimum)]" : "[\(minimum)..\(maximum)]"
      } else {
        "[\(minimum)..*]"
      }
    }
  }

  private static func text(_ formula: Formula) -> String {
    switch formula {
    case .atom(let feature): written(feature)
    case .constant(let value): value ? "true" : "false"
    case .not(let inner): "!" + text(inner)
    case .and(let a, let b): "(\(text(a)) & \(text(b)))"
    case .or(let a, let b): "(\(text(a)) | \(text(b)))"
    case .implies(let a, let b): "(\(text(a)) => \(text(b)))"
    case .equivalent(let a, let b): "(\(text(a)) <=> \(text(b)))"
    }
  }

  /// The model as UVL text, depth first, groups in the order they were made.
  package var uvl: String {
    enum Entry {
      case feature(Int, depth: Int)
      case group(Int, depth: Int)
    }
    var lines = ["features"]
    var stack = [Entry.feature(0, depth: 1)]
    while let entry = stack.popLast() {
      switch entry {
      case .feature(let feature, let depth):
        lines.append(
          String(repeating: indent, count: depth) + Self.written(feature)
            + (attributeText[feature].map { " {\($0)}" } ?? ""))
        for index in groups.indices.reversed() where groups[index].parent == feature {
          stack.append(.group(index, depth: depth + 1))
        }
      case .group(let index, let depth):
        lines.append(String(repeating: indent, count: depth) + Self.keyword(groups[index].kind))
        for member in groups[index].members.reversed() {
          stack.append(.feature(member, depth: depth + 1))
        }
      }
    }
    if !constraints.isEmpty || !extraConstraints.isEmpty {
      lines.append("constraints")
      for constraint in constraints { lines.append(indent + Self.text(constraint)) }
      for constraint in extraConstraints { lines.append(indent + constraint) }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Every valid selection (bit `i` = feature `i`), straight from the tree rules.
  package var validSelections: Set<Int> {
    var valid: Set<Int> = []
    for mask in 0..<(1 << count) where isValid(mask) { valid.insert(mask) }
    return valid
  }

  private func isValid(_ mask: Int) -> Bool {
    isValid(mask, keeping: Set(constraints.indices))
  }

  /// Whether a selection (bit `i` = feature `i`) obeys the tree and the constraints of `kept`
  /// (indices into ``constraints``), straight from the tree rules.
  package func isValid(_ mask: Int, keeping kept: Set<Int>) -> Bool {
    func has(_ feature: Int) -> Bool { mask & (1 << feature) != 0 }
    guard has(0) else { return false }
    for feature in 1..<max(count, 1) where has(feature) && !has(parents[feature]) { return false }
    for group in groups where has(group.parent) {
      let selected = group.members.filter(has).count
      let size = group.members.count
      switch group.kind {
      case .mandatory: if selected != size { return false }
      case .optional: break
      case .alternative: if selected != 1 { return false }
      case .or: if selected < 1 { return false }
      case .cardinality(let minimum, let maximum):
        if selected < minimum || selected > (maximum ?? size) { return false }
      }
    }
    return kept.allSatisfy { constraints.indices.contains($0) && evaluate(constraints[$0], has) }
  }

  private func evaluate(_ formula: Formula, _ has: (Int) -> Bool) -> Bool {
    switch formula {
    case .atom(let feature): has(feature)
    case .constant(let value): value
    case .not(let inner): !evaluate(inner, has)
    case .and(let a, let b): evaluate(a, has) && evaluate(b, has)
    case .or(let a, let b): evaluate(a, has) || evaluate(b, has)
    case .implies(let a, let b): !evaluate(a, has) || evaluate(b, has)
    case .equivalent(let a, let b): evaluate(a, has) == evaluate(b, has)
    }
  }
}
