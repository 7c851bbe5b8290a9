package import ConfigurationEngine

/// A UVL product line compiled for the configuration engine: the features in file order with
/// their place in the tree, prices and variables, and the ``ConstraintModel`` whose solutions
/// (all rules in force) are exactly the valid feature selections.
///
/// Feature `i` (in file order) is variable `i` of ``engine``; auxiliaries and rule selectors
/// come after the features. Each cross-tree constraint is a citeable rule with the id
/// `constraint N`, N its line.
package struct FeatureModel: Sendable {
  /// One feature.
  package struct Feature: Hashable, Sendable {
    /// Its name (dotted names joined with `.`).
    package let name: String
    /// The line it is declared on.
    package let line: Int
    /// Its parent (an index into ``FeatureModel/features``); `nil` for the root.
    package let parent: Int?
    /// The group it belongs to (an index into ``FeatureModel/groups``); `nil` for the root.
    package let group: Int?
    /// The kind of the group it belongs to; `nil` for the root.
    package let groupKind: UVLGroupKind?
    /// Whether it is `{abstract}`.
    package let isAbstract: Bool
    /// Its surcharge in USD, from its `price` attribute.
    package let price: Price?
    /// Its attributes as written.
    package let attributes: [UVLAttribute]
    /// Its numeric attributes other than `price`, exact (SPEC §13).
    package let numbers: AttributeValues
    /// The engine variable that is true when the feature is selected.
    package let variable: Variable
  }

  /// One cross-tree constraint and the rule that enforces it.
  package struct Constraint: Hashable, Sendable {
    /// The rule id explanations cite: `constraint N`, N the line it starts on (a second
    /// constraint on the same line, possible only in attributes, gets `constraint N #2`).
    package let id: String
    /// The line it starts on.
    package let line: Int
    /// Its source text, blanks collapsed, for messages.
    package let text: String
    /// The expression over feature names.
    package let expression: Expression
    /// The engine rule: its selector and the literal equivalent to the constraint.
    package let rule: ConstraintModel.Rule
  }

  /// The file the model came from.
  package let file: String
  /// The model's `namespace`, if any.
  package let namespace: String?
  /// Every feature in file order; the root first, a parent before its children.
  package let features: [Feature]
  /// Every group in file order.
  package let groups: [UVLGroup]
  /// The cross-tree constraints in file order.
  package let constraints: [Constraint]
  /// The numeric attributes a build has a total of, in order of first appearance: those
  /// whose every number is exact (see ``UVLModel/unreadableNumbers``), `price` excepted.
  package let attributeNames: [String]
  /// The Boolean model: the tree's clauses always hold; constraints are rules.
  package let engine: ConstraintModel
  /// What each feature takes by default (SPEC §8), in file order: the data the greedy
  /// completion of `build` reads through ``defaultLiteral(for:value:)``.
  package let defaults: [FeatureDefault]
  /// Each feature's index by name.
  private let index: [String: Int]

  /// The index of the feature with this exact name.
  ///
  /// - Parameter name: The feature's name.
  /// - Returns: Its index in ``features``, or `nil`.
  package func feature(named name: String) -> Int? { index[name] }

  /// The feature whose variable this is, if it is a feature's.
  ///
  /// - Parameter variable: An engine variable.
  /// - Returns: The feature's index, or `nil` for an auxiliary or selector.
  package func feature(of variable: Variable) -> Int? {
    let position = Int(variable.index)
    return position >= 0 && position < features.count ? position : nil
  }

  /// Creates the compiled model from its parts (see ``init(_:)``).
  init(
    model: UVLModel, features: [Feature], constraints: [Constraint], engine: ConstraintModel,
    defaults: [FeatureDefault], index: [String: Int], attributeNames: [String]
  ) {
    file = model.file
    namespace = model.namespace
    groups = model.groups
    self.features = features
    self.constraints = constraints
    self.engine = engine
    self.defaults = defaults
    self.index = index
    self.attributeNames = attributeNames
  }
}
