import Foundation
import Testing

@testable import ConfigurationEngine

@Suite struct SolverTests {
  private static func randomClauses(
    variables: Int, clauses: Int, width: Int, using random: inout SeededGenerator
  ) -> [[Literal]] {
    (0..<clauses).map { _ in
      (0..<width).map { _ in
        Literal(
          Variable(Int.random(in: 0..<variables, using: &random)),
          negated: Bool.random(using: &random))
      }
    }
  }

  private static func satisfies(_ model: [Bool], _ clauses: [[Literal]]) -> Bool {
    let assignment = Assignment(model)
    return clauses.allSatisfy { clause in clause.contains { assignment[$0] } }
  }

  @Test func answersRandomThreeSATNearThePhaseTransitionWithValidModelsAndCores() {
    var random = SeededGenerator(seed: 1)
    var answers = (satisfiable: 0, unsatisfiable: 0)
    for round in 0..<40 {
      let variables = 60 + round * 2
      let clauses = Self.randomClauses(
        variables: variables, clauses: variables * 426 / 100, width: 3, using: &random)
      var solver = Solver(variableCount: variables)
      for clause in clauses { solver.addClause(clause) }
      for _ in 0..<3 {
        let assumptions = (0..<Int.random(in: 0...6, using: &random)).map { _ in
          Literal(
            Variable(Int.random(in: 0..<variables, using: &random)),
            negated: Bool.random(using: &random))
        }
        switch solver.solve(assumptions: assumptions) {
        case .satisfiable:
          answers.satisfiable += 1
          let model = solver.modelValues
          #expect(Self.satisfies(model, clauses), "round \(round)")
          #expect(Self.satisfies(model, assumptions.map { [$0] }), "round \(round)")
        case .unsatisfiable(let core):
          answers.unsatisfiable += 1
          #expect(Set(core).isSubset(of: Set(assumptions)), "round \(round)")
          var fresh = Solver(variableCount: variables)
          for clause in clauses { fresh.addClause(clause) }
          let again = fresh.solve(assumptions: core)
          #expect(again != .satisfiable, "round \(round)")
        case .unknown:
          Issue.record("no budget was set, round \(round)")
        }
      }
    }
    #expect(answers.satisfiable > 10 && answers.unsatisfiable > 10)
  }

