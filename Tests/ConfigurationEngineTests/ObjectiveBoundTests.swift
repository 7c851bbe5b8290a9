import Testing

@testable import ConfigurationEngine

/// The solver's objective bounds (`Solver+Linear.swift`): a bound on a weighted sum that an
/// optimisation adds, lowers and takes back. Every answer is checked against enumeration of
/// small generated models: under the guard only builds within the bound, without it every
/// build, and after the bound is taken back the solver answers as if it had never been there
/// (what it learnt under the bound must not cut builds out).
@Suite struct ObjectiveBoundTests {
  @Test func boundsAnswerAsEnumerationDoesAndLeaveNothingBehind() throws {
    var answers = (within: 0, beyond: 0)
    for seed in UInt64(0)..<150 {
      let generated = GeneratedCase(seed: seed, values: 4...10)
      let reference = generated.reference
      var solver = ConfigurationSpace.solver(for: generated.model)
      var random = SeededGenerator(seed: seed ^ 0xB0D)
      let rules = generated.model.rules.map(\.selector.positive)
      // Positive weights on one literal of each of some values.
      var terms: [LinearSum.Term] = []
      for index in 0..<generated.random.valueCount where Bool.random(using: &random) {
        let literal = Literal(Variable(index), negated: Bool.random(using: &random))
        terms.append(LinearSum.Term(literal, Int64.random(in: 1...40, using: &random)))
      }
      // A model whose background has no build leaves the solver inconsistent: no bound then.
      guard !terms.isEmpty, !reference.solutions.isEmpty else { continue }
      let total = terms.reduce(0) { $0 + $1.coefficient }
      func weight(_ values: UInt32) -> Int64 {
        terms.reduce(0) { $0 + (BruteForce.isTrue($1.literal, values) ? $1.coefficient : 0) }
      }
      func check(_ bound: Int64?, guardLiteral: Literal?, _ note: String) {
        let choices = generated.choices(Int.random(in: 0...2, using: &random), using: &random)
        let assumptions = rules + choices + (guardLiteral.map { [$0] } ?? [])
        let builds = reference.solutions(rules: reference.allRules, satisfying: choices)
          .map(\.values).filter { bound == nil || weight($0) <= bound ?? 0 }
        switch solver.solve(assumptions: assumptions) {
        case .satisfiable:
          let model = Assignment(solver.modelValues)
          let values = BruteForce.mask(model, valueCount: generated.random.valueCount)
          #expect(builds.contains(values), "seed \(seed) \(note): not a build within the bound")
        case .unsatisfiable:
          #expect(builds.isEmpty, "seed \(seed) \(note): a build was cut out")
        case .unknown:
          Issue.record("seed \(seed) \(note): no answer without a budget")
        }
      }
      // A bound within the total, then lower and lower ones, each asked with and without it.
      var bound = Int64.random(in: 0..<total, using: &random)
      let added = solver.addObjectiveBound(terms, bound: bound)
      let objective = try #require(added)
      for step in 0..<4 {
        check(bound, guardLiteral: objective.guardLiteral, "step \(step) bound \(bound)")
        check(nil, guardLiteral: nil, "step \(step) unguarded")
        let lower = bound - Int64.random(in: 0...bound / 2 + 1, using: &random)
        guard lower >= 0 else {
          let lowered = solver.lowerObjectiveBound(objective, to: lower)
          #expect(!lowered)
          break
        }
        let lowered = solver.lowerObjectiveBound(objective, to: lower)
        #expect(lowered)
        bound = lower
      }
      if reference.isConsistent(rules: reference.allRules, []) {
        let reachable = reference.solutions(rules: reference.allRules, satisfying: [])
          .contains { weight($0.values) <= bound }
        if reachable { answers.within += 1 } else { answers.beyond += 1 }
      }
      solver.removeObjectiveBound(objective)
      for step in 0..<4 { check(nil, guardLiteral: nil, "after removal \(step)") }
      // A new bound, looser than the last: nothing learnt under the old one holds it back.
      let again = solver.addObjectiveBound(terms, bound: total - 1)
      let looser = try #require(again)
      for step in 0..<3 {
        check(total - 1, guardLiteral: looser.guardLiteral, "looser \(step)")
      }
      solver.removeObjectiveBound(looser)
    }
    // Both sides of the bound were met: some bounds leave builds, some none.
    #expect(answers.within > 20 && answers.beyond > 20, "\(answers)")
  }

  @Test func refusesWhatItCannotHold() {
    var solver = Solver(variableCount: 3)
    let terms = [LinearSum.Term(Variable(0).positive, 5), LinearSum.Term(Variable(1).positive, 7)]
    // A bound at or past the total, or below zero, bounds nothing: nothing is added.
    let refused = [
      solver.addObjectiveBound(terms, bound: 12),
      solver.addObjectiveBound(terms, bound: -1),
      solver.addObjectiveBound([LinearSum.Term(Variable(2).positive, 0)], bound: 0),
      solver.addObjectiveBound(
        [LinearSum.Term(Variable(0).positive, 1 << 61), LinearSum.Term(Variable(1).positive, 1)],
        bound: 0),
    ]
    #expect(refused.allSatisfy { $0 == nil })
    let objective = solver.addObjectiveBound(terms, bound: 6)
    #expect(objective != nil)
    if let objective {
      let lowered = solver.lowerObjectiveBound(objective, to: -1)
      #expect(!lowered)
      // A bound past the total leaves the constraint as it was, and cannot overflow.
      let loosened = solver.lowerObjectiveBound(objective, to: Int64.max)
      #expect(loosened)
      // 5 and 7 together pass 6: one of them at most, under the guard.
      let both = [objective.guardLiteral, Variable(0).positive, Variable(1).positive]
      let guarded = solver.solve(assumptions: both)
      let free = solver.solve(assumptions: Array(both.dropFirst()))
      #expect(guarded != .satisfiable)
      #expect(free == .satisfiable)
    }
  }
}
