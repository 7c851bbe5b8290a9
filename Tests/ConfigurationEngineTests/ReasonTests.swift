import Testing

@testable import ConfigurationEngine

/// The reasons `options` shows, all at once (``ConfigurationSpace/explainEach(_:choices:budget:)``),
/// against brute-force enumeration: each decides its literal, is minimal, is empty exactly when
/// the structure alone decides, and the cores and kept models behind it are sound — whichever
/// way each check of the minimal-reason search was answered (kept model, the solver completing
/// the first model, a full search).
@Suite struct ReasonTests {
  /// How a literal reached its core, to show every path of `explainEach` is taken.
  private enum Path: Hashable {
    case structure, implication, search
  }

  /// Checks a reason against the reference: it cites only choices given, and with only what
  /// it cites no build has the literal false, while dropping any one item allows one.
  static func expectMinimalAndDeciding(
    _ reason: Reason, for literal: Literal, choices: [Literal], _ generated: GeneratedCase,
    _ note: String
  ) {
    let reference = generated.reference
    let rules = BruteForce.ruleMask(reason.rules, in: generated.model)
    #expect(Set(reason.choices).isSubset(of: Set(choices)), "\(note)")
    #expect(
      !reference.isConsistent(rules: rules, reason.choices + [!literal]),
      "\(note): the reason does not force \(literal)")
    for position in reason.choices.indices {
      var fewer = reason.choices
      fewer.remove(at: position)
      #expect(reference.isConsistent(rules: rules, fewer + [!literal]), "\(note): not minimal")
    }
    for rule in reason.rules {
      let fewer = rules & ~BruteForce.ruleMask([rule], in: generated.model)
      #expect(
        reference.isConsistent(rules: fewer, reason.choices + [!literal]),
        "\(note): rule \(rule.id) is not needed")
    }
  }

  /// A generated case; every other one also has a literal forced only by a case split (one
  /// of a group holds, and each member implies it by its own rule), which unit propagation
  /// does not find, so its core comes from the solver's search.
  private static func generatedCase(seed: UInt64) -> GeneratedCase {
    guard seed % 2 == 1 else { return GeneratedCase(seed: seed, values: 3...10, maximumRules: 8) }
    var generator = SeededGenerator(seed: seed ^ 0x5B11_7000)
    let base = RandomModel(valueCount: Int.random(in: 4...10, using: &generator), using: &generator)
    let variables = (0..<base.valueCount).shuffled(using: &generator).map { Variable($0) }
    let forced = Literal(variables[0], negated: Bool.random(using: &generator))
    let group = variables.dropFirst().prefix(Int.random(in: 2...3, using: &generator)).map {
      $0.positive
    }
    let splits = group.map { Formula.implies(.literal($0), .literal(forced)) }
    return GeneratedCase(
      RandomModel(
        valueCount: base.valueCount, background: base.background + [.exactlyOne(group)],
        ruleFormulas: splits + base.ruleFormulas))
  }

  @Test func explainsEveryForcedLiteralMinimallyAsBruteForceDoes() throws {
    var paths: [Path: Int] = [:]
    var checks = ReasonStatistics()
    for seed in UInt64(0)..<600 {
      let generated = Self.generatedCase(seed: seed)
      var generator = SeededGenerator(seed: seed ^ 0x5EA5_0115)
      let choices = generated.choices(Int.random(in: 0...4, using: &generator), using: &generator)
      // A third of the cases answer every check by full searches (nothing near a model).
      if seed % 3 == 2 { generated.space.searchesNearReference = false }
      let reference = generated.reference
      let literals = (0..<generated.random.valueCount).flatMap {
        [Variable($0).positive, Variable($0).negative]
      }
      let reasons = generated.space.explainEach(literals, choices: choices, budget: .unlimited)
      let done = generated.space.reasonStatistics
      checks.byKeptModel += done.byKeptModel
      checks.byReference += done.byReference
      checks.bySolver += done.bySolver
      checks.unsatisfiable += done.unsatisfiable
      guard let backbone = reference.backbone(rules: reference.allRules, choices) else {
        #expect(reasons.allSatisfy { $0 == nil }, "seed \(seed): inconsistent choices")
        continue
      }
      // Which path each literal takes, read from the solver after the call the batch starts
      // with (the same assumptions, so the same trail).
      let space = generated.space
      _ = try space.isSatisfiable(space.selectors + choices, space.meter(.unlimited))
      var taken: [Literal: Path] = [:]
      for literal in literals {
        switch space.solver.assumptionsImplying(literal) {
        case .some(let core): taken[literal] = core.isEmpty ? .structure : .implication
        case nil: taken[literal] = .search
        }
      }
      for (literal, reason) in zip(literals, reasons) {
        let value = backbone[Int(literal.variable.index)]
        guard value == !literal.isNegated else {
          #expect(reason == nil, "seed \(seed): \(literal) is not forced")
          continue
        }
        guard let reason else {
          Issue.record("seed \(seed): \(literal) is forced but not explained")
          continue
        }
        if let path = taken[literal] { paths[path, default: 0] += 1 }
        Self.expectMinimalAndDeciding(
          reason, for: literal, choices: choices, generated, "seed \(seed)")
        // The empty reason ("by the model") exactly when the structure alone decides.
        let byStructure = !reference.isConsistent(rules: 0, [!literal])
        #expect(
          (reason.choices.isEmpty && reason.rules.isEmpty) == byStructure,
          "seed \(seed): \(literal)")
      }
    }
    #expect(paths[.structure, default: 0] > 20)
    #expect(paths[.implication, default: 0] > 50)
    #expect(paths[.search, default: 0] > 10)
    // Every way of answering a check of the minimal-reason search was taken, and the
    // reasons above (each checked against brute force) came through all of them.
    let fullSearches = checks.bySolver - checks.byReference - checks.unsatisfiable
    #expect(checks.byKeptModel > 50 && checks.byReference > 50 && fullSearches > 50)
    #expect(checks.unsatisfiable > 5)
  }

  @Test func givesTheReasonsOfExplainOneAtATime() throws {
    // The batch is an optimisation of `explain`: the same items in the same order, shrunk by
    // the same cores, so the same minimal reasons.
    var compared = 0
    for seed in UInt64(0)..<200 {
      let generated = GeneratedCase(seed: seed, values: 3...9)
      let single = GeneratedCase(seed: seed, values: 3...9)
      var generator = SeededGenerator(seed: seed ^ 0x0BA7_C4ED)
      let choices = generated.choices(Int.random(in: 0...3, using: &generator), using: &generator)
      let literals = (0..<generated.random.valueCount).flatMap {
        [Variable($0).positive, Variable($0).negative]
      }
      let batch = generated.space.explainEach(literals, choices: choices, budget: .unlimited)
      for (literal, reason) in zip(literals, batch) {
        let alone = try single.space.explain(literal, choices: choices, budget: .unlimited)
        #expect((reason == nil) == (alone == nil), "seed \(seed): \(literal)")
        guard let reason, let alone else { continue }
        compared += 1
        #expect(reason == alone, "seed \(seed): \(literal)")
      }
    }
    #expect(compared > 200)
  }

  @Test func stopsAtItsBudgetWithTheReasonsFoundSoFar() {
    let generated = GeneratedCase(seed: 3, values: 6...6)
    let literals = [Variable(0).positive, Variable(1).negative]
    let reasons = generated.space.explainEach(
      literals, choices: [], budget: AnalysisBudget(time: .zero))
    #expect(reasons == [nil, nil])
  }

  @Test func findsCoresThatImplyTheirLiteral() throws {
    var checked = 0
    for seed in UInt64(0)..<200 {
      let generated = GeneratedCase(seed: seed, values: 3...10, maximumRules: 8)
      var generator = SeededGenerator(seed: seed ^ 0xC0DE)
      let choices = generated.choices(Int.random(in: 0...4, using: &generator), using: &generator)
      let space = generated.space
      guard try space.isSatisfiable(space.selectors + choices, space.meter(.unlimited)) else {
        continue
      }
      for index in 0..<generated.random.valueCount {
        for literal in [Variable(index).positive, Variable(index).negative] {
          guard let core = space.solver.assumptionsImplying(literal) else { continue }
          checked += 1
          #expect(core.allSatisfy { (space.selectors + choices).contains($0) }, "seed \(seed)")
          let rules = BruteForce.ruleMask(
            generated.model.rules.filter { core.contains($0.selector.positive) }, in: space.model)
          let cited = choices.filter { core.contains($0) }
          #expect(
            !generated.reference.isConsistent(rules: rules, cited + [!literal]),
            "seed \(seed): \(core) does not imply \(literal)")
        }
      }
    }
    #expect(checked > 100)
  }

  @Test func keptModelsAnswerOnlyWhatARealBuildHas() throws {
    var kept = 0
    var answered = 0
    for seed in UInt64(0)..<200 {
      let generated = GeneratedCase(seed: seed, values: 3...10)
      var generator = SeededGenerator(seed: seed ^ 0x4E9A)
      let space = generated.space
      guard try space.isSatisfiable([], space.meter(.unlimited)) else { continue }
      let base = space.solver.modelValues
      let accepted = space.solver.setReference(base)
      #expect(accepted, "seed \(seed)")
      var pool = WitnessPool(
        capacity: 3, rules: generated.model.rules.map(\.holds),
        variableCount: generated.model.variableCount)
      pool.reset(base: base)
      for _ in 0..<6 {
        let values = generated.choices(Int.random(in: 1...3, using: &generator), using: &generator)
        let rules = generated.model.rules.prefix(Int.random(in: 0...2, using: &generator))
        let wanted = values + rules.map(\.selector.positive)
        let result = space.solver.solve(assumptions: wanted, completingReference: true)
        if result == .satisfiable {
          let model = space.solver.modelValues
          if let differences = space.solver.differencesFromReference, Bool.random(using: &generator)
          {
            pool.add(differences: differences)
          } else {
            pool.add(model: model)
          }
          kept += 1
          // The newest model is found first: the model itself, breaking exactly the rules
          // whose formula it makes false.
          let witness = try #require(pool.first(having: wanted[0]) { _ in true })
          for index in 0..<generated.model.variableCount {
            let variable = Variable(index)
            #expect(witness.holds(variable.positive) == model[index], "seed \(seed)")
          }
          let broken = generated.model.rules.indices.filter { index in
            !witness.holds(generated.model.rules[index].holds)
          }
          #expect(witness.brokenRules == broken, "seed \(seed)")
        }
        // The pool says yes only for what some real build with those rules has: a kept
        // model with the literal, breaking none of the rules asked for.
        let asked = generated.choices(Int.random(in: 1...3, using: &generator), using: &generator)
        let some = generated.model.rules.indices.filter { _ in Bool.random(using: &generator) }
        let found = pool.first(having: asked[0]) { witness in
          asked.allSatisfy(witness.holds) && some.allSatisfy { !witness.brokenRules.contains($0) }
        }
        if found != nil {
          let mask = BruteForce.ruleMask(
            some.map { generated.model.rules[$0] }, in: generated.model)
          #expect(generated.reference.isConsistent(rules: mask, asked), "seed \(seed)")
          answered += 1
        }
      }
    }
    #expect(kept > 100)
    #expect(answered > 50)
  }

  /// A literal whose core holds many rules is made minimal after those with small cores, so
  /// a deadline that stops the long one leaves the cheap ones explained (issue 50: one value
  /// of a tight total with 635 rules in its core kept 150 others unexplained).
  @Test func makesTheSmallestCoresMinimalFirst() throws {
    var model = ConstraintModel()
    let parts = (0..<11).map { _ in model.newVariable() }
    let target = model.newVariable()
    let lone = model.newVariable()
    // `target` is excluded by twelve rules together (eleven parts each required by a rule,
    // and one that forbids all of them with it); `lone` by one rule of its own. Both are read
    // from the implication graph, in the order asked.
    for (index, part) in parts.enumerated() {
      model.addRule(id: "part\(index)", .literal(part.positive))
    }
    model.addRule(
      id: "not-all",
      .implies(.literal(target.positive), .not(.and(parts.map { .literal($0.positive) }))))
    model.addRule(id: "alone", .literal(lone.negative))
    let space = ConfigurationSpace(model)
    var work = space.startExplaining(
      [target.negative, lone.negative], choices: [], budget: .unlimited)
    try #require(work.cores.count == 2)
    #expect(work.cores.map(\.items.count) == [12, 1])
    #expect(work.cheapestFirst(work.cores.indices) == [1, 0])
    space.finishExplaining(&work, cores: work.cores.indices, budget: .unlimited)
    #expect(work.reasons.map { $0?.rules.count } == [12, 1])
  }
}
