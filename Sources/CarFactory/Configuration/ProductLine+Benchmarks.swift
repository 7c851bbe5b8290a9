internal import ConfigurationEngine

/// How the engine encodes a linear rule (SPEC §13), for benchmarks that compare the encodings
/// on one model: the default choice by size, or either encoding forced.
@_spi(Benchmarks)
public enum LinearRuleEncoding: String, Hashable, Sendable, CaseIterable {
  /// The engine's own choice: the diagram while it is small, the adder network beyond.
  case bySize
  /// The reduced ordered BDD.
  case diagram
  /// The adder network, whose sum the solver propagates natively (the counter keeps the
  /// network).
  case adder
  /// The adder network in the solver too, as clauses only (before native sums).
  case adderClausesOnly

  var engine: ConstraintModel.LinearEncoding {
    switch self {
    case .bySize: .bySize
    case .diagram: .diagram
    case .adder, .adderClausesOnly: .adder
    }
  }
}

/// A total over a generated attribute on a model that has none, for benchmarks only (issue
/// 26: Automotive01 with `sum(weight) <= K`) until UVL import reads attributes and arithmetic:
/// the same line, each value given a whole number of the attribute, and optionally a rule
/// `sum(ATTR) <= bound` encoded as asked.
extension ProductLine {
  /// This line with a declared attribute, one whole number per value, and optionally a rule
  /// bounding the attribute's total.
  ///
  /// - Parameters:
  ///   - attribute: The attribute's id (`weight`); the line must not declare it yet.
  ///   - weights: Each value's number, indexed like ``values``.
  ///   - bound: The most the total may be; `nil` for no rule.
  ///   - encoding: How the engine encodes the rule.
  /// - Returns: The new line, or `nil` when the weights do not match the values or their
  ///   magnitudes exceed what the engine accepts.
  @_spi(Benchmarks)
  public func addingTotal(
    _ attribute: String, weights: [Int64], atMost bound: Int64?,
    encoding: LinearRuleEncoding = .bySize
  ) -> ProductLine? {
    guard weights.count == values.count, !attributes.contains(where: { $0.id == attribute })
    else { return nil }
    var newValues = values
    for index in newValues.indices where weights[index] != 0 {
      let (millionths, overflow) = weights[index].multipliedReportingOverflow(
        by: AttributeValue.unit)
      guard !overflow else { return nil }
      newValues[index].attributes[attribute] = AttributeValue(millionths: millionths, scale: 0)
    }
    var newRules = rules
    var engine = constraints
    engine.linearEncoding = encoding.engine
    engine.propagatesSumsNatively = encoding != .adderClausesOnly
    if let bound {
      let terms = values.indices.map { LinearSum.Term(values[$0].variable.positive, weights[$0]) }
      guard let sum = LinearSum(terms, atMost: bound) else { return nil }
      let id = "\(attribute)-limit"
      newRules.append(Rule(id: id, text: "sum(\(attribute)) <= \(bound)", message: nil))
      engine.addRule(id: id, .atMost(sum))
    }
    var line = ProductLine(
      model: model, title: title, basePrice: basePrice, groups: groups, values: newValues,
      rules: newRules, completion: completion, constraints: engine, charges: charges,
      preferred: preferred, atomIndex: atomIndex, featureModel: featureModel, digest: digest)
    line.attributes = attributes + [Attribute(id: attribute, name: attribute)]
    line.baseAttributes = baseAttributes
    line.factory = factory
    line.setGroupRules(groupRules)
    line.names = ValueNames(line)
    return line
  }

  /// The engine's size: variables (values and auxiliaries) and clauses.
  @_spi(Benchmarks)
  public var engineSize: (variables: Int, auxiliaries: Int, clauses: Int) {
    (
      constraints.variableCount, constraints.isAuxiliary.filter { $0 }.count,
      constraints.clauses.count
    )
  }

  /// The engine's clauses in DIMACS, every rule in force (a unit clause per selector), for
  /// running other solvers on the same formula; value `i` is variable `values[i]`'s index + 1.
  @_spi(Benchmarks)
  public var engineDIMACS: String {
    func number(_ literal: Literal) -> String {
      let index = Int(literal.variable.index) + 1
      return literal.isNegated ? "-\(index)" : "\(index)"
    }
    var lines = ["p cnf \(constraints.variableCount) \(constraints.clauses.count + rules.count)"]
    for clause in constraints.clauses {
      lines.append((clause.map(number) + ["0"]).joined(separator: " "))
    }
    for selector in constraints.ruleAssumptions { lines.append("\(number(selector)) 0") }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension ProductLine {
  /// The engine's variable index of a value, for reading ``engineDIMACS`` (which numbers
  /// from 1).
  ///
  /// - Parameter value: An index into ``values``.
  /// - Returns: The variable's index in the engine.
  @_spi(Benchmarks)
  public func engineVariableIndex(ofValue value: Int) -> Int {
    Int(values[value].variable.index)
  }
}
