internal import ConfigurationEngine

/// The state of every value under the user's choices (SPEC §7's `options`).
public struct OptionsReport: Sendable {
  /// What SPEC §7 calls a value's state.
  public enum State: String, Hashable, Sendable {
    /// The user chose it.
    case chosen
    /// Every valid build has it.
    case forced
    /// No valid build has it (the user may have ruled it out).
    case excluded
    /// Free, and the build `build` would make has it.
    case `default`
    /// Free, and the build `build` would make does not have it.
    case available
    /// Its check did not finish within the question's time limit: it may be any of the
    /// others, so it is never shown available without a build that proves it (issue 49).
    case undecided
  }

  /// One value's state and, when forced or excluded, why.
  public struct Entry: Hashable, Sendable {
    /// The value's index in ``ProductLine/values``.
    public let value: Int
    /// Its state.
    public let state: State
    /// Why it is forced or excluded; `nil` for the other states, or when explaining it ran
    /// out of time.
    public let reason: Explanation?
  }

  /// The choices the report is for.
  public let choices: [Choice]
  /// Every value, in the line's order.
  public let entries: [Entry]
  /// The number of valid builds, or why it is not known.
  public let count: Result<BuildCount, ConfigurationError>
  /// The cheapest and dearest valid build's price (cents), when the line has prices; an end
  /// not found within ``ProductConfigurator/optionsRangeLimit`` is `nil`.
  public let priceRange: AttributeRange?
  /// FROM: for each entry, the lowest price of a valid build with the choices and that value,
  /// parallel to ``entries``; `nil` for an excluded value, or one whose price was not found
  /// within the time limit. The whole array is `nil` when the line has no prices.
  public let from: [Price?]?
  /// With `by=ATTR`: the lowest and highest total of the attribute.
  public let range: AttributeRange?
  /// With `by=ATTR`: for each entry, the lowest and highest total of the attribute over the
  /// valid builds with the choices and that value, parallel to ``entries`` (an excluded
  /// value's, or an end not found within the time limit, is `nil`); `nil` without `by=`.
  public internal(set) var byValue: [ValueRange]?
  /// Whether the line's prices add up past what the optimiser represents (2^61 cents, about
  /// 23 quadrillion dollars): the price range and FROM are then not searched (``priceRange``
  /// is `nil`, each FROM `nil`).
  public internal(set) var pricesOverflow = false
}

extension ProductConfigurator {
  /// One propagation step: each value chosen, forced, excluded, or `available` (free; the
  /// completion that tells `default` apart is not computed). Complete, like
  /// ``options(_:countLimit:reasonLimit:)``: a value whose check did not finish within the
  /// time limit is `undecided`, never `available`.
  ///
  /// - Parameter choices: The user's choices.
  /// - Returns: One state per value, in the line's order.
  /// - Throws: ``ConfigurationError/conflict(_:)`` when the choices conflict, or a budget error.
  public func propagate(_ choices: [Choice]) throws(ConfigurationError) -> [OptionsReport.State] {
    try propagate(choices, settled: [:])
  }

  /// ``propagate(_:)`` told the state of some values already (from an earlier step: a value
  /// forced by a reason that still holds, or free under fewer choices), which it reports as
  /// given instead of checking them.
  ///
  /// - Parameters:
  ///   - choices: The user's choices.
  ///   - settled: Values whose state under these choices is known.
  ///   - budget: What the question has left; `nil` for the configurator's own limit.
  ///   - keeping: Choices the ways out of a conflict keep (see ``conflict(_:keeping:)``).
  /// - Returns: One state per value, in the line's order.
  /// - Throws: ``ConfigurationError/conflict(_:)`` when the choices conflict, or a budget error.
  func propagate(
    _ choices: [Choice], settled: [Variable: ValueState], budget: AnalysisBudget? = nil,
    keeping: Set<Choice> = []
  ) throws(ConfigurationError) -> [OptionsReport.State] {
    let literals = choices.map(literal)
    let variables = line.values.map(\.variable)
    let budget = budget ?? AnalysisBudget(time: timeLimit * Self.propagationShare)
    guard
      let propagation = try analysing(
        "propagation",
        { () throws(AnalysisError) in
          try space.propagate(
            choices: literals, variables: variables, settled: settled, budget: budget,
            partial: true)
        })
    else { throw .conflict(try conflict(choices, keeping: keeping)) }
    let user = Set(literals)
    let states = line.values.indices.map { index -> OptionsReport.State in
      let positive = line.values[index].variable.positive
      if user.contains(positive) { return .chosen }
      if user.contains(!positive) { return .excluded }
      switch propagation.states[index] {
      case .forcedTrue: return .forced
      case .forcedFalse: return .excluded
      case .free: return .available
      case .undecided: return .undecided
      }
    }
    // The states without any choice are the model's own (the reasons of `options` start
    // from them): kept once found, and only when all are found.
    if choices.isEmpty, modelStates == nil, !states.contains(.undecided) { modelStates = states }
    return states
  }

