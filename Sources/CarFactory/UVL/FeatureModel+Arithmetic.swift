internal import ConfigurationEngine

/// The arithmetic level of UVL constraints (SPEC §13), compiled by the same
/// ``RuleArithmetic`` as catalog rules: the root is the model, so its numbers are the base
/// values every build counts, and each other feature adds its numbers when selected.
extension FeatureModel {
  /// The numeric attributes a build has a total of, in order of first appearance (root
  /// first): every attribute with a number, except `price` (the surcharge, totalled apart)
  /// and those with a number no exact value holds.
  ///
  /// - Parameter model: The read model.
  /// - Returns: The attributes' names.
  static func attributeNames(of model: UVLModel) -> [String] {
    var names: [String] = []
    var seen: Set<String> = []
    for feature in model.features where !feature.numbers.isEmpty {
      for attribute in feature.attributes
      where feature.numbers[attribute.key] != nil && model.unreadableNumbers[attribute.key] == nil {
        if seen.insert(attribute.key).inserted { names.append(attribute.key) }
      }
    }
    return names
  }

  /// Where `sum`, `avg` and `FEATURE.ATTR` find their numbers: `price` (when some feature has
  /// one) from the prices, each other attribute from the features' numbers.
  ///
  /// - Parameters:
  ///   - features: The compiled features, the root first.
  ///   - attributes: The attributes of ``attributeNames(of:)``.
  /// - Returns: The compiler of comparisons.
  static func arithmetic(features: [Feature], attributes: [String]) -> RuleArithmetic {
    let perCent: Int128 = 10_000
    var sources: [String: RuleArithmetic.Source] = [:]
    if features.contains(where: { $0.price != nil }) {
      sources[Attribute.priceID] = .init(
        base: features.first?.price.map { Int128($0.cents) * perCent },
        terms: features.dropFirst().compactMap { feature in
          feature.price.map { (feature.variable.positive, Int128($0.cents) * perCent) }
        })
    }
    for attribute in attributes {
      sources[attribute] = .init(
        base: features.first?.numbers[attribute].map { Int128($0.millionths) },
        terms: features.dropFirst().compactMap { feature in
          feature.numbers[attribute].map { (feature.variable.positive, Int128($0.millionths)) }
        })
    }
    var index: [String: Int] = [:]
    for (position, feature) in features.enumerated() where index[feature.name] == nil {
      index[feature.name] = position
    }
    return RuleArithmetic(
      sources: sources,
      valueNumber: { name, attribute in
        guard let position = index[name] else { return nil }
        let feature = features[position]
        if attribute == Attribute.priceID {
          return .some(feature.price.map { Int128($0.cents) * perCent })
        }
        return .some(feature.numbers[attribute].map { Int128($0.millionths) })
      },
      atoms: features.map(\.name))
  }

  /// The formula of one constraint, its comparisons compiled by `arithmetic`.
  ///
  /// - Parameters:
  ///   - constraint: The read constraint.
  ///   - model: The read model, for its file and its unreadable numbers.
  ///   - arithmetic: The compiler of comparisons (see ``arithmetic(features:attributes:)``).
  ///   - resolve: A feature name's literal.
  /// - Returns: The formula.
  /// - Throws: ``UVLError`` naming the line (and column) of a comparison that is not linear
  ///   or names an unknown attribute, or the line of an unreadable number it uses.
  static func formula(
    of constraint: UVLConstraint, in model: UVLModel, arithmetic: RuleArithmetic,
    resolve: (String) throws(UVLError) -> Literal
  ) throws(UVLError) -> Formula {
    try constraint.expression.formula(
      { (name, _) throws(UVLError) in try resolve(name) },
      compare: { (left, comparator, right, column) throws(UVLError) -> Formula in
        try checkNumbers(of: constraint, in: model)
        do throws(RuleArithmetic.Failure) {
          return try arithmetic.formula(left, comparator, right, column: column)
        } catch {
          let position = constraint.position(of: error.column)
          throw UVLError(
            file: model.file, line: position.line, column: position.column,
            kind: error.message.hasPrefix("not linear") ? .unsupported : .invalid,
            message: "\(error.message) in the constraint \(UVLError.quote(constraint.text))")
        }
      })
  }

  /// Refuses a constraint that names an attribute with a number no exact value holds.
  private static func checkNumbers(of constraint: UVLConstraint, in model: UVLModel)
    throws(UVLError)
  {
    guard !model.unreadableNumbers.isEmpty else { return }
    for name in constraint.expression.attributeNames.sorted() {
      guard let number = model.unreadableNumbers[name] else { continue }
      throw UVLError(
        file: model.file, line: number.line, kind: .invalid,
        message: "the number \(UVLError.quote(number.text)) of the attribute "
          + "\(UVLError.quote(name)) of \(UVLError.quote(number.feature)) is not an exact value "
          + "(at most 6 decimals, below 10^12), so the constraint on line \(constraint.line) "
          + "cannot use it")
    }
  }

  /// The most diagram nodes (each a variable with six clauses) the linear constraints of one
  /// model may take. A comparison whose diagram is estimated past
  /// `ConstraintModel.diagramNodeLimit` is encoded as an adder network instead; this budget
  /// catches what the estimate misses (a model past it is refused, not encoded).
  static let maximumLinearNodes = 1_000_000

  /// The most terms one comparison may have: the diagram is built one level per term, by
  /// recursion.
  static let maximumLinearTerms = 5_000

  /// The most terms all the comparisons of one model may have together, so a file of many
  /// `sum`s over a large model cannot take hours to compile or gigabytes to hold (an adder
  /// network takes about 15 clauses per bit of each term's number): a sum over every feature
  /// of Automotive02 is 18,616 terms.
  static let maximumLinearTermsInAll = 200_000

  /// Refuses a comparison over more than ``maximumLinearTerms`` features, or one that takes
  /// the model's comparisons past ``maximumLinearTermsInAll`` terms.
  ///
  /// - Parameters:
  ///   - formula: The constraint's formula.
  ///   - constraint: The constraint, for its line and text.
  ///   - model: The read model, for its file.
  ///   - total: The terms of the comparisons so far; this constraint's are added.
  /// - Throws: ``UVLError`` of kind `limit`.
  static func checkLinearSize(
    _ formula: Formula, of constraint: UVLConstraint, in model: UVLModel, total: inout Int
  ) throws(UVLError) {
    // One count of a rule's terms for UVL and catalogs alike.
    let (largest, terms) = RuleArithmetic.termCounts(of: formula)
    total += terms
    if total > maximumLinearTermsInAll {
      throw UVLError(
        file: model.file, line: constraint.line, kind: .limit,
        message: "the model's comparisons pass \(maximumLinearTermsInAll) terms in all at the "
          + "constraint \(UVLError.quote(constraint.text))")
    }
    guard largest > maximumLinearTerms else { return }
    throw UVLError(
      file: model.file, line: constraint.line, kind: .limit,
      message: "the constraint \(UVLError.quote(constraint.text)) compares a sum of \(largest) "
        + "features' numbers; at most \(maximumLinearTerms) are encoded")
  }
}