  @Test func agreesWithBruteForceOnSmallFormulasUnderAssumptions() {
    var random = SeededGenerator(seed: 2)
    for round in 0..<300 {
      let variables = Int.random(in: 1...10, using: &random)
      let initial = Self.randomClauses(
        variables: variables, clauses: Int.random(in: 0...(variables * 5), using: &random),
        width: Int.random(in: 1...4, using: &random), using: &random)
      var solver = Solver(variableCount: variables)
      for clause in initial { solver.addClause(clause) }
      var clauses = initial
      for _ in 0..<4 {
        let assumptions = (0..<Int.random(in: 0...3, using: &random)).map { _ in
          Literal(
            Variable(Int.random(in: 0..<variables, using: &random)),
            negated: Bool.random(using: &random))
        }
        let expected = (UInt32(0)..<(1 << UInt32(variables))).contains { values in
          (clauses + assumptions.map { [$0] }).allSatisfy { clause in
            clause.contains { BruteForce.isTrue($0, values) }
          }
        }
        let result = solver.solve(assumptions: assumptions)
        #expect((result == .satisfiable) == expected, "round \(round)")
        let model = solver.modelValues
        if result == .satisfiable { #expect(Self.satisfies(model, clauses), "round \(round)") }
        if case .unsatisfiable(let core) = result {
          #expect(Set(core).isSubset(of: Set(assumptions)), "round \(round)")
        }
        // Clauses added between calls count from the next call on.
        let extra = Self.randomClauses(variables: variables, clauses: 1, width: 2, using: &random)
        solver.addClause(extra[0])
        clauses.append(extra[0])
      }
    }
  }

  /// n + 1 pigeons in n holes: small, unsatisfiable, and hard for resolution.
  private static func pigeonhole(_ holes: Int) -> (variables: Int, clauses: [[Literal]]) {
    func sits(_ pigeon: Int, _ hole: Int) -> Literal { Variable(pigeon * holes + hole).positive }
    var clauses: [[Literal]] = []
    for pigeon in 0...holes { clauses.append((0..<holes).map { sits(pigeon, $0) }) }
    for hole in 0..<holes {
      for first in 0..<holes {
        for second in first..<holes {
          clauses.append([!sits(first, hole), !sits(second + 1, hole)])
        }
      }
    }
    return ((holes + 1) * holes, clauses)
  }

  @Test func stopsWithUnknownOnceCancelledFromAnotherThreadAndCanGoOnLater() {
    // Pigeonhole 10 takes this solver far longer than the deadline; only the cancellation,
    // from another thread 50 ms in, can end the call before it.
    let (variables, clauses) = Self.pigeonhole(10)
    var solver = Solver(variableCount: variables)
    for clause in clauses { solver.addClause(clause) }
    let already = Cancellation()
    already.cancel()
    let refused = solver.solve(budget: SolverBudget(cancellation: already))
    #expect(refused == .unknown)
    let cancellation = Cancellation()
    let deadline = ContinuousClock.now.advanced(by: .seconds(30))
    // A thread of its own: the shared pool Dispatch's queues use may be busy with other
    // tests (under AddressSanitizer, in CI) until long after the deadline.
    Thread.detachNewThread {
      Thread.sleep(forTimeInterval: 0.05)
      cancellation.cancel()
    }
    let cancelled = solver.solve(
      budget: SolverBudget(deadline: deadline, cancellation: cancellation))
    #expect(cancelled == .unknown)
    #expect(ContinuousClock.now < deadline, "the call ran to its deadline")
    // The solver is usable afterwards: a small question under the same clauses answers.
    let small = solver.solve(budget: SolverBudget(conflicts: 10))
    #expect(small == .unknown)
  }

  @Test func givesUpWithUnknownPastItsConflictBudgetAndCanGoOnLater() {
    let (variables, clauses) = Self.pigeonhole(7)
    var solver = Solver(variableCount: variables)
    for clause in clauses { solver.addClause(clause) }
    let limited = solver.solve(budget: SolverBudget(conflicts: 10))
    #expect(limited == .unknown)
    let late = solver.solve(budget: SolverBudget(deadline: .now - .seconds(1)))
    #expect(late == .unknown)
    let full = solver.solve()
    #expect(full == .unsatisfiable(core: []))
    let known = solver.isKnownUnsatisfiable
    #expect(known)
  }

  @Test func answersTheEdgeCasesOfClausesAndAssumptions() {
    var solver = Solver()
    var results: [SolveResult] = []
    results.append(solver.solve())
    let a = Variable(0).positive
    let b = Variable(1).positive
    let tautology = solver.addClause([a, !a])  // changes nothing
    let clause = solver.addClause([a, b, a])
    results.append(solver.solve(assumptions: [!a, !b]))
    results.append(solver.solve(assumptions: [a, !a]))
    results.append(solver.solve(assumptions: [!a]))
    let bInModel = solver.value(of: b)
    let unknownVariable = solver.value(of: Variable(5))
    // A variable first named by an assumption is made on demand.
    results.append(solver.solve(assumptions: [Variable(7).negative]))
    let madeOnDemand = solver.value(of: Variable(7))
    let unit = solver.addClause([!a])
    let propagated = solver.propagatedValue(of: b)
    let empty = solver.addClause([])
    results.append(solver.solve())
    #expect(tautology && clause && unit && !empty)
    #expect(
      results == [
        .satisfiable, .unsatisfiable(core: [!b, !a]), .unsatisfiable(core: [!a, a]),
        .satisfiable, .satisfiable, .unsatisfiable(core: []),
      ])
    #expect(bInModel == true && unknownVariable == nil && madeOnDemand == false)
    #expect(propagated == true)
  }

  @Test func refusesVariablesPastItsLimitWithoutCrashing() {
    var solver = Solver()
    let far = Literal(code: UInt32.max - 1)
    let added = solver.addClause([far])
    let result = solver.solve(assumptions: [far])
    #expect(!added)
    #expect(result == .unknown)
  }
}
