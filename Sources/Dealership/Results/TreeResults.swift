package import CarFactory

/// `tree`: a model as a tree (SPEC §14) — a UVL model's features under their parents, a
/// catalog model's slots and groups with their values — with each value's state under the
/// choices, from one feature or group down, some levels deep.
package struct TreeResult {
  package let line: ProductLine
  /// The choices the states are under (the working car's, or none).
  package let choices: [Choice]
  /// The nodes shown, in the tree's order (a parent before its children).
  package let nodes: [TreeNode]
  /// The group or UVL feature the tree starts from (an index into the line's groups); `nil`
  /// for the whole model.
  package let top: Int?
  /// How many levels below the top are shown; `nil` for all.
  package let depth: Int?

  /// The depth of the first node, from which the shown levels count.
  package var topDepth: Int { nodes.first?.depth ?? 0 }

  /// How many of the nodes shown are values (features).
  package var shownValues: Int {
    nodes.count { if case .value = $0.item { true } else { false } }
  }

  /// Whether some of the model is not shown (a top below the model, or a depth limit that
  /// cut something off).
  package var isPartial: Bool { shownValues < line.values.count }
}

/// One node of a ``TreeResult``.
package struct TreeNode {
  /// What a node is.
  package enum Item: Hashable {
    /// A catalog model itself, the top of its groups.
    case model
    /// A catalog's slot or equipment group (an index into the line's groups).
    case group(Int)
    /// A value: a catalog's part or choice, or a UVL feature (an index into the line's
    /// values).
    case value(Int)
  }

  package let item: Item
  /// Its depth in the model's tree: 0 for the model (a catalog's) or the root feature.
  package let depth: Int
  /// What it is under in the model (`nil` for the top of the model), shown or not.
  package let parent: Item?
  /// How it belongs to its parent: the kind of the UVL group it is a member of, or for a
  /// catalog's value `alternative` (a slot or `one` group) or `optional` (an `any` group);
  /// `nil` for the root, the model and a catalog's groups.
  package let membership: UVLGroupKind?
  /// A value's state under the choices; `nil` for the model and its groups.
  package let state: OptionsReport.State?
  /// How many values below it the depth limit leaves out.
  package let hidden: Int
}
