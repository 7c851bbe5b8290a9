internal import ConfigurationEngine

/// The lowest or highest total of an attribute over the valid builds with some choices:
/// `options … by=ATTR`.
public struct AttributeRange: Hashable, Sendable {
  /// The attribute's name, lower-cased.
  public let attribute: String
  /// The lowest total, in the attribute's smallest unit (cents for price); `nil` when it was
  /// not found within the time limit.
  public let lowest: Int64?
  /// The highest total; `nil` when it was not found within the time limit.
  public let highest: Int64?
  /// The decimals of the totals' unit (2 for price).
  public let scale: Int
  /// The attribute's unit, empty for price and for none.
  public let unit: String
}

/// One value's lowest and highest total of an attribute over the valid builds that have it
/// (`options … by=ATTR`), in the attribute's smallest unit; an end not found within the time
/// limit, or a value no valid build has, is `nil`.
public struct ValueRange: Hashable, Sendable {
  /// The lowest total.
  public let lowest: Int64?
  /// The highest total.
  public let highest: Int64?
}

/// SPEC §13's objectives: the build with the lowest or highest total of an attribute, the
/// range of an attribute's totals, and `options`' FROM prices. All of them are the engine's one
/// optimiser (``ConfigurationSpace/optimum(choices:preferred:objective:maximising:budget:)``
/// and its linear search from above) over the attribute's linear total.
extension ProductConfigurator {
  /// The build with the choices whose attribute total is lowest (or highest), ties broken by
  /// closeness to the defaults for a catalog model; for a UVL model, the build SPEC §8's
  /// completion (features in file order, each its default if still possible) makes among the
  /// optimal builds, as `build` makes among all of them.
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
    let budget = self.budget
    // One limit for the question: the completion takes what the optimum left.
    let deadline = ContinuousClock.now.advanced(by: timeLimit)
    let what = "the \(objective.goal == .min ? "lowest" : "highest") \(objective.attribute)"
    let found: (assignment: Assignment, cost: Int64)?
    switch line.completion {
    case .closest:
      found = try analysing(
        what,
        { () throws(AnalysisError) in
          try space.optimum(
            choices: literals, preferred: line.preferred, objective: objective.total.weights,
            maximising: objective.goal == .max, budget: budget
          ).map { ($0.assignment, $0.cost) }
        })
    case .greedy:
      // Among the optimal builds, the one `build` would make: SPEC §8's completion with the
      // objective held at its optimum.
      let completed = try analysing(
        what,
        { () throws(AnalysisError) in
          try space.withOptimum(
            choices: literals, objective: objective.total.weights,
            maximising: objective.goal == .max, budget: budget
          ) { (optimal, held) throws(AnalysisError) in
            let left = AnalysisBudget(time: max(deadline - ContinuousClock.now, .zero))
            do {
              return try greedyCompletion(literals + held, budget: left) ?? optimal
            } catch {
              // The completion's only error here is its budget's.
              throw .budgetExceeded
            }
          }
        })
      // The weights passed the optimiser's limit check: their sum fits.
      found = completed.map { assignment in
        (assignment, objective.total.weights.reduce(0) { $0 + (assignment[$1.key] ? $1.value : 0) })
      }
    }
    guard let found else { throw .conflict(try conflict(choices)) }
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
  /// - Returns: The range, or `nil` when the line has no such attribute. An end not found
  ///   within the time (each end has half of it, and the highest what the lowest left) is
  ///   `nil`: the search for the highest total can be a long one on a large model.
  /// - Throws: ``ConfigurationError/conflict(_:)`` when the choices conflict, or
  ///   ``ConfigurationError/priceOverflow``.
  public func range(of attribute: String, _ choices: [Choice], timeLimit: Duration? = nil)
    throws(ConfigurationError) -> AttributeRange?
  {
    guard let total = line.total(of: attribute) else { return nil }
    guard
      let range = try Self.range(
        of: total, named: attribute.lowercased(), choices.map(literal), in: space,
        timeLimit: timeLimit ?? self.timeLimit)
    else { throw .conflict(try conflict(choices)) }
    return range
  }
}
