import Testing

@testable import ConfigurationEngine

/// Sums the solver propagates natively (`Solver+Linear.swift`): a model's adder networks are
/// left out of the solver and their sums stand for them, so every answer the solver gives is
/// checked here against enumeration of the value assignments, which reads each constraint by
/// its meaning: satisfiability under random rules and choices, that a core is a subset of the
/// assumptions that has no build, that a model keeps every requirement, and that a search
/// completing a reference model answers the same.
@Suite struct NativeSumTests {
  @Test func theSolverWithNativeSumsAgreesWithEnumeration() {
    var answers = (satisfiable: 0, unsatisfiable: 0, native: 0)
    for seed in 11_000..<11_400 as Range<UInt64> {
      let generated = CountGeneratedModel(seed: seed, linear: true, encoding: .adder)
      let model = generated.model
      answers.native += model.nativeSums.filter(\.solverPropagates).count
      var solver = ConfigurationSpace.solver(for: model)
      var random = CountRandom(seed: seed &* 13)
      var reference: [Bool]?
      for _ in 0..<6 {
        let inForce = Set(model.rules.indices.filter { _ in Bool.random(using: &random) })
        let choices = generated.randomChoices(&random)
        let assumptions = inForce.sorted().map { model.rules[$0].selector.positive } + choices
        let expected = generated.bruteForceCount(choices: choices, rulesInForce: inForce) > 0
        let nearReference = reference.map { solver.setReference($0) } ?? false
        let answer = solver.solve(assumptions: assumptions, completingReference: nearReference)
        switch answer {
        case .satisfiable:
          #expect(expected, "seed \(seed): a model where enumeration finds no build")
          answers.satisfiable += 1
          let values = solver.modelValues
          var mask: UInt64 = 0
          for index in 0..<generated.valueCount where values[index] { mask |= 1 << UInt64(index) }
          let kept = generated.keeps(mask, choices: choices, rulesInForce: inForce)
          #expect(kept, "seed \(seed): the model breaks a requirement")
          reference = values
        case .unsatisfiable(let core):
          #expect(!expected, "seed \(seed): no model where enumeration finds a build")
          answers.unsatisfiable += 1
          #expect(core.allSatisfy(assumptions.contains), "seed \(seed): core \(core)")
          let coreRules = Set(
            inForce.filter { core.contains(model.rules[$0].selector.positive) })
          let coreChoices = choices.filter(core.contains)
          #expect(
            generated.bruteForceCount(choices: coreChoices, rulesInForce: coreRules) == 0,
            "seed \(seed): the core \(core) has a build")
        case .unknown:
          Issue.record("seed \(seed): no answer without a budget")
        }
      }
    }
    #expect(answers.satisfiable > 300 && answers.unsatisfiable > 300)
    #expect(answers.native > 100)
  }

  @Test func heavyValuesAreRuledOutByPropagationAlone() throws {
    // 40 values of weights 1–40 and Σ ≤ 45 as a rule: with 30 and 10 chosen, every value
    // heavier than 5 is out by propagation, each for the rule and the choices that leave no
    // room for it.
    var model = ConstraintModel()
    model.linearEncoding = .adder
    let x = (0..<40).map { _ in model.newVariable().positive }
    let sum = try #require(LinearSum(x.enumerated().map { .init($1, Int64($0 + 1)) }, atMost: 45))
    let rule = model.addRule(id: "total", .atMost(sum))
    #expect(model.nativeSums.count == 1 && model.nativeSums[0].solverPropagates)
    var solver = ConfigurationSpace.solver(for: model)
    #expect(solver.solve(assumptions: [rule.selector.positive, x[29], x[9]]) == .satisfiable)
    for index in 0..<40 where index != 29 && index != 9 {
      let out = index + 1 > 5
      #expect(solver.propagatedValue(of: x[index]) == (out ? false : nil), "x\(index)")
    }
    // 30 alone leaves room for 15 (40 is out by the rule and 30); 30 and 10 leave 5 (6 is out
    // by all three).
    #expect(solver.assumptionsImplying(!x[39]).map(Set.init) == [rule.selector.positive, x[29]])
    #expect(
      solver.assumptionsImplying(!x[5]).map(Set.init) == [rule.selector.positive, x[29], x[9]])
    // One more, past the bound: the core is exactly the three that do not fit together.
    let answer = solver.solve(assumptions: [rule.selector.positive, x[29], x[9], x[4], x[1]])
    guard case .unsatisfiable(let clash) = answer else {
      Issue.record("30 + 10 + 5 + 2 > 45 was accepted")
      return
    }
    #expect(Set(clash).isSubset(of: [rule.selector.positive, x[29], x[9], x[4], x[1]]))
    #expect(clash.contains(rule.selector.positive))
  }

  @Test func withoutNativeSumsTheNetworkStaysInTheSolver() throws {
    var model = ConstraintModel()
    model.linearEncoding = .adder
    model.propagatesSumsNatively = false
    let x = (0..<10).map { _ in model.newVariable().positive }
    let sum = try #require(LinearSum(x.enumerated().map { .init($1, Int64($0 + 1)) }, atMost: 12))
    model.require(.atMost(sum))
    #expect(model.nativeSums.allSatisfy { !$0.solverPropagates })
    var solver = ConfigurationSpace.solver(for: model)
    #expect(solver.solve(assumptions: [x[9], x[2]]) == .unsatisfiable(core: [x[9], x[2]]))
  }
}
