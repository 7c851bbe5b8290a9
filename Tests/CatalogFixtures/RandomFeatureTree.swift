/// A random UVL feature tree for the tests of what shows a large model (SPEC §14): its text,
/// and each feature's parent, depth and group kind as the generator made them, in the file's
/// order, so a table's rows and a tree's nodes can be checked against the generator rather
/// than the reader.
///
/// Every model has a valid build: each cross-tree constraint is `X => L` with `X` a member of
/// an `optional` group, so leaving every such member out satisfies all of them, and the tree
/// alone always has a build (mandatory members in, one member of each other group).
package struct RandomFeatureTree {
  /// One feature, in file order.
  package struct Feature: Equatable {
    /// Its name (as written, unquoted: the names have no blanks).
    package var name: String
    /// Its parent's position in ``RandomFeatureTree/features``; `nil` for the root.
    package var parent: Int?
    /// 0 for the root.
    package var depth: Int
    /// The keyword of the group it is a member of (`optional`, `[1..2]`); `nil` for the root.
    package var group: String?
  }

  /// The features in file order (a parent before its subtree, the subtree contiguous).
  package private(set) var features: [Feature] = []
  /// The model as UVL text.
  package private(set) var uvl = ""

  /// Stems of the names, so that a search finds several features (`Brake_3`, `BRAKE_12`).
  private static let stems = ["Brake", "Seat", "Engine", "Light", "Mirror", "Wheel", "Audio"]

  /// A tree of about `features` features (the last group may stop it a little short).
  ///
  /// - Parameters:
  ///   - seed: The generator's seed.
  ///   - features: How many features, at random in this range (at least 2).
  package init(seed: UInt64, features: ClosedRange<Int>) {
    var random = SeededGenerator(state: seed)
    let target = Int.random(in: features, using: &random)
    // The shape first: each node's groups of children, made breadth first.
    var groups: [[(keyword: String, members: [Int])]] = [[]]
    var open = [0]
    var made = 1
    while made < target, let slot = open.indices.randomElement(using: &random) {
      let parent = open[slot]
      let size = min(Int.random(in: 1...4, using: &random), target - made)
      let members = Array(made..<made + size)
      made += size
      groups.append(contentsOf: members.map { _ in [] })
      let keyword: String
      switch Int.random(in: 0..<5, using: &random) {
      case 0: keyword = "mandatory"
      case 1: keyword = "optional"
      case 2: keyword = "alternative"
      case 3: keyword = "or"
      default:
        let low = Int.random(in: 0...size, using: &random)
        let high = Int.random(in: max(low, 1)...size, using: &random)
        keyword = low == high ? "[\(low)]" : "[\(low)..\(high)]"
      }
      groups[parent].append((keyword, members))
      open += members
      if groups[parent].count == 2 { open.remove(at: slot) }
    }
    // Then the file, depth first, each node numbered as it is written.
    write(groups: groups, random: &random)
  }

  /// Writes ``uvl`` and ``features`` from the shape, depth first.
  private mutating func write(
    groups: [[(keyword: String, members: [Int])]], random: inout SeededGenerator
  ) {
    var lines = ["features"]
    var optionalMembers: [Int] = []
    enum Entry {
      case feature(node: Int, parent: Int?, depth: Int, group: String?)
      case keyword(String, depth: Int)
    }
    var stack: [Entry] = [.feature(node: 0, parent: nil, depth: 0, group: nil)]
    while let entry = stack.popLast() {
      switch entry {
      case .keyword(let keyword, let depth):
        lines.append(String(repeating: "\t", count: 2 * depth + 2) + keyword)
      case .feature(let node, let parent, let depth, let group):
        let position = features.count
        let stem = Self.stems[node % Self.stems.count]
        let name = (node % 3 == 0 ? stem.uppercased() : stem) + "_\(node)"
        features.append(Feature(name: name, parent: parent, depth: depth, group: group))
        if group == "optional" { optionalMembers.append(position) }
        lines.append(String(repeating: "\t", count: 2 * depth + 1) + name)
        for (keyword, members) in groups[node].reversed() {
          for member in members.reversed() {
            stack.append(.feature(node: member, parent: position, depth: depth + 1, group: keyword))
          }
          stack.append(.keyword(keyword, depth: depth))
        }
      }
    }
    if !optionalMembers.isEmpty {
      lines.append("constraints")
      for _ in 0..<Int.random(in: 0...4, using: &random) {
        guard let antecedent = optionalMembers.randomElement(using: &random) else { break }
        let other = Int.random(in: 0..<features.count, using: &random)
        guard other != antecedent else { continue }
        let negated = Bool.random(using: &random) ? "!" : ""
        lines.append("\t\(features[antecedent].name) => \(negated)\(features[other].name)")
      }
    }
    uvl = lines.joined(separator: "\n") + "\n"
  }

  /// A feature and every feature below it, as positions in ``features``.
  ///
  /// - Parameter feature: A feature's position.
  /// - Returns: Its subtree's positions, in file order.
  package func subtree(of feature: Int) -> [Int] {
    var inside: Set<Int> = [feature]
    var subtree = [feature]
    for position in features.indices where position > feature {
      guard let parent = features[position].parent, inside.contains(parent) else { continue }
      inside.insert(position)
      subtree.append(position)
    }
    return subtree
  }
}
