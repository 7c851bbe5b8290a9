import Testing

@testable import ConfigurationEngine

/// The working car's first step on a large line shares its reasons' checks with a second space
/// over the same model on another thread: part of the cores
/// (``ConfigurationSpace/finishExplaining(_:cores:budget:)``). Here the parts run one after
/// the other on two spaces of small models, and the answers are checked against brute-force
/// enumeration, as the single-space answers are.
@Suite struct SharedWorkTests {
  @Test func sharedReasonsAreMinimalAndDecisiveAsBruteForceSays() throws {
    var sharedCores = 0
    for seed in UInt64(0)..<400 {
      let generated = GeneratedCase(seed: seed, values: 4...10, maximumRules: 10)
      let other = ConfigurationSpace(generated.model)
      var generator = SeededGenerator(seed: seed ^ 0x4EA5_0115)
      let choices = generated.choices(Int.random(in: 0...4, using: &generator), using: &generator)
      let literals = (0..<generated.random.valueCount).flatMap {
        [Variable($0).positive, Variable($0).negative]
      }
      var work = generated.space.startExplaining(literals, choices: choices, budget: .unlimited)
      let cores = work.cores.indices
      let middle = work.cut(cores, leaving: Int.random(in: 0...100, using: &generator))
      var theirs = work
      generated.space.finishExplaining(
        &work, cores: cores.lowerBound..<middle, budget: .unlimited)
      other.finishExplaining(&theirs, cores: middle..<cores.upperBound, budget: .unlimited)
      work.merge(theirs, cores: middle..<cores.upperBound)
      sharedCores += cores.upperBound - middle
      let reference = generated.reference
      guard let backbone = reference.backbone(rules: reference.allRules, choices) else {
        #expect(work.reasons.allSatisfy { $0 == nil }, "seed \(seed): inconsistent choices")
        continue
      }
      for (literal, reason) in zip(literals, work.reasons) {
        guard backbone[Int(literal.variable.index)] == !literal.isNegated else {
          #expect(reason == nil, "seed \(seed): \(literal) is not forced")
          continue
        }
        guard let reason else {
          Issue.record("seed \(seed): \(literal) is forced but not explained")
          continue
        }
        ReasonTests.expectMinimalAndDeciding(
          reason, for: literal, choices: choices, generated, "seed \(seed)")
      }
    }
    #expect(sharedCores > 120)
  }
}
