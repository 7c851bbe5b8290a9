import Testing

@testable import ConfigurationEngine

@Suite struct CircuitVerifierTests {
  typealias Entry = Circuit.Entry

  /// Three values, circuit variables all.
  static let isVariable = [true, true, true]
  static func literal(_ variable: Int, _ value: Bool) -> Entry {
    .literal(Literal(Variable(variable), negated: !value).code)
  }
  static func node(_ index: Int) -> Entry { .node(index) }

  static func circuit(_ nodes: [(isOr: Bool, entries: [Entry])], root: Entry) -> Circuit {
    Circuit(variableCount: 3, isVariable: isVariable, nodes: nodes, root: root)
  }

  @Test func theCompilersCircuitsAreSmoothDDNNFs() throws {
    var decisions = 0
    for seed in 0..<300 as Range<UInt64> {
      let generated = CountGeneratedModel(seed: seed, linear: seed % 4 == 0)
      let circuit = try #require(CircuitCountTests.circuit(generated.model))
      #expect(circuit.verify() == nil, "seed \(seed)")
      decisions += (2..<circuit.nodeCount).filter { circuit.isOr[$0] }.count
    }
    // The generator's models make the compiler decide, so the OR checks are exercised.
    #expect(decisions > 300)
  }

  @Test func aWellFormedHandMadeCircuitPasses() {
    // (x0 ∧ (x1 ∨ ¬x1) ∧ x2) ∨ (¬x0 ∧ x1 ∧ ¬x2), smooth through a free entry.
    let circuit = Self.circuit(
      [
        (false, [Self.literal(0, true), .free(1), Self.literal(2, true)]),
        (false, [Self.literal(0, false), Self.literal(1, true), Self.literal(2, false)]),
        (true, [Self.node(2), Self.node(3)]),
      ], root: Self.node(4))
    #expect(circuit.verify() == nil)
    #expect(circuit.count() == BigUInt(3))
  }

  @Test func anOrWhoseBranchesContradictOnlyBelowPassesByTheSolver() {
    // (x0 ≡ x1) ∨ (x0 ≢ x1), each side an OR, and x2 free beside: no literal at the top of
    // the root's entries contradicts, yet they share no model.
    let circuit = Self.circuit(
      [
        (false, [Self.literal(0, true), Self.literal(1, true)]),
        (false, [Self.literal(0, false), Self.literal(1, false)]),
        (true, [Self.node(2), Self.node(3)]),
        (false, [Self.literal(0, true), Self.literal(1, false)]),
        (false, [Self.literal(0, false), Self.literal(1, true)]),
        (true, [Self.node(5), Self.node(6)]),
        (true, [Self.node(4), Self.node(7)]),
        (false, [Self.node(8), .free(2)]),
      ], root: Self.node(9))
    #expect(circuit.verify() == nil)
    #expect(circuit.count() == BigUInt(8))
    #expect(circuit.verify(solverChecks: 0) == .undecided(node: 8))
  }

  @Test func anAndWhoseEntriesShareAVariableFails() {
    let circuit = Self.circuit(
      [
        (false, [Self.literal(0, true), Self.literal(1, true)]),
        (false, [Self.node(2), Self.literal(1, true), Self.literal(2, true)]),
      ], root: Self.node(3))
    #expect(circuit.verify() == .sharedVariable(node: 3, variable: 1))
  }

  @Test func anOrWhoseEntriesShareAModelFails() {
    // (x0 ∧ x1 ∧ x2) ∨ (x1 ∧ x0 ∧ x2): the same model twice.
    let circuit = Self.circuit(
      [
        (false, [Self.literal(0, true), Self.literal(1, true), Self.literal(2, true)]),
        (false, [Self.literal(1, true), Self.literal(0, true), Self.literal(2, true)]),
        (true, [Self.node(2), Self.node(3)]),
      ], root: Self.node(4))
    #expect(circuit.verify() == .sharedModel(node: 4))
  }

  @Test func anOrOverlappingOnlyInPartFails() {
    // (x0 ∧ (x1 ∨ ¬x1)… written as ORs below: (x0 ∧ x1 ∧ x2 ∨ x0 ∧ ¬x1 ∧ x2) ∨ (x0 ∧ x1 ∧ x2).
    let circuit = Self.circuit(
      [
        (false, [Self.literal(1, true)]),
        (false, [Self.literal(1, false)]),
        (true, [Self.node(2), Self.node(3)]),
        (false, [Self.literal(0, true), Self.node(4), Self.literal(2, true)]),
        (false, [Self.literal(0, true), Self.literal(1, true), Self.literal(2, true)]),
        (true, [Self.node(5), Self.node(6)]),
      ], root: Self.node(7))
    #expect(circuit.verify() == .sharedModel(node: 7))
  }

  @Test func anOrWhoseEntriesSpeakOfDifferentVariablesFails() {
    let circuit = Self.circuit(
      [
        (false, [Self.literal(0, true), Self.literal(1, true), Self.literal(2, true)]),
        (false, [Self.literal(0, false), Self.literal(2, true)]),
        (true, [Self.node(2), Self.node(3)]),
      ], root: Self.node(4))
    #expect(circuit.verify() == .unsmooth(node: 4))
  }

  @Test func aRootMissingAVariableFails() {
    let circuit = Self.circuit(
      [(false, [Self.literal(0, true), Self.literal(2, true)])], root: Self.node(2))
    #expect(circuit.verify() == .missingVariable(variable: 1))
  }

  @Test func anEntryReferringToItselfOrLaterFails() {
    let circuit = Self.circuit(
      [
        (false, [Self.literal(0, true), Self.node(3)]),
        (false, [Self.literal(1, true), Self.literal(2, true)]),
      ], root: Self.node(3))
    #expect(circuit.verify() == .badReference(node: 2))
  }

  @Test func aLiteralOfAVariableOutsideTheCircuitFails() {
    let circuit = Circuit(
      variableCount: 4, isVariable: [true, true, true, false],
      nodes: [
        (
          false,
          [
            Self.literal(0, true), Self.literal(1, true), Self.literal(2, true),
            Self.literal(3, true),
          ]
        )
      ], root: .node(2))
    #expect(circuit.verify() == .unknownVariable(node: 2, variable: 3))
  }
}
