import ConfigurationEngine

extension FeatureModel {
  /// Reads and compiles a model from its bytes.
  ///
  /// - Parameters:
  ///   - bytes: The `.uvl` file's contents.
  ///   - file: The name used in messages.
  /// - Throws: ``UVLError`` naming the file, the line and the bad token.
  package init(bytes: [UInt8], file: String) throws(UVLError) {
    let (model, index) = try UVLReader.parse(bytes, file: file)
    try self.init(model, index: index)
  }

  /// Reads and compiles a model file (at most ``UVLReader/maximumFileSize`` bytes).
  ///
  /// - Parameter path: The `.uvl` file.
  /// - Throws: ``UVLError`` naming the file, the line and the bad token.
  package init(contentsOf path: String) throws(UVLError) {
    try self.init(bytes: try UVLReader.bytes(of: path), file: path)
  }

  /// Compiles a read model:
  /// - the root is selected; every other feature implies its parent;
  /// - a `mandatory` member is selected with its parent; an `alternative` group has exactly
  ///   one member selected when its parent is, an `or` group at least one, a `[n..m]` group
  ///   between n and m (as every group, none when the parent is not selected);
  /// - each cross-tree constraint is a rule with the id `constraint N`.
  ///
  /// - Parameter model: A model from ``UVLReader``.
  /// - Throws: ``UVLError`` only for a model not made by the reader whose constraint names an
  ///   unknown feature or whose tree is malformed.
  package init(_ model: UVLModel) throws(UVLError) {
    try self.init(model, index: nil)
  }

  /// Compiles a read model, reusing the reader's index of names when it has one.
  private init(_ model: UVLModel, index known: [String: Int]?) throws(UVLError) {
    var engine = ConstraintModel()
    var index = known ?? [:]
    if known == nil { index.reserveCapacity(model.features.count) }
    var features: [Feature] = []
    features.reserveCapacity(model.features.count)
    func fail(_ line: Int, _ message: String) -> UVLError {
      UVLError(file: model.file, line: line, kind: .invalid, message: message)
    }
    for (position, feature) in model.features.enumerated() {
      let variable = engine.newVariable()
      if known == nil { index[feature.name] = position }
      var parent: Int?
      var kind: UVLGroupKind?
      if let group = feature.group {
        guard model.groups.indices.contains(group), model.groups[group].parent < position else {
          throw fail(feature.line, "the feature '\(feature.name)' is not below its group")
        }
        parent = model.groups[group].parent
        kind = model.groups[group].kind
      } else if position > 0 {
        throw fail(feature.line, "a second root '\(feature.name)'")
      }
      features.append(
        Feature(
          name: feature.name, line: feature.line, parent: parent, group: feature.group,
          groupKind: kind, isAbstract: feature.isAbstract, price: feature.price,
          attributes: feature.attributes, variable: variable))
    }
    if let root = features.first { engine.addClause([root.variable.positive]) }
    for feature in features {
      if let parent = feature.parent {
        engine.addImplication(feature.variable.positive, features[parent].variable.positive)
      }
    }
    for group in model.groups {
      let members = group.members.compactMap { features.indices.contains($0) ? $0 : nil }
      guard features.indices.contains(group.parent) else {
        throw fail(group.line, "a group without a parent")
      }
      Self.encode(
        group.kind, parent: features[group.parent].variable.positive,
        members: members.map { features[$0].variable.positive }, into: &engine)
    }
    var constraints: [Constraint] = []
    var ids: Set<String> = []
    for constraint in model.constraints {
      let formula = try constraint.expression.formula { (name, _) throws(UVLError) -> Literal in
        guard let feature = index[name] else {
          throw fail(constraint.line, "unknown feature '\(name)' in a constraint")
        }
        return features[feature].variable.positive
      }
      var id = "constraint \(constraint.line)"
      var copy = 1
      while ids.contains(id) {
        copy += 1
        id = "constraint \(constraint.line) #\(copy)"
      }
      ids.insert(id)
      let rule = engine.addRule(id: id, formula)
      constraints.append(
        Constraint(
          id: id, line: constraint.line, text: constraint.text,
          expression: constraint.expression, rule: rule))
    }
    let defaults = Self.defaults(features: features, groups: model.groups)
    self.init(
      model: model, features: features, constraints: constraints, engine: engine,
      defaults: defaults, index: index)
  }

  /// Adds the clauses of one group, relative to its parent.
  ///
  /// Members are never selected without the parent (each implies it), so an upper bound needs
  /// no guard; a lower bound must hold only when the parent is selected. For `[n..m]` with
  /// n ≥ 2 the counter counts the members plus n copies of `¬parent`: with the parent the
  /// copies add nothing and the members must number n to m; without it the members are all
  /// off and the copies make exactly n, within the bounds. Every counter variable stays
  /// defined by its inputs, so solutions still count selections.
  ///
  /// - Parameters:
  ///   - kind: The group's kind.
  ///   - parent: The parent's literal.
  ///   - members: The members' literals.
  ///   - engine: The model to add to.
  static func encode(
    _ kind: UVLGroupKind, parent: Literal, members: [Literal], into engine: inout ConstraintModel
  ) {
    let count = members.count
    let (minimum, maximum) = kind.bounds(members: count)
    if minimum > maximum {
      // Cannot be met when the parent is selected.
      engine.addClause([!parent])
      return
    }
    if minimum == count {
      for member in members { engine.addImplication(parent, member) }
      return
    }
    switch minimum {
    case 0:
      if maximum < count { engine.addCardinality(members, minimum: 0, maximum: maximum) }
    case 1:
      engine.addClause([!parent] + members)
      if maximum < count { engine.addCardinality(members, minimum: 0, maximum: maximum) }
    default:
      let padding = [Literal](repeating: !parent, count: minimum)
      engine.addCardinality(
        members + padding, minimum: minimum, maximum: maximum < count ? maximum : nil)
    }
  }
}
