internal import ConfigurationEngine

/// The lowest or highest total of an attribute over the valid builds with some choices:
/// `options … by=ATTR`.
public struct AttributeRange: Hashable, Sendable {
  /// The attribute's name, lower-cased.
  public let attribute: String
  /// The lowest total, in the attribute's smallest unit (cents for price).
  public let lowest: Int64
  /// The highest total.
  public let highest: Int64
  /// The decimals of the totals' unit (2 for price).
  public let scale: Int
  /// The attribute's unit, empty for price and for none.
  public let unit: String
}

/// SPEC §13's objectives: the build with the lowest or highest total of an attribute, the
/// range of an attribute's totals, and `options`' FROM prices. All of them are the engine's one
/// optimiser (``ConfigurationSpace/optimum(choices:preferred:objective:maximising:budget:)``
/// and its branch and bound) over the attribute's linear total.
extension ProductConfigurator {
  /// The build with the choices whose attribute total is lowest (or highest), ties broken by
  /// closeness to the defaults: the catalog's defaults, or the build `build` would make for a
  /// UVL model.
  ///
  /// - Parameters:
  ///   - choices: The user's choices.
  ///   - objective: The attribute and which end of its range.
  /// - Returns: The build and its attribute total.
  /// - Throws: ``ConfigurationError/conflict(_:)`` when the choices conflict, or a budget
  ///   error.
  public func build(_ choices: [Choice], optimising objective: Objective)
    throws(ConfigurationError) -> (configuration: Configuration, total: Int64)
  {
    let literals = choices.map(literal)
    let preferred: [Literal]
    switch line.completion {
    case .closest: preferred = line.preferred
    case .greedy:
      let completed = try completion(choices)
      preferred = line.values.map {
        completed[$0.variable] ? $0.variable.positive : $0.variable.negative
      }
    }
    let budget = self.budget
    guard
      let found = try analysing(
        "the \(objective.goal == .min ? "lowest" : "highest") \(objective.attribute)",
        { () throws(AnalysisError) in
          try space.optimum(
            choices: literals, preferred: preferred, objective: objective.total.weights,
            maximising: objective.goal == .max, budget: budget)
        })
    else { throw .conflict(try conflict(choices)) }
    let (total, overflow) = objective.total.constant.addingReportingOverflow(found.cost)
    guard !overflow else { throw .priceOverflow }
    return (try build(choices, completed: found.assignment), total)
  }

  /// The lowest and highest total of an attribute over the valid builds with the choices.
  ///
  /// - Parameters:
  ///   - attribute: An attribute of the line.
  ///   - choices: The user's choices.
  ///   - timeLimit: What the question has left; `nil` for the configurator's own limit.
  /// - Returns: The range, or `nil` when the line has no such attribute.
  /// - Throws: ``ConfigurationError/conflict(_:)`` when the choices conflict, or a budget
  ///   error.
  public func range(of attribute: String, _ choices: [Choice], timeLimit: Duration? = nil)
    throws(ConfigurationError) -> AttributeRange?
  {
    guard let total = line.total(of: attribute) else { return nil }
    let literals = choices.map(literal)
    let budget = timeLimit.map { AnalysisBudget(time: $0) } ?? self.budget
    var ends: [Int64] = []
    for maximising in [false, true] {
      guard
        let found = try analysing(
          "the range of \(attribute)",
          { () throws(AnalysisError) in
            try space.optimum(
              choices: literals, preferred: [], objective: total.weights, maximising: maximising,
              budget: budget)
          })
      else { throw .conflict(try conflict(choices)) }
      let (end, overflow) = total.constant.addingReportingOverflow(found.cost)
      guard !overflow else { throw .priceOverflow }
      ends.append(end)
    }
    return AttributeRange(
      attribute: attribute.lowercased(), lowest: ends[0], highest: ends[1], scale: total.scale,
      unit: total.unit)
  }

  /// The FROM of `options`: for each value asked about, the lowest price of a valid build
  /// with the choices and that value; `nil` for a value no such build has, or whose price was
  /// not found within the budget.
  ///
  /// - Parameters:
  ///   - values: The values asked about (indices into the line's values).
  ///   - choices: The user's choices.
  ///   - budget: What the question may take.
  /// - Returns: The prices, parallel to `values`; `nil` when the line has no prices.
  /// - Throws: A budget error when not even the cheapest build was found in time.
  func lowestPrices(of values: [Int], _ choices: [Choice], budget: AnalysisBudget)
    throws(ConfigurationError) -> [Price?]?
  {
    guard let total = line.total(of: "price") else { return nil }
    let literals = choices.map(literal)
    guard
      let costs = try analysing(
        "the FROM prices",
        { () throws(AnalysisError) in
          try space.lowestCosts(
            of: values.map { line.values[$0].variable.positive }, choices: literals,
            costs: total.weights, budget: budget)
        })
    else { throw .conflict(try conflict(choices)) }
    return costs.map { cost in
      guard let cost else { return nil }
      let (cents, overflow) = total.constant.addingReportingOverflow(cost)
      return overflow ? nil : Price(cents: cents)
    }
  }
}
