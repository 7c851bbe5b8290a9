/// A UVL product line's features as the tree the file declares (SPEC §14): each feature's
/// parent, depth and the kind of group it belongs to, by value index (a UVL line's value `i`
/// is feature `i`, in file order).
///
/// The file order is the tree's preorder (the reader appends a feature before the features
/// indented below it), so a feature's subtree is the run of values from it up to the next
/// value no deeper than it: ``subtree(of:)`` is a range.
package struct FeatureTree: Sendable {
  /// Each value's parent value; `nil` for the root.
  package let parents: [Int?]
  /// Each value's depth: 0 for the root, its children 1, and so on.
  package let depths: [Int]
  /// The kind of the group each value belongs to (`alternative`, `optional`, …); `nil` for
  /// the root.
  package let memberships: [UVLGroupKind?]
  /// Where each value's subtree ends (exclusive).
  private let ends: [Int]

  /// The tree of a feature model's features.
  init(_ featureModel: FeatureModel) {
    let features = featureModel.features
    var parents: [Int?] = []
    var depths: [Int] = []
    var memberships: [UVLGroupKind?] = []
    parents.reserveCapacity(features.count)
    depths.reserveCapacity(features.count)
    memberships.reserveCapacity(features.count)
    for feature in features {
      parents.append(feature.parent)
      // A parent comes before its children, so its depth is known.
      depths.append(feature.parent.map { depths[$0] + 1 } ?? 0)
      memberships.append(feature.groupKind)
    }
    // A subtree ends at the first later value no deeper than its top: one pass from the end,
    // each value's end found by hopping over its children's subtrees.
    var ends = [Int](repeating: features.count, count: features.count)
    for index in features.indices.reversed() {
      var next = index + 1
      while next < features.count, depths[next] > depths[index] { next = ends[next] }
      ends[index] = next
    }
    self.parents = parents
    self.depths = depths
    self.memberships = memberships
    self.ends = ends
  }

  /// The number of features.
  package var count: Int { depths.count }

  /// A feature and every feature below it, in file order.
  ///
  /// - Parameter value: A value index of the line (a feature).
  /// - Returns: The values of its subtree, itself first; empty for an index out of range.
  package func subtree(of value: Int) -> Range<Int> {
    guard ends.indices.contains(value) else { return 0..<0 }
    return value..<ends[value]
  }
}

extension ProductLine {
  /// A UVL line's feature tree; `nil` for a catalog model, whose groups hold its values.
  /// Made on each call (one pass over the features, well under a millisecond for 18,000):
  /// a result that shows the tree keeps the one it was given.
  package var featureTree: FeatureTree? {
    featureModel.map(FeatureTree.init)
  }
}
