import Testing

@testable import ConfigurationEngine

@Suite struct CircuitBudgetTests {
  /// A model whose compilation needs decisions: ten values, each pair of neighbours not both.
  static var chain: ConstraintModel {
    var model = ConstraintModel()
    let values = (0..<10).map { _ in model.newVariable() }
    for index in 1..<values.count {
      model.addRule(
        id: "pair-\(index)",
        .not(.and([.literal(values[index - 1].positive), .literal(values[index].positive)])))
    }
    return model
  }

  @Test func aDecisionLimitStopsTheCompilationAndSaysSo() {
    let budget = CompilationBudget(timeLimit: .seconds(600), decisionLimit: 1)
    guard case .unfinished(let interruption) = ModelCounter(Self.chain).compile(budget: budget)
    else {
      Issue.record("the compilation finished past its decision limit")
      return
    }
    #expect(interruption.limit == .decisions(1))
  }

  @Test func aCircuitByteLimitStopsTheCompilationAndSaysSo() {
    let budget = CompilationBudget(timeLimit: .seconds(600), circuitBytes: 16)
    guard case .unfinished(let interruption) = ModelCounter(Self.chain).compile(budget: budget)
    else {
      Issue.record("the compilation finished past its byte limit")
      return
    }
    #expect(interruption.limit == .circuit(16))
  }

  @Test func aCancelledCompilationStops() {
    let cancellation = Cancellation()
    cancellation.cancel()
    let budget = CompilationBudget(timeLimit: .seconds(600), cancellation: cancellation)
    guard case .unfinished(let interruption) = ModelCounter(Self.chain).compile(budget: budget)
    else {
      Issue.record("a cancelled compilation finished")
      return
    }
    #expect(interruption.limit == .cancelled)
  }

  @Test func theSameModelWithinItsBudgetCompilesToTheRightCount() throws {
    let circuit = try #require(
      ModelCounter(Self.chain).compile(budget: CompilationBudget(timeLimit: .seconds(600)))
        .circuit)
    // Independent sets of a path of ten: the Fibonacci number F(12).
    #expect(circuit.count() == BigUInt(144))
  }
}