  /// Every value's state under the choices, with reasons, the number of valid builds and
  /// their price range.
  ///
  /// Propagation is complete (the backbone of the rules under the choices): a value shown
  /// `default` or `available` can be chosen next without a conflict.
  ///
  /// - Parameters:
  ///   - choices: The user's choices.
  ///   - countLimit: How long counting may take before the report says it is unknown; `nil`
  ///     for ``optionsCountLimit`` (short: `count` is the way to wait for a number).
  ///   - reasonLimit: How long explaining may take; `nil` for the configurator's own limit
  ///     (``timeLimit``), which real product lines stay far below (every value explained). A
  ///     value left over when it runs out has no reason.
  ///   - attribute: The attribute whose range is asked for (`by=ATTR`), if any: one of the
  ///     line's ``ProductLine/attributes``.
  ///   - from: Whether to find each value's FROM price (the line's prices permitting).
  ///   - fromLimit: How long finding them may take; `nil` for ``optionsFromLimit``.
  /// - Returns: The report.
  /// - Throws: ``ConfigurationError/conflict(_:)`` when the choices conflict, or a budget error.
  public func options(
    _ choices: [Choice], countLimit: Duration? = nil, reasonLimit: Duration? = nil,
    by attribute: String? = nil, from: Bool = true, fromLimit: Duration? = nil
  )
    throws(ConfigurationError) -> OptionsReport
  {
    // One time limit for the whole question (SPEC §10), each part taking what is left.
    let deadline = ContinuousClock.now.advanced(by: timeLimit)
    func left() -> Duration { max(deadline - ContinuousClock.now, .zero) }
    // The count is the longest part on the public product lines (Automotive01: 45-70 ms,
    // about as long as the states and reasons), so it starts first, on the other core, before
    // the solver is even made; it is cancelled as soon as the choices are found to conflict, and whenever
    // this returns or throws, so a count never outlives its question (a script of conflicting
    // choices would pile counts up). The reasons do not share that core with a second space
    // (``reasons(for:choices:deadline:sharing:)``): it would slow the count. The prices of a
    // large line do, once they are known to be wanted: they take up to a second there, and
    // most counts are done within the count's quarter of a second.
    let cancellation = Cancellation()
    defer { cancellation.cancel() }
    var counting: BackgroundWork<ModelCount>? = countInBackground(
      choices, timeLimit: min(countLimit ?? optionsCountLimit, left()),
      cancellation: cancellation)
    let consistent = try analysing(
      "propagation",
      { () throws(AnalysisError) in
        try space.isConsistent(choices.map(literal), budget: AnalysisBudget(time: left()))
      })
    if !consistent {
      cancellation.cancel()
      counting = nil
    }
    // The prices: on a large line the second space finds them on the other core meanwhile,
    // the range beside the states, FROM beside the reasons for as long as this thread is
    // busy (at least its own limit); else after the reasons, here, each within its limit.
    let fromLimit = fromLimit ?? optionsFromLimit
    var pricing =
      consistent
      ? pricesInBackground(
        priceQuestion(
          choices, from: from, rangeLimit: min(optionsRangeLimit, left()),
          fromLimit: left()),
        fromLimit: fromLimit, deadline: deadline)
      : nil
    // Nor do prices outlive a question that fails (nor wait for values it never posts).
    defer {
      pricing?.cancellation.cancel()
      pricing?.values.post([])
    }
    let states = try states(choices, deadline: deadline)
    // The build the defaults make, which `states` worked out and remembered: a reason's numbers.
    let completed = try completion(choices, budget: AnalysisBudget(time: left()))
    // FROM asks about the values still possible.
    let possible = states.indices.filter { states[$0] != .excluded }
    pricing?.post(possible.map { line.values[$0].variable.positive })
    // Past the deadline, the values left are unexplained rather than the question failing.
    let reasonDeadline = min(deadline, ContinuousClock.now.advanced(by: reasonLimit ?? timeLimit))
    // Shown with the groups that decide them and the numbers of the build (SPEC §14).
    let reasons = line.annotate(
      self.reasons(for: states, choices: choices, deadline: reasonDeadline), states: states,
      choices: choices, selected: line.values.map { completed[$0.variable] })
    let entries = states.indices.map {
      OptionsReport.Entry(value: $0, state: states[$0], reason: reasons[$0])
    }
    let count: Result<BuildCount, ConfigurationError>
    // The question's own limit holds: a count still running at it is left to stop at its own.
    switch counting?.wait(until: deadline) {
    case .exact(let value)?: count = .success(BuildCount(value))
    case .unknown(let interruption)?: count = .failure(.countUnfinished(interruption.description))
    case nil: count = .failure(.countUnfinished("no exact count within the time limit"))
    }
    let attributeRange = try attribute.flatMap { (attribute) throws(ConfigurationError) in
      try self.range(of: attribute, choices, timeLimit: left())
    }
    // FROM and the range take what is left up to their own limits; what they do not reach is
    // unknown, not the question failed.
    let answer =
      if let pricing {
        finishPrices(pricing)
      } else {
        priceQuestion(
          choices, from: from, rangeLimit: min(optionsRangeLimit, left()),
          fromLimit: min(fromLimit, left())
        )?.answer(asking: possible.map { line.values[$0].variable.positive }, in: space)
          ?? .unknown
      }
    var lowest: [Price?]?
    if from, line.pricesBuilds {
      var prices = [Price?](repeating: nil, count: states.count)
      for (position, value) in possible.enumerated() { prices[value] = answer.from?[position] }
      lowest = prices
    }
    let range = answer.range
    var report = OptionsReport(
      choices: choices, entries: entries, count: count, priceRange: range, from: lowest,
      range: attributeRange, pricesOverflow: answer.overflow)
    if let attribute, let total = line.total(of: attribute) {
      // The lightest and heaviest car with each value: what is left of the question's time.
      let found = try Self.ranges(
        of: possible.map { line.values[$0].variable.positive }, choices.map(literal),
        total: total, in: space, timeLimit: left())
      var byValue = [ValueRange](
        repeating: ValueRange(lowest: nil, highest: nil), count: states.count)
      for (position, value) in possible.enumerated() { byValue[value] = found[position] }
      report.byValue = byValue
    }
    return report
  }

