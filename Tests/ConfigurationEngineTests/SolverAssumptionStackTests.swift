import Testing

@testable import ConfigurationEngine

/// The solver's assumption stack (``Solver/pushAssumption(_:)``, ``Solver/popAssumptions(to:)``,
/// ``Solver/solveUnderAssumptions(budget:completingReference:)``) against brute force: random
/// pushes, pops and calls, interleaved with ordinary calls and added clauses, always answer for
/// exactly the literals on the stack, with cores taken from them.
@Suite struct SolverAssumptionStackTests {
  @Test func answersForExactlyTheAssumptionsOnTheStack() {
    var random = SeededGenerator(seed: 0x57AC)
    var answers = (satisfiable: 0, unsatisfiable: 0)
    for round in 0..<300 {
      let variables = Int.random(in: 2...10, using: &random)
      func randomLiteral() -> Literal {
        Literal(
          Variable(Int.random(in: 0..<variables, using: &random)),
          negated: Bool.random(using: &random))
      }
      var clauses: [[Literal]] = (0..<Int.random(in: 0...(variables * 3), using: &random)).map {
        _ in (0..<Int.random(in: 1...3, using: &random)).map { _ in randomLiteral() }
      }
      var solver = Solver(variableCount: variables)
      for clause in clauses { solver.addClause(clause) }
      var stack: [Literal] = []
      for step in 0..<12 {
        switch Int.random(in: 0..<6, using: &random) {
        case 0, 1:
          let literal = randomLiteral()
          let pushed = solver.pushAssumption(literal)
          #expect(pushed)
          stack.append(literal)
        case 2:
          let depth = Int.random(in: 0...stack.count, using: &random)
          solver.popAssumptions(to: depth)
          stack.removeLast(stack.count - depth)
        case 3:
          // An ordinary call replaces the stack with its own assumptions.
          stack = (0..<Int.random(in: 0...3, using: &random)).map { _ in randomLiteral() }
          _ = solver.solve(assumptions: stack)
        case 4 where step % 5 == 4:
          let clause = [randomLiteral(), randomLiteral()]
          solver.addClause(clause)
          clauses.append(clause)
        default:
          break
        }
        let count = solver.assumptionCount
        #expect(count == stack.count, "round \(round), step \(step)")
        let result = solver.solveUnderAssumptions()
        let expected = (UInt32(0)..<(1 << UInt32(variables))).contains { values in
          (clauses + stack.map { [$0] }).allSatisfy { clause in
            clause.contains { BruteForce.isTrue($0, values) }
          }
        }
        #expect((result == .satisfiable) == expected, "round \(round), step \(step)")
        switch result {
        case .satisfiable:
          answers.satisfiable += 1
          let model = Assignment(solver.modelValues)
          #expect(stack.allSatisfy { model[$0] }, "round \(round), step \(step)")
          #expect(clauses.allSatisfy { $0.contains { model[$0] } }, "round \(round)")
        case .unsatisfiable(let core):
          answers.unsatisfiable += 1
          #expect(Set(core).isSubset(of: Set(stack)), "round \(round), step \(step)")
          let refuted = !(UInt32(0)..<(1 << UInt32(variables))).contains { values in
            (clauses + core.map { [$0] }).allSatisfy { clause in
              clause.contains { BruteForce.isTrue($0, values) }
            }
          }
          #expect(refuted, "round \(round), step \(step): the core has a model")
        case .unknown:
          Issue.record("no budget was set, round \(round)")
        }
      }
    }
    #expect(answers.satisfiable > 300 && answers.unsatisfiable > 300)
  }
}
