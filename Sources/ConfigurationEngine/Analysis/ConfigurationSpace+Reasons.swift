/// Many explanations at once: the reasons `options` shows for every forced or excluded value.
extension ConfigurationSpace {
  /// Why each literal of `literals` holds in every build with these choices: for each, a
  /// minimal set of the choices and rules that, with the model's structure, leave no build
  /// where it fails — the same answer ``explain(_:choices:budget:)`` gives one at a time.
  ///
  /// One solver call puts every rule and choice in force. A literal unit propagation then
  /// holds at level 0 follows from the structure alone (the empty reason, no further work);
  /// one it holds above level 0 has, as its core, the assumptions of its implication graph
  /// (``Solver/assumptionsImplying(_:)``, no solver call); only the others cost a solver call
  /// for their core, each reusing the assumption levels of the first. Each core is then made
  /// minimal by ``ReasonSearch`` (deletion over the core), whose checks are mostly answered by
  /// models met before and by searches near the first model.
  ///
  /// Runs until done or out of budget: the literals explained by then keep their reasons, the
  /// rest stay `nil` (callers order `literals` by importance).
  ///
  /// - Parameters:
  ///   - literals: The literals to explain (a forced value, or an excluded value's negation).
  ///   - choices: The user's choices.
  ///   - budget: The budget of all the explanations together.
  /// - Returns: One reason per literal, or `nil` where the literal is not forced by the
  ///   choices (or the choices are inconsistent), or the budget ran out before it.
  package func explainEach(
    _ literals: [Literal], choices: [Literal], budget: AnalysisBudget = .standard
  ) -> [Reason?] {
    let meter = meter(budget)
    var work = startExplaining(literals, choices: choices, meter)
    finishExplaining(&work, cores: work.cores.indices, meter)
    return work.reasons
  }

  /// The first half of ``explainEach(_:choices:budget:)``: the solver call with every rule
  /// and choice in force, and each literal's core (or its empty reason). What is left, each
  /// core made minimal, any space over the same model can do (``finishExplaining(_:cores:budget:)``),
  /// so a caller may share it out between spaces on different threads.
  ///
  /// - Parameters:
  ///   - literals: The literals to explain.
  ///   - choices: The user's choices.
  ///   - budget: The budget of this half.
  /// - Returns: The work: reasons found so far, and the cores left to make minimal.
  package func startExplaining(
    _ literals: [Literal], choices: [Literal], budget: AnalysisBudget
  ) -> ReasonWork {
    startExplaining(literals, choices: choices, meter(budget))
  }

  /// The second half of ``explainEach(_:choices:budget:)`` for some of the work's cores:
  /// each made minimal, its reason written into `work`. Runs until done or out of budget.
  ///
  /// - Parameters:
  ///   - work: The work begun by ``startExplaining(_:choices:budget:)`` on this space or on
  ///     another over the same model.
  ///   - cores: The positions in `work.cores` to finish.
  ///   - budget: The budget of this part.
  package func finishExplaining(
    _ work: inout ReasonWork, cores: Range<Int>, budget: AnalysisBudget
  ) {
    finishExplaining(&work, cores: cores, meter(budget))
  }

  private func startExplaining(
    _ literals: [Literal], choices: [Literal], _ meter: BudgetMeter
  ) -> ReasonWork {
    var work = reasonWork(literals, choices: choices)
    do {
      try findCores(&work, meter)
    } catch {
      // Out of budget: the reasons found so far stand, the rest stay unexplained.
      work.cores = []
    }
    return work
  }

  /// Work to explain `literals` under `choices`, not started.
  func reasonWork(_ literals: [Literal], choices: [Literal]) -> ReasonWork {
    let items = ReasonItems(
      selectors: selectors, ruleOfVariable: ruleOfVariable, choices: choices)
    return ReasonWork(literals: literals, choices: choices, items: items)
  }

  /// Finds the home model and each literal's core: the implication graph gives most of them,
  /// and the solver calls for the rest reuse the first call's levels.
  func findCores(_ work: inout ReasonWork, _ meter: BudgetMeter) throws(AnalysisError) {
    let assumptions = work.items.literals
    guard try isSatisfiableNearLastModel(assumptions, meter) else { return }
    work.home = solver.modelValues
    var searched: [Int] = []
    for (index, literal) in work.literals.enumerated() {
      if let core = solver.assumptionsImplying(literal) {
        if core.isEmpty {
          work.reasons[index] = Reason(choices: [], rules: [])
        } else {
          work.cores.append(ReasonWork.Core(index: index, items: work.items.positions(of: core)))
        }
      } else if solver.propagatedValue(of: literal) == nil {
        searched.append(index)
      }
    }
    reasonStatistics.byImplication += work.cores.count
    // Checks search near the home model: a build with every item, changed only where needed.
    solver.setReferenceToModel()
    defer { solver.clearReference() }
    for index in searched {
      try meter.check()
      solver.popAssumptions(to: assumptions.count)
      try assume(!work.literals[index])
      if try isSatisfiableUnderAssumptions(meter) { continue }
      reasonStatistics.bySearch += 1
      work.cores.append(ReasonWork.Core(index: index, items: work.items.positions(of: lastCore)))
    }
  }