  /// How long `options` lets counting take by default: a quarter of a second, on any model.
  /// `options` answers at the pace of a click (states and reasons take tens of milliseconds on
  /// the public automotive models, whose counts take 0.1–0.9 s, Linux's none within 10 s);
  /// `count` keeps the configurator's own limit (``timeLimit``), so the number is one command
  /// away.
  public var optionsCountLimit: Duration { .milliseconds(250) }

  /// How long `options` lets the price range take: half a second, as FROM. A catalog's takes
  /// milliseconds; the highest price of a large UVL model with thousands of priced features
  /// can be a long search (see Docs/Benchmarks.md), and an end not found is shown as unknown
  /// rather than holding the answer to the full ``timeLimit``. `by=price` asks for the range
  /// with the whole limit.
  public var optionsRangeLimit: Duration { .milliseconds(500) }

  /// How long `options` lets the FROM prices take by default: half a second, so `options`
  /// keeps the pace of a click. A catalog's take milliseconds; on a UVL model with thousands
  /// of priced features each value dearer than the cheapest build is its own search, and the
  /// values not reached in time are shown as unknown (see Docs/Benchmarks.md) rather than
  /// holding the answer to the full ``timeLimit``.
  public var optionsFromLimit: Duration { .milliseconds(500) }

  /// How long the working car's `options` lets the prices of the car with each value added
  /// take (``prices(adding:to:timeLimit:)``), after the table itself: a second. Each is a
  /// build's completion; a catalog's take milliseconds, Automotive01 with prices has about
  /// 2,000 of a millisecond each, and a model of 18,000 features ten times as many of ten
  /// times the cost. Those not reached are shown as unknown.
  public var carPricesLimit: Duration { .seconds(1) }

