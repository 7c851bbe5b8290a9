import ConfigurationEngine

extension FeatureModel {
  /// Reads and compiles a model from its bytes.
  ///
  /// - Parameters:
  ///   - bytes: The `.uvl` file's contents.
  ///   - file: The name used in messages.
  /// - Throws: ``UVLError`` naming the file, the line and the bad token.
  package init(bytes: [UInt8], file: String) throws(UVLError) {
    let (model, index, memory) = try UVLReader.parse(bytes, file: file)
    try self.init(model, index: index, memory: memory)
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
    try self.init(model, index: nil, memory: .unlimited)
  }

  /// Compiles a read model, reusing the reader's index of names when it has one, and
  /// charging its counters to what the reader left of the memory budget.
  private init(_ model: UVLModel, index known: [String: Int]?, memory: UVLMemoryBudget)
    throws(UVLError)
  {
    var memory = memory
    var engine = ConstraintModel()
    var index = known ?? [:]
    if known == nil { index.reserveCapacity(model.features.count) }
    var features: [Feature] = []
    features.reserveCapacity(model.features.count)
    func fail(_ line: Int, _ message: String) -> UVLError {
      UVLError(file: model.file, line: line, kind: .invalid, message: message)
    }
    let unreadable = model.unreadableNumbers
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
          attributes: feature.attributes,
          numbers: unreadable.isEmpty
            ? feature.numbers : feature.numbers.filter { unreadable[$0.key] == nil },
          variable: variable))
    }
    if let root = features.first { engine.addClause([root.variable.positive]) }
    for feature in features {
      if let parent = feature.parent {
        engine.addImplication(feature.variable.positive, features[parent].variable.positive)
        engine.declareParent(features[parent].variable, of: feature.variable)
      }
    }
    var cells = 0
    for group in model.groups {
      let members = group.members.compactMap { features.indices.contains($0) ? $0 : nil }
      guard features.indices.contains(group.parent) else {
        throw fail(group.line, "a group without a parent")
      }
      let limit = Self.maximumCounterCells
      let cost = Self.counterCells(group.kind, members: members.count)
      // `cost` may be huge; it is added only once it is known to be within the limit.
      cells += min(cost, limit + 1)
      guard cost <= limit, cells <= 4 * limit else {
        throw UVLError(
          file: model.file, line: group.line, kind: .limit,
          message: "the group \(group.kind.keyword) of \(members.count) members under "
            + "\(UVLError.quote(features[group.parent].name)) is too large to encode "
            + (cost > limit
              ? "(it needs a counter of \(cost) cells; the limit is \(limit))"
              : "(the model's counters together pass \(4 * limit) cells)"))
      }
      if cost > members.count, !memory.charge(cost, of: UVLMemoryBudget.counterCellCost) {
        throw memory.error(file: model.file, line: group.line)
      }
      Self.encode(
        group.kind, parent: features[group.parent].variable.positive,
        members: members.map { features[$0].variable.positive }, into: &engine)
    }
    var constraints: [Constraint] = []
    constraints.reserveCapacity(model.constraints.count)
    // How many constraints start on each line so far: a line's ids are `constraint N`,
    // `constraint N #2`, …, so counting by line numbers them without comparing strings.
    var copies: [Int: Int] = [:]
    let attributeNames = Self.attributeNames(of: model)
    // Made for the first comparison, so Boolean models never build it.
    var arithmetic: RuleArithmetic?
    engine.linearNodeBudget = Self.maximumLinearNodes
    var linearTerms = 0
    for constraint in model.constraints {
      if arithmetic == nil, constraint.expression.hasComparison {
        arithmetic = Self.arithmetic(features: features, attributes: attributeNames)
      }
      let formula = try Self.formula(
        of: constraint, in: model, arithmetic: arithmetic ?? .none
      ) { (name) throws(UVLError) -> Literal in
        guard let feature = index[name] else {
          throw fail(constraint.line, "unknown feature '\(name)' in a constraint")
        }
        return features[feature].variable.positive
      }
      let copy = copies[constraint.line, default: 0] + 1
      copies[constraint.line] = copy
      let id =
        copy == 1 ? "constraint \(constraint.line)" : "constraint \(constraint.line) #\(copy)"
      try Self.checkLinearSize(formula, of: constraint, in: model, total: &linearTerms)
      let rule = engine.addRule(id: id, Self.chunked(formula))
      if engine.linearNodesExhausted {
        throw UVLError(
          file: model.file, line: constraint.line, kind: .limit,
          message: "the arithmetic of the constraint \(UVLError.quote(constraint.text)) is too "
            + "large to encode exactly (the model's comparisons pass "
            + "\(Self.maximumLinearNodes) diagram nodes)")
      }
      constraints.append(
        Constraint(
          id: id, line: constraint.line, text: constraint.text,
          expression: constraint.expression, rule: rule))
    }
    let defaults = Self.defaults(features: features, groups: model.groups)
    self.init(
      model: model, features: features, constraints: constraints, engine: engine,
      defaults: defaults, index: index, attributeNames: attributeNames)
  }

  /// The most cells (auxiliary variables, each with a few clauses) one group's cardinality
  /// counter may take; four times as many for all groups together. Real models stay far below
  /// (the public ones need a few hundred); a hostile `[2..*]` over a hundred thousand members
  /// would need billions.
  static let maximumCounterCells = 500_000

  /// How many counter cells ``encode(_:parent:members:into:)`` makes for a group, following
  /// `addCardinality`'s sequential counter (members × the count it tracks); linear encodings
  /// count their members.
  static func counterCells(_ kind: UVLGroupKind, members count: Int) -> Int {
    let bounds = kind.bounds(members: count)
    let (minimum, maximum) = (max(0, bounds.minimum), bounds.maximum)
    if minimum > maximum || minimum == count { return count }
    if minimum <= 1 {
      // Only a binding upper bound above 1 needs a counter, tracking maximum + 1 members.
      return maximum < count && maximum > 1 ? cells(count, maximum + 1) : count
    }
    // The members and the padding; without a binding upper bound the engine's counter tracks
    // them all.
    let literals = count + minimum
    return cells(literals, maximum < count ? maximum + 1 : literals)
  }

  private static func cells(_ literals: Int, _ tracked: Int) -> Int {
    let (product, overflow) = literals.multipliedReportingOverflow(by: tracked)
    return overflow ? .max : product
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
    let bounds = kind.bounds(members: count)
    let (minimum, maximum) = (max(0, bounds.minimum), bounds.maximum)
    if minimum > maximum {
      // Cannot be met when the parent is selected.
      engine.addClause([!parent])
      return
    }
    // The clauses below ask for at least `minimum` members: a bound on totals may count on it.
    if !parent.isNegated, !members.contains(where: \.isNegated) {
      engine.declareGroup(
        parent: parent.variable, members: members.map(\.variable), minimum: minimum)
    }
    if minimum == count {
      for member in members { engine.addImplication(parent, member) }
      return
    }
    switch minimum {
    case 0:
      if maximum < count { engine.addCardinality(members, minimum: 0, maximum: maximum) }
    case 1:
      addLongClause([!parent] + members, into: &engine)
      if maximum < count { engine.addCardinality(members, minimum: 0, maximum: maximum) }
    default:
      let padding = [Literal](repeating: !parent, count: minimum)
      engine.addCardinality(
        members + padding, minimum: minimum, maximum: maximum < count ? maximum : nil)
    }
  }

  /// The most literals one clause (or one `&`/`|` of a constraint) is given to the engine,
  /// whose `addClause` drops duplicates pairwise, in time quadratic in the clause's length.
  static let chunkSize = 32

  /// Adds a clause of any length: past ``chunkSize`` literals, consecutive chunks are replaced
  /// by defined disjunctions (`z ⇔ a ∨ b ∨ …`), so a group of a million members costs linear
  /// time and solutions still count selections.
  ///
  /// - Parameters:
  ///   - literals: The clause.
  ///   - chunkSize: The longest clause given to the engine (tests use small ones).
  ///   - engine: The model to add to.
  static func addLongClause(
    _ literals: [Literal], chunkSize: Int = chunkSize, into engine: inout ConstraintModel
  ) {
    let chunkSize = max(2, chunkSize)
    var clause = literals
    while clause.count > chunkSize {
      var shorter: [Literal] = []
      shorter.reserveCapacity(clause.count / chunkSize + 1)
      var start = 0
      while start < clause.count {
        let chunk = clause[start..<min(start + chunkSize, clause.count)]
        shorter.append(
          chunk.count == 1
            ? chunk[chunk.startIndex] : engine.define(.or(chunk.map(Formula.literal))))
        start += chunkSize
      }
      clause = shorter
    }
    engine.addClause(clause)
  }

  /// The formula with every conjunction and disjunction of more than ``chunkSize`` parts
  /// nested in parts of at most that many (the same formula, encoded in linear time).
  ///
  /// Recursion follows the formula's nesting, which the reader bounds.
  ///
  /// - Parameters:
  ///   - formula: A constraint's formula.
  ///   - chunkSize: The most parts of one conjunction or disjunction (tests use small ones).
  /// - Returns: An equivalent formula.
  static func chunked(_ formula: Formula, chunkSize: Int = chunkSize) -> Formula {
    let chunkSize = max(2, chunkSize)
    func chunked(_ formula: Formula) -> Formula { Self.chunked(formula, chunkSize: chunkSize) }
    func group(_ parts: [Formula], _ make: ([Formula]) -> Formula) -> Formula {
      var level = parts.map(chunked)
      while level.count > chunkSize {
        level = stride(from: 0, to: level.count, by: chunkSize).map { start in
          make(Array(level[start..<min(start + chunkSize, level.count)]))
        }
      }
      return make(level)
    }
    switch formula {
    case .literal, .constant, .atMost: return formula
    case .not(let inner): return .not(chunked(inner))
    case .and(let parts): return group(parts) { .and($0) }
    case .or(let parts): return group(parts) { .or($0) }
    case .implies(let a, let b): return .implies(chunked(a), chunked(b))
    case .equivalent(let a, let b): return .equivalent(chunked(a), chunked(b))
    }
  }
}
