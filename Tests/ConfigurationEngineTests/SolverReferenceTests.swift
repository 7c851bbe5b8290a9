import Testing

@testable import ConfigurationEngine

/// The search near a reference model (``Solver/solve(assumptions:budget:completingReference:)``)
/// against brute force: the same answers as an ordinary search, models of every clause with
/// the assumptions, and the differences it reports are exactly where its model leaves the
/// reference — also when calls share assumption levels, clauses are added between calls, and
/// the reference given is not a model at all.
@Suite struct SolverReferenceTests {
  private static func randomClauses(
    variables: Int, count: Int, using random: inout SeededGenerator
  ) -> [[Literal]] {
    (0..<count).map { _ in
      (0..<Int.random(in: 1...4, using: &random)).map { _ in
        Literal(
          Variable(Int.random(in: 0..<variables, using: &random)),
          negated: Bool.random(using: &random))
      }
    }
  }

  private static func isModel(_ values: UInt32, _ clauses: [[Literal]]) -> Bool {
    clauses.allSatisfy { clause in clause.contains { BruteForce.isTrue($0, values) } }
  }

  private static func mask(_ model: [Bool], _ variables: Int) -> UInt32 {
    var values: UInt32 = 0
    for index in 0..<variables where model[index] { values |= 1 << UInt32(index) }
    return values
  }