  /// The build `build` would make with the choices: the closest to the defaults for a catalog
  /// model, the greedy completion in file order for a UVL model.
  ///
  /// - Parameters:
  ///   - choices: The user's choices.
  ///   - budget: What the question has left; `nil` for the configurator's own limit.
  /// - Returns: The build.
  /// - Throws: ``ConfigurationError/conflict(_:)`` when the choices conflict.
  func completion(_ choices: [Choice], budget: AnalysisBudget? = nil)
    throws(ConfigurationError) -> Assignment
  {
    let literals = choices.map(literal)
    let key = Set(literals)
    if let known = completions[key] { return known }
    guard
      let found = try Self.completion(
        literals, of: line, in: space, budget: budget ?? self.budget)
    else { throw .conflict(try conflict(choices)) }
    // Builds tied on distance and price are equally close; remembering the one found keeps
    // `options` (its `default` states) and `build` in agreement for the same choices.
    if completions.count >= Self.completionMemory { completions.removeAll() }
    completions[key] = found
    return found
  }

  /// ``completion(_:budget:)`` found with any space over the line's constraints (the second
  /// space's, on another thread), not remembered; `nil` when the choices conflict.
  static func completion(
    _ literals: [Literal], of line: ProductLine, in space: ConfigurationSpace,
    budget: AnalysisBudget
  ) throws(ConfigurationError) -> Assignment? {
    switch line.completion {
    case .closest:
      var costs: [Literal: Int64] = [:]
      for charge in line.charges { costs[charge.literal, default: 0] += charge.cents }
      return try analysing(
        "the closest build",
        { () throws(AnalysisError) in
          try space.closest(
            choices: literals, preferred: line.preferred, costs: costs, budget: budget)?.assignment
        })
    case .greedy:
      return try greedyCompletion(literals, of: line, in: space, budget: budget)
    }
  }

  /// How many completions are remembered before the memory starts again.
  static let completionMemory = 256

  /// SPEC §8's completion of a UVL model: undecided features in file order, each taking its
  /// default (which depends on its group's members chosen, forced or taken so far) if still
  /// possible.
  func greedyCompletion(_ literals: [Literal], budget: AnalysisBudget)
    throws(ConfigurationError) -> Assignment?
  {
    try Self.greedyCompletion(literals, of: line, in: space, budget: budget)
  }

  /// ``greedyCompletion(_:budget:)`` found with any space over the line's constraints.
  static func greedyCompletion(
    _ literals: [Literal], of line: ProductLine, in space: ConfigurationSpace,
    budget: AnalysisBudget
  ) throws(ConfigurationError) -> Assignment? {
    guard let featureModel = line.featureModel else { return nil }
    return try analysing(
      "the build's completion",
      { () throws(AnalysisError) in
        // Which members of open groups the choices force: one propagation, only over the
        // features whose default it can change.
        let open = featureModel.membersOfOpenGroups
        var forced: Set<Int> = []
        if !open.isEmpty {
          guard
            let propagation = try space.propagate(
              choices: literals, variables: open.map { featureModel.features[$0].variable },
              budget: budget)
          else { return nil }
          for (position, feature) in open.enumerated()
          where propagation.states[position] == .forcedTrue {
            forced.insert(feature)
          }
        }
        return try space.greedyCompletion(
          choices: literals, count: featureModel.features.count, budget: budget
        ) { index, value in
          featureModel.defaultLiteral(for: index, forced: forced, value: value)
        }
      })
  }
}
