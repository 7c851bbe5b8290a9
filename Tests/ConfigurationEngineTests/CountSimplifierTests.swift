import Testing

@testable import ConfigurationEngine

/// Each of the counter's simplification steps, alone and together, keeps the number of
/// solutions: the simplified formula's count (by enumeration, times two for each variable left
/// free) equals the original clauses' count by enumeration.
@Suite struct CountSimplifierTests {
  /// A step of ``CountingSimplifier``.
  enum Step: String, CaseIterable, Sendable {
    case propagation, equivalentLiterals, subsumption, elimination, all
  }

  private static let seeds = 0..<400 as Range<UInt64>

  /// The simplifier over a planted formula, no values fixed yet.
  private static func simplifier(_ planted: PlantedFormula) -> CountingSimplifier {
    CountingSimplifier(
      variableCount: planted.variableCount,
      values: [Int8](repeating: 0, count: 2 * planted.variableCount),
      clauses: planted.clauseList, isIndependent: planted.isIndependent,
      deadline: .now + .seconds(600))
  }

  private static func run(_ step: Step, on simplifier: inout CountingSimplifier) {
    switch step {
    case .propagation: break
    case .equivalentLiterals: _ = simplifier.substituteEquivalentLiterals()
    case .subsumption: simplifier.removeSubsumedClauses(workLimit: .max)
    case .elimination: _ = simplifier.eliminateVariables(workLimit: .max)
    case .all: simplifier.simplify()
    }
  }

  @Test(arguments: Step.allCases)
  func aStepKeepsTheCountOfPlantedFormulas(step: Step) {
    var changed = 0
    for seed in Self.seeds {
      let planted = PlantedFormula(seed: seed)
      var simplifier = Self.simplifier(planted)
      let before = simplifier.statistics
      Self.run(step, on: &simplifier)
      let simplified = simplifier.makeFormula()
      #expect(
        simplified.bruteForceCount == planted.bruteForceCount, "seed \(seed), step \(step)")
      let after = simplifier.statistics
      if after.substituted + after.eliminated + after.subsumed + after.fixed
        > before.substituted + before.eliminated + before.subsumed + before.fixed
      {
        changed += 1
      }
    }
    // The planted structure gives each step work to do (propagation acts in the initializer).
    if step != .propagation { #expect(changed > 100, "step \(step) changed \(changed) formulas") }
  }

  @Test func eliminationOfEncodingHelpersKeepsTheCountOfModels() {
    var eliminated = 0
    for seed in 3000..<3600 as Range<UInt64> {
      let generated = CountGeneratedModel(seed: seed, maximumValues: 7, maximumItems: 4)
      let model = generated.model
      guard model.variableCount <= 14 else { continue }
      var isIndependent = model.isAuxiliary.map { !$0 }
      for rule in model.rules { isIndependent[Int(rule.selector.index)] = true }
      var clauses = ClauseList()
      for clause in model.clauses { clauses.append(clause.map(\.code)) }
      // Some rules in force, the others free, so that selectors stay in the formula.
      var random = CountRandom(seed: seed)
      let assumptions = model.rules.compactMap {
        Bool.random(using: &random) ? $0.selector.positive : nil
      }
      var values = [Int8](repeating: 0, count: 2 * model.variableCount)
      for literal in assumptions {
        values[Int(literal.code)] = 1
        values[Int(literal.code ^ 1)] = -1
      }
      var residual = ClauseList()
      for index in 0..<clauses.count {
        let clause = clauses[index]
        if clause.contains(where: { values[Int($0)] == 1 }) { continue }
        residual.append(clause.filter { values[Int($0)] == 0 })
      }
      var simplifier = CountingSimplifier(
        variableCount: model.variableCount, values: values, clauses: residual,
        isIndependent: isIndependent, deadline: .now + .seconds(600))
      simplifier.simplify()
      let expected = countClauseSolutions(model, assuming: assumptions)
      #expect(simplifier.makeFormula().bruteForceCount == expected, "seed \(seed)")
      eliminated += simplifier.statistics.eliminated
    }
    #expect(eliminated > 100)
  }

  @Test func resolventsKeepNoSubsumedClauseAndNoTautology() {
    let clauses: ClauseList = {
      var list = ClauseList()
      list.append([2, 4])
      list.append([2, 4, 6])
      list.append([2, 4])
      list.append([3, 6, 8])
      return list
    }()
    var work = 0
    let kept = CountingSimplifier.withoutSubsumed(clauses, work: &work)
    #expect(kept.count == 2)
    #expect(Array(kept[0]) == [2, 4])
    #expect(Array(kept[1]) == [3, 6, 8])
    #expect(CountingSimplifier.isSubset([2, 6], of: [2, 4, 6]))
    #expect(!CountingSimplifier.isSubset([2, 7], of: [2, 4, 6]))
  }
}