  @Test func answersAsBruteForceWithModelsNearTheReference() {
    var random = SeededGenerator(seed: 0x2EF)
    var completed = 0
    var unsatisfiable = 0
    var refused = 0
    for round in 0..<400 {
      let variables = Int.random(in: 2...12, using: &random)
      var clauses = Self.randomClauses(
        variables: variables, count: Int.random(in: 0...(variables * 4), using: &random),
        using: &random)
      var solver = Solver(variableCount: variables)
      for clause in clauses { solver.addClause(clause) }
      var models = (UInt32(0)..<(1 << UInt32(variables))).filter { Self.isModel($0, clauses) }
      guard let chosen = models.randomElement(using: &random) else { continue }
      // Now and then a reference that breaks a clause: refused, and the calls still right.
      var reference = (0..<variables).map { (chosen >> UInt32($0)) & 1 == 1 }
      let spoiled = Int.random(in: 0..<8, using: &random) == 0
      if spoiled { reference[Int.random(in: 0..<variables, using: &random)].toggle() }
      let accepted = solver.setReference(reference)
      #expect(accepted == Self.isModel(Self.mask(reference, variables), clauses), "round \(round)")
      if !accepted { refused += 1 }
      for call in 0..<5 {
        // Assumptions that often start the same way, so levels are kept between calls.
        var assumptions = [Literal(Variable(0), negated: round % 2 == 0)]
        for _ in 0..<Int.random(in: 0...3, using: &random) {
          assumptions.append(
            Literal(
              Variable(Int.random(in: 0..<variables, using: &random)),
              negated: Bool.random(using: &random)))
        }
        let expected = models.contains { values in
          assumptions.allSatisfy { BruteForce.isTrue($0, values) }
        }
        let result = solver.solve(assumptions: assumptions, completingReference: true)
        #expect((result == .satisfiable) == expected, "round \(round), call \(call)")
        if result == .satisfiable {
          let model = solver.modelValues
          let values = Self.mask(model, variables)
          #expect(Self.isModel(values, clauses), "round \(round), call \(call)")
          #expect(assumptions.allSatisfy { BruteForce.isTrue($0, values) }, "round \(round)")
          if let differences = solver.differencesFromReference {
            completed += 1
            let expectedDifferences = (0..<variables).filter { model[$0] != reference[$0] }
            #expect(
              Set(differences.map { Int($0.variable.index) }) == Set(expectedDifferences),
              "round \(round), call \(call)")
            #expect(differences.allSatisfy { model[Int($0.variable.index)] != $0.isNegated })
          }
        }
        if case .unsatisfiable(let core) = result {
          unsatisfiable += 1
          #expect(Set(core).isSubset(of: Set(assumptions)), "round \(round)")
          let refuted = !models.contains { values in
            core.allSatisfy { BruteForce.isTrue($0, values) }
          }
          #expect(refuted, "round \(round): the core has a model")
        }
        // A clause added between calls drops the reference until it is set again.
        if call == 2 {
          let extra = Self.randomClauses(variables: variables, count: 1, using: &random)[0]
          solver.addClause(extra)
          clauses.append(extra)
          models.removeAll { !Self.isModel($0, [extra]) }
          let mask = Self.mask(reference, variables)
          let stillModel = Self.isModel(mask, clauses)
          let again = solver.setReference(reference)
          #expect(again == stillModel, "round \(round)")
        }
      }
    }
    #expect(completed > 300 && unsatisfiable > 100 && refused > 10)
  }

  @Test func mendsAClauseAgainWhenTheDecisionThatMendedItIsUndone() {
    // Issue 52's model: R with the group "exactly one of A, B, C", and the rule restating it
    // as `A & !B & !C | B & !A & !C | C & !A & !B`. With the rule's formula false, the first
    // broken clause is mended by deciding a member, which clashes with the group at once; the
    // backjump undoes only that decision, and the clause, broken again, must be mended again.
    var model = ConstraintModel()
    let r = model.newVariable().positive
    let members = (0..<3).map { _ in model.newVariable().positive }
    model.addClause([r])
    for member in members { model.addImplication(member, r) }
    model.addClause([!r] + members)
    model.addAtMostOne(members)
    let rule = model.addRule(id: "restated", RestatedGroupTests.exactlyOne(members))
    let count = model.variableCount
    let models = (UInt32(0)..<(1 << UInt32(count))).filter { Self.isModel($0, model.clauses) }
    for reference in models {
      for polarity in [false, true] {
        var solver = Solver(variableCount: count)
        for clause in model.clauses { solver.addClause(clause) }
        for variable in 0..<count { solver.setPolarity(Variable(variable), polarity) }
        let set = solver.setReference((0..<count).map { (reference >> UInt32($0)) & 1 == 1 })
        let result = solver.solve(assumptions: [!rule.holds], completingReference: true)
        let expected = models.contains { BruteForce.isTrue(!rule.holds, $0) }
        #expect(set && !expected)
        #expect((result == .satisfiable) == expected, "reference \(reference)")
        if result == .satisfiable {
          #expect(Self.isModel(Self.mask(solver.modelValues, count), model.clauses))
        }
      }
    }
  }

  @Test func completesAFeatureTreeWithFewDecisions() {
    // A chain of 200 mandatory features under an optional one, and 200 free leaves: assuming
    // the chain's top needs no decision at all, only propagation, however many leaves there
    // are — an ordinary search decides every leaf.
    var solver = Solver(variableCount: 401)
    for index in 0..<200 {
      let child = Variable(index + 1).positive
      let parent = Variable(index).positive
      solver.addClause([!child, parent])
      if index > 0 { solver.addClause([!parent, child]) }
    }
    for leaf in 201..<401 { solver.addClause([!Variable(leaf).positive, Variable(0).positive]) }
    let first = solver.solve(assumptions: [Variable(0).negative])
    let taken = solver.setReferenceToModel()
    let before = solver.statistics.decisions
    let result = solver.solve(assumptions: [Variable(1).positive], completingReference: true)
    let decisions = solver.statistics.decisions - before
    let differences = solver.differencesFromReference ?? []
    let bottom = solver.value(of: Variable(200))
    #expect(first == .satisfiable && taken && result == .satisfiable)
    #expect(decisions <= 2)
    #expect(differences.count == 201)
    #expect(bottom == true)
  }

  @Test func aClearedReferenceIsReusedOnlyWhileItIsStillAModel() {
    let x = (0..<3).map { Variable($0).positive }
    var solver = Solver(variableCount: 3)
    solver.addClause([x[0], x[1]])
    let beforeAny = solver.reuseReference()
    #expect(!beforeAny)
    let set = solver.setReference([true, false, false])
    solver.clearReference()
    let reused = solver.reuseReference()
    #expect(set && reused)
    let answer = solver.solve(assumptions: [x[2]], completingReference: true)
    #expect(answer == .satisfiable)
    #expect(solver.differencesFromReference == [x[2]])
    solver.clearReference()
    // A clause the old reference breaks, then a sum it breaks: no longer reusable.
    solver.addClause([!x[0], x[1]])
    let afterClause = solver.reuseReference()
    #expect(!afterClause)
    let setAgain = solver.setReference([false, true, false])
    solver.clearReference()
    solver.addAtMost([.init(x[1], 2), .init(x[2], 1)], bound: 1)
    let afterSum = solver.reuseReference()
    #expect(setAgain && !afterSum)
    let none = solver.solve()
    #expect(none == .unsatisfiable(core: []))
  }
}