  private func finishExplaining(
    _ work: inout ReasonWork, cores: Range<Int>, _ meter: BudgetMeter
  ) {
    do {
      try minimize(&work, cores: cores, meter)
    } catch {
      // Out of budget: the reasons found so far stand, the rest stay unexplained.
    }
  }

  /// Makes the cores in `cores` minimal, writing each reason as it is found.
  func minimize(_ work: inout ReasonWork, cores: Range<Int>, _ meter: BudgetMeter)
    throws(AnalysisError)
  {
    guard !cores.isEmpty, let home = work.home else { return }
    // Checks search near the home model (a build with every item), which is also the base
    // of the kept models.
    if searchesNearReference { solver.setReference(home) }
    defer { solver.clearReference() }
    witnesses.reset(base: home)
    witnesses.add(differences: [])
    for position in work.cheapestFirst(cores) {
      let core = work.cores[position]
      let literal = work.literals[core.index]
      let minimal = try minimalReason(for: literal, core: core.items, items: work.items, meter)
      work.reasons[core.index] = reason(
        minimal.map { work.items.literals[$0] }, choices: work.choices)
    }
  }
}

/// Explaining many literals at once (``ConfigurationSpace/explainEach(_:choices:budget:)``),
/// between its two halves: the reasons found so far and the cores still to make minimal. A
/// value, so parts of it can be finished by different spaces over the same model.
package struct ReasonWork: Sendable {
  /// One literal's core: the positions of items that decide it.
  package struct Core: Sendable {
    /// The literal's position in ``literals``.
    let index: Int
    /// The items' positions, in increasing order.
    let items: [Int]
  }

  /// The literals explained.
  let literals: [Literal]
  /// The user's choices.
  let choices: [Literal]
  /// The items a reason may cite.
  let items: ReasonItems
  /// A model with every item: where the checks search from. `nil` when the items are
  /// inconsistent or the budget ran out first.
  var home: [Bool]?
  /// The cores still to make minimal, in the order of ``literals``.
  package internal(set) var cores: [Core] = []
  /// One reason per literal, `nil` where not found (yet).
  package internal(set) var reasons: [Reason?]

  init(literals: [Literal], choices: [Literal], items: ReasonItems) {
    self.literals = literals
    self.choices = choices
    self.items = items
    reasons = [Reason?](repeating: nil, count: literals.count)
  }

  /// How many checks finishing the cores in `range` is expected to take (one per item).
  package func weight(of range: Range<Int>) -> Int {
    cores[range].reduce(0) { $0 + $1.items.count }
  }

  /// The positions of `range` in the order their cores are made minimal: smallest core
  /// first (a check per item), in literal order among equals. So one literal whose core holds
  /// hundreds of rules (a total that many rules make heavy, issue 50) is left for last rather
  /// than keeping the many cheap ones unexplained when the time runs out.
  package func cheapestFirst(_ range: Range<Int>) -> [Int] {
    range.sorted { (cores[$0].items.count, $0) < (cores[$1].items.count, $1) }
  }

  /// Where to cut `range` so that the part after the cut has about `percent` hundredths of
  /// its weight.
  package func cut(_ range: Range<Int>, leaving percent: Int) -> Int {
    let first = weight(of: range) * (100 - min(max(percent, 0), 100)) / 100
    var middle = range.lowerBound
    var weight = 0
    while middle < range.upperBound, weight < first {
      weight += cores[middle].items.count
      middle += 1
    }
    return middle
  }

  /// Takes the reasons another copy of this work found for the cores in `range`.
  package mutating func merge(_ other: ReasonWork, cores range: Range<Int>) {
    for core in cores[range] { reasons[core.index] = other.reasons[core.index] }
  }
}

/// What the reason searches did, for measurements and tests.
package struct ReasonStatistics: Hashable, Sendable {
  /// Cores read from the implication graph.
  package var byImplication = 0
  /// Cores that needed a solver call.
  package var bySearch = 0
  /// Checks answered by a model met before.
  package var byKeptModel = 0
  /// Checks that needed the solver.
  package var bySolver = 0
  /// Of those, the satisfiable ones answered by completing the first model (the rest are
  /// full searches, or unsatisfiable).
  package var byReference = 0
  /// Of those, the unsatisfiable ones (an item left out).
  package var unsatisfiable = 0
}
