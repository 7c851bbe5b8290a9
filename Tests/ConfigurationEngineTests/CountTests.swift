import Foundation
import Synchronization
import Testing

@testable import ConfigurationEngine

@Suite struct CountTests {
  private static let budget = CountBudget(timeLimit: .seconds(600))

  private static func exact(_ count: ModelCount) -> BigUInt? { count.exactValue }

  @Test func randomModelsCountAsManyBuildsAsEnumeration() {
    var zeroCounts = 0
    var largeCounts = 0
    for seed in 0..<400 as Range<UInt64> {
      let generated = CountGeneratedModel(seed: seed)
      let counter = ModelCounter(generated.model)
      var random = CountRandom(seed: seed &* 31 &+ 5)
      for round in 0..<3 {
        let choices = round == 0 ? [] : generated.randomChoices(&random)
        let expected = generated.bruteForceCount(choices: choices)
        let count = counter.countBuilds(choosing: choices, budget: Self.budget)
        #expect(
          count == .exact(BigUInt(expected)), "seed \(seed), choices \(choices)")
        if expected == 0 { zeroCounts += 1 }
        if expected > 100 { largeCounts += 1 }
      }
    }
    // The generator reaches both unsatisfiable and roomy cases.
    #expect(zeroCounts > 50)
    #expect(largeCounts > 50)
  }

  @Test func countsEqualClauseEnumerationOverEveryVariable() {
    var checked = 0
    for seed in 1000..<1600 as Range<UInt64> {
      let generated = CountGeneratedModel(seed: seed, maximumValues: 6, maximumItems: 3)
      guard generated.model.variableCount <= 16 else { continue }
      let assumptions = generated.model.ruleAssumptions
      let expected = countClauseSolutions(generated.model, assuming: assumptions)
      let (count, _) = ModelCounter(generated.model).count(
        assuming: assumptions, budget: Self.budget)
      #expect(count == .exact(BigUInt(expected)), "seed \(seed)")
      // Auxiliary variables are defined: the clause count is the count of value assignments.
      #expect(expected == generated.bruteForceCount(choices: []), "seed \(seed)")
      checked += 1
    }
    #expect(checked > 200)
  }

  @Test func aRuleSwitchedOffNoLongerRestricts() {
    var checked = 0
    for seed in 2000..<2300 as Range<UInt64> {
      let generated = CountGeneratedModel(seed: seed)
      let rules = generated.model.rules
      guard let off = rules.indices.first else { continue }
      var assumptions = generated.model.ruleAssumptions
      assumptions[off] = rules[off].selector.negative
      let inForce = Set(rules.indices).subtracting([off])
      let expected = generated.bruteForceCount(choices: [], rulesInForce: inForce)
      let (count, _) = ModelCounter(generated.model).count(
        assuming: assumptions, budget: Self.budget)
      #expect(count == .exact(BigUInt(expected)), "seed \(seed)")
      checked += 1
    }
    #expect(checked > 100)
  }

  @Test func threeHundredIndependentOptionsGiveTwoToTheThreeHundred() {
    var model = ConstraintModel()
    for _ in 0..<300 { _ = model.newVariable() }
    let count = ModelCounter(model).countBuilds(choosing: [], budget: Self.budget)
    #expect(
      count.exactValue?.description
        == "2037035976334486086268445688409378161051468393665936250636140449354381299763336706183397376"
    )
  }

  @Test func threeHundredOptionalChildrenOfARootGiveTwoToTheThreeHundred() {
    var model = ConstraintModel()
    let root = model.newVariable()
    model.require(.literal(root.positive))
    var children: [Variable] = []
    for index in 0..<300 {
      let child = model.newVariable()
      children.append(child)
      model.addRule(
        id: "parent-\(index)", .implies(.literal(child.positive), .literal(root.positive)))
    }
    let counter = ModelCounter(model)
    #expect(counter.countBuilds(choosing: [], budget: Self.budget) == .exact(.powerOfTwo(300)))
    // Ruling the root out leaves one build; choosing a child halves the count.
    #expect(counter.countBuilds(choosing: [root.negative], budget: Self.budget) == .exact(0))
    #expect(
      counter.countBuilds(choosing: [children[5].positive], budget: Self.budget)
        == .exact(.powerOfTwo(299)))
  }

  @Test func independentGroupsMultiply() {
    var model = ConstraintModel()
    func values(_ count: Int) -> [Literal] { (0..<count).map { _ in model.newVariable().positive } }
    // exactly one of 3: 3 ways; exactly one of 9 (ladder encoding): 9 ways.
    model.addExactlyOne(values(3))
    model.addExactlyOne(values(9))
    // two or three of five: C(5,2) + C(5,3) = 10 + 10 = 20 ways.
    model.addCardinality(values(5), minimum: 2, maximum: 3)
    // at least one of four: 2^4 - 1 = 15 ways.
    model.addCardinality(values(4), minimum: 1, maximum: nil)
    // at most one of eight: 1 + 8 = 9 ways.
    model.addAtMostOne(values(8))
    // a <=> b: 2 ways; a => b: 3 ways.
    let pair = values(2)
    model.addRule(id: "same", .equivalent(.literal(pair[0]), .literal(pair[1])))
    let implication = values(2)
    model.addRule(id: "needs", .implies(.literal(implication[0]), .literal(implication[1])))
    // 3 · 9 · 20 · 15 · 9 · 2 · 3 = 437,400, and 40 of these groups together: 437400^40.
    let counter = ModelCounter(model)
    #expect(counter.countBuilds(choosing: [], budget: Self.budget) == .exact(437_400))

    var many = ConstraintModel()
    for _ in 0..<40 {
      let group = (0..<3).map { _ in many.newVariable().positive }
      many.addExactlyOne(group)
      let more = (0..<5).map { _ in many.newVariable().positive }
      many.addCardinality(more, minimum: 2, maximum: 3)
    }
    var expected = BigUInt.one
    for _ in 0..<40 { expected *= 60 }
    #expect(ModelCounter(many).countBuilds(choosing: [], budget: Self.budget) == .exact(expected))
  }

  @Test func aLongImplicationChainCountsWithoutDeepRecursion() {
    // x1 => x2 => … => xn has n + 1 solutions: a run of false, then true.
    var model = ConstraintModel()
    let chain = (0..<600).map { _ in model.newVariable() }
    for index in 1..<chain.count {
      model.addImplication(chain[index - 1].positive, chain[index].positive)
    }
    let count = ModelCounter(model).countBuilds(choosing: [], budget: Self.budget)
    #expect(count == .exact(601))
  }

  @Test func contradictoryChoicesCountZero() {
    var model = ConstraintModel()
    let a = model.newVariable()
    let b = model.newVariable()
    model.addRule(id: "a-needs-b", .implies(.literal(a.positive), .literal(b.positive)))
    let counter = ModelCounter(model)
    #expect(
      counter.countBuilds(choosing: [a.positive, b.negative], budget: Self.budget) == .exact(0))
    #expect(
      counter.countBuilds(choosing: [a.positive, a.negative], budget: Self.budget) == .exact(0))
    #expect(counter.countBuilds(choosing: [a.positive], budget: Self.budget) == .exact(1))
    var empty = ConstraintModel()
    empty.addClause([])
    #expect(ModelCounter(empty).countBuilds(choosing: [], budget: Self.budget) == .exact(0))
  }

  /// Twenty independent copies of a small tangle, each needing decisions.
  private static func tangledModel() -> ConstraintModel {
    var model = ConstraintModel()
    for copy in 0..<20 {
      let values = (0..<6).map { _ in model.newVariable().positive }
      model.addCardinality(values, minimum: 2, maximum: 4)
      model.addRule(
        id: "tangle-\(copy)",
        .equivalent(.literal(values[0]), .or([.literal(values[3]), .not(.literal(values[5]))])))
    }
    return model
  }

  @Test func aDecisionBudgetStopsTheCountWithAReason() {
    let counter = ModelCounter(Self.tangledModel())
    let count = counter.countBuilds(
      choosing: [], budget: CountBudget(timeLimit: .seconds(600), decisionLimit: 5))
    guard case .unknown(let interruption) = count else {
      Issue.record("expected the count to stop, got \(count)")
      return
    }
    #expect(interruption.limit == .decisions(5))
    #expect(interruption.statistics.decisions == 5)
    #expect(interruption.description.hasPrefix("no exact count within the budget of 5 decisions ("))
    // Without the limit the same count finishes.
    #expect(counter.countBuilds(choosing: [], budget: Self.budget).exactValue != nil)
  }

  @Test func aSpentTimeBudgetStopsTheCount() {
    let count = ModelCounter(Self.tangledModel()).countBuilds(
      choosing: [], budget: CountBudget(timeLimit: .zero))
    guard case .unknown(let interruption) = count else {
      Issue.record("expected the count to stop, got \(count)")
      return
    }
    #expect(interruption.limit == .time(.zero))
    #expect(interruption.description.hasPrefix("no exact count within the time budget of 0 s ("))
  }

  @Test func aCancelledCountStopsWithAReason() {
    let cancellation = Cancellation()
    cancellation.cancel()
    let count = ModelCounter(Self.tangledModel()).countBuilds(
      choosing: [], budget: CountBudget(timeLimit: .seconds(600), cancellation: cancellation))
    guard case .unknown(let interruption) = count else {
      Issue.record("expected the count to stop, got \(count)")
      return
    }
    #expect(interruption.limit == .cancelled)
    #expect(interruption.description.hasPrefix("no exact count (the count was cancelled) ("))
  }

  /// A count that would take far longer than the test (random 3-clauses, 400 variables at a
  /// ratio of 2: many components that do not split), cancelled from another thread while it
  /// runs, stops with the cancellation rather than its time limit.
  @Test func aRunningCountStopsWhenCancelled() {
    var model = ConstraintModel()
    let variables = (0..<400).map { _ in model.newVariable() }
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    func next(_ bound: Int) -> Int {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return Int(state % UInt64(bound))
    }
    for _ in 0..<800 {
      model.addClause(
        (0..<3).map { _ in
          let variable = variables[next(variables.count)]
          return next(2) == 0 ? variable.positive : variable.negative
        })
    }
    let counter = ModelCounter(model)
    let cancellation = Cancellation()
    let budget = CountBudget(timeLimit: .seconds(120), cancellation: cancellation)
    // A thread of its own, and a blocking sleep here: the tasks' shared pool may be busy
    // with other tests for longer than the count's limit.
    let result = Mutex<ModelCount?>(nil)
    let finished = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      let count = counter.countBuilds(choosing: [], budget: budget)
      result.withLock { $0 = count }
      finished.signal()
    }
    usleep(500_000)
    let cancelled = ContinuousClock.now
    cancellation.cancel()
    finished.wait()
    // Stopped by the cancellation, long before its own limit (not a speed check: a count
    // that ignored it would run the full two minutes).
    #expect(ContinuousClock.now - cancelled < .seconds(60))
    guard let count = result.withLock({ $0 }) else { return }
    guard case .unknown(let interruption) = count else {
      Issue.record("expected the count to stop, got \(count)")
      return
    }
    #expect(interruption.limit == .cancelled)
  }

  @Test func aSpentMemoryBudgetStopsTheCount() {
    // Past a kilobyte the search stack of this model is over its half of the budget.
    let count = ModelCounter(Self.tangledModel()).countBuilds(
      choosing: [], budget: CountBudget(timeLimit: .seconds(600), memoryLimit: 1024))
    guard case .unknown(let interruption) = count else {
      Issue.record("expected the count to stop, got \(count)")
      return
    }
    #expect(interruption.limit == .memory(1024))
    #expect(
      interruption.description.hasPrefix("no exact count within the memory budget of 1024 bytes ("))
    #expect(
      CountInterruption(limit: .memory(1 << 30), statistics: CountStatistics()).description
        == "no exact count within the memory budget of 1024 MiB (0 decisions, 0 components cached)")
  }

  @Test func aFullCacheEvictsAndKeepsItsCounts() {
    let capacity = 12_000
    var cache = ComponentCache(capacity: capacity)
    var stored: [(hash: Int, key: [UInt32], count: BigUInt)] = []
    for index in 0..<400 {
      let key = (0...(index % 7 + 1)).map { UInt32($0 * 1000 + index) }
      // Few distinct hashes, so that lookups must compare keys.
      let hash = index % 5
      let count = BigUInt(UInt64(index)).shiftedLeft(by: index)
      cache.store(count, hash: hash, key: key)
      stored.append((hash, key, count))
      #expect(cache.bytes <= capacity)
    }
    #expect(cache.evictions > 0)
    #expect(cache.count > 0 && cache.count < 400)
    var found = 0
    for (hash, key, count) in stored {
      guard let cached = cache.count(hash: hash, key: key) else { continue }
      #expect(cached == count)
      found += 1
    }
    #expect(found == cache.count)
    // A key differing only in its last word is another component.
    #expect(cache.count(hash: 0, key: [0, 1000, 2001]) == nil)
  }
}
