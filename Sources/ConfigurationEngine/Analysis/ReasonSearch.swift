/// The items a reason may cite under one set of choices: every rule's selector (in the model's
/// rule order), then the choices (in the user's order, each literal once). Positions index
/// both: rule `r` is position `r`, the `k`-th distinct choice is `ruleCount + k`.
struct ReasonItems {
  /// The items, selectors then choices.
  let literals: [Literal]
  /// How many of them are selectors.
  let ruleCount: Int
  /// The position of each choice literal.
  private let choicePositions: [Literal: Int]
  /// The rule of each variable that is a selector, or -1.
  private let ruleOfVariable: [Int32]

  /// Items for the choices over a space's rules.
  init(selectors: [Literal], ruleOfVariable: [Int32], choices: [Literal]) {
    var literals = selectors
    var positions: [Literal: Int] = [:]
    for choice in choices where positions[choice] == nil {
      positions[choice] = literals.count
      literals.append(choice)
    }
    self.literals = literals
    ruleCount = selectors.count
    choicePositions = positions
    self.ruleOfVariable = ruleOfVariable
  }

  /// The position of an item literal (a selector assumed true, or a choice), or `nil`.
  func position(of literal: Literal) -> Int? {
    let variable = Int(literal.variable.index)
    if variable >= 0, variable < ruleOfVariable.count, ruleOfVariable[variable] >= 0,
      !literal.isNegated
    {
      return Int(ruleOfVariable[variable])
    }
    return choicePositions[literal]
  }

  /// The sorted positions of the items among `literals` (others are ignored).
  func positions(of literals: [Literal]) -> [Int] {
    Array(Set(literals.compactMap(position(of:)))).sorted()
  }
}

/// One reason made minimal by deletion over a core: each item of the core, in position
/// order, is left out when the items kept so far and the core's items after it still decide
/// the literal without it; an unsatisfiable check gives a smaller core (the solver's), which
/// the search continues with.
///
/// A check asks whether some build has the literal false while the assumed items (kept, and
/// the core's items after the current one) hold; every other rule may break. So a model that
/// breaks rules unrelated to this literal still answers it, and one model answers the checks
/// of many literals — a feature excluded by each member of a group, one rule per member, and
/// the features below it share one model per member. Checks are answered by a model met
/// before (``WitnessPool``), else by the solver searching near the first model (the build
/// with every item: see ``Solver/solve(assumptions:budget:completingReference:)``), which
/// changes it only where the check needs; every model found is kept.
struct ReasonSearch {
  /// The items and the literal explained.
  let items: ReasonItems
  let literal: Literal
  /// The positions kept so far (necessary, in increasing order).
  private(set) var kept: [Int] = []
  /// The core's positions not yet checked, in increasing order.
  var pending: ArraySlice<Int>

  init(items: ReasonItems, literal: Literal, core: [Int]) {
    self.items = items
    self.literal = literal
    pending = core[...]
  }

  /// The check's assumptions: the assumed items (kept, then pending) and the literal's
  /// negation.
  var assumptions: [Literal] { (kept + pending).map { items.literals[$0] } + [!literal] }

  /// Whether a kept model answers the check, but for the literal: it holds every assumed
  /// choice and breaks no assumed rule.
  func isAnswered(by witness: WitnessPool.Witness) -> Bool {
    for position in kept where !holds(position, in: witness) { return false }
    for position in pending where !holds(position, in: witness) { return false }
    return true
  }

  private func holds(_ position: Int, in witness: WitnessPool.Witness) -> Bool {
    if position < items.ruleCount {
      return witness.brokenRules.isEmpty || !witness.brokenRules.contains(position)
    }
    return witness.holds(items.literals[position])
  }

  /// Records the answer of the check of `current`; an unsatisfiable one brings a new core.
  mutating func record(_ current: Int, necessary: Bool, core: [Int]? = nil) {
    if necessary { kept.append(current) }
    if let core { pending = core.filter { $0 > current }[...] }
  }
}

extension ConfigurationSpace {
  /// A minimal reason for `literal` by ``ReasonSearch``, from a core known to decide it.
  ///
  /// - Parameters:
  ///   - literal: A literal every build with the items has.
  ///   - core: The positions of items that, with the clauses, already decide it.
  ///   - items: The items of this set of choices.
  ///   - meter: The running analysis's budget.
  /// - Returns: The positions of the reason's items.
  /// - Throws: ``AnalysisError/budgetExceeded``.
  func minimalReason(
    for literal: Literal, core: [Int], items: ReasonItems, _ meter: BudgetMeter
  ) throws(AnalysisError) -> [Int] {
    var search = ReasonSearch(items: items, literal: literal, core: core)
    while let current = search.pending.popFirst() {
      try meter.check()
      if try isSatisfiable(search, meter) {
        search.record(current, necessary: true)
      } else {
        search.record(current, necessary: false, core: items.positions(of: lastCore))
      }
    }
    return search.kept
  }

  /// Answers one check of a reason search: by a kept model, or by the solver near the first
  /// model (which leaves its core in `lastCore` when unsatisfiable).
  private func isSatisfiable(_ search: ReasonSearch, _ meter: BudgetMeter)
    throws(AnalysisError) -> Bool
  {
    if witnesses.first(having: !search.literal, where: search.isAnswered) != nil {
      reasonStatistics.byKeptModel += 1
      return true
    }
    reasonStatistics.bySolver += 1
    let assumptions = search.assumptions
    guard
      try isSatisfiable(assumptions, meter, completingReference: searchesNearReference)
    else {
      reasonStatistics.unsatisfiable += 1
      return false
    }
    if let differences = solver.differencesFromReference {
      reasonStatistics.byReference += 1
      witnesses.add(differences: differences)
    } else {
      witnesses.add(model: solver.modelValues)
    }
    return true
  }
}
