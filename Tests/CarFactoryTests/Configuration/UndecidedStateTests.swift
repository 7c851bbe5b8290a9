import Testing

@testable import CarFactory

/// Issue 49: a value whose check does not finish within the question's time limit is shown
/// `undecided`, never `available` (SPEC §7: a value shown available can be chosen next
/// without a conflict), and one hard value does not leave the others unchecked.
///
/// The model puts 11 pigeons in 10 holes when `X & Y` holds: under `X`, `Y` is excluded, but
/// proving it refutes a pigeonhole, which no CDCL search does in a fraction of a second (its
/// resolution proofs are exponentially long). Every other value is free under `X`, each proven
/// by a build with it and one without.
@Suite struct UndecidedStateTests {
  static let model = HardCoreDifferentialTests.pigeonhole(
    pigeons: 11, guard: "X & Y", extra: ["X", "Y"])

  static func configurator(limit: Duration) throws -> (ProductConfigurator, x: Int, y: Int) {
    let line = ProductLine(
      featureModel: try UVLTestSupport.compile(model.uvl), model: ModelID("pigeons"))
    let configurator = ProductConfigurator(line)
    configurator.timeLimit = limit
    let x = try #require(line.values.firstIndex { $0.atom == "X" })
    let y = try #require(line.values.firstIndex { $0.atom == "Y" })
    return (configurator, x, y)
  }

  @Test func aHardValueIsUndecidedAndEveryOtherIsDecided() throws {
    let (configurator, x, y) = try Self.configurator(limit: .milliseconds(400))
    let choices = [Choice(value: x, isChosen: true)]
    let states = try configurator.propagate(choices)
    // Never available; undecided, as no CDCL search refutes this pigeonhole in 0.3 s.
    #expect(states[y] == .undecided, "\(states[y])")
    for value in states.indices where value != x && value != y && value != 0 {
      #expect(states[value] == .available, "\(configurator.line.values[value].atom)")
    }
    // Each value shown available is proven both ways by a build.
    for value in states.indices where states[value] == .available {
      for isChosen in [true, false] {
        #expect(throws: Never.self) {
          _ = try configurator.build(choices + [Choice(value: value, isChosen: isChosen)])
        }
      }
    }
  }

  @Test func optionsAndTheWorkingCarShowItUndecided() throws {
    let (configurator, x, y) = try Self.configurator(limit: .milliseconds(400))
    let choices = [Choice(value: x, isChosen: true)]
    let report = try configurator.options(choices)
    let entry = try #require(report.entries.first { $0.value == y })
    #expect(entry.state == .undecided)
    #expect(entry.reason == nil)
    let step = try configurator.step(from: try configurator.firstStep(), to: choices).step
    #expect(step.states[y] == .undecided)
    #expect(try configurator.answer(for: y, in: step).state == step.states[y])
    // A later step never takes an undecided value as settled: it is checked again.
    let next = try configurator.step(from: step, to: []).step
    #expect(next.states[y] == .available)
  }

  /// Given time, the same question is answered: nothing but the limit made it undecided.
  @Test func theEasyGuardIsDecidedExactly() throws {
    let model = HardCoreDifferentialTests.pigeonhole(
      pigeons: 5, guard: "X & Y", extra: ["X", "Y"])
    let line = ProductLine(
      featureModel: try UVLTestSupport.compile(model.uvl), model: ModelID("pigeons"))
    let configurator = ProductConfigurator(line)
    let x = try #require(line.values.firstIndex { $0.atom == "X" })
    let y = try #require(line.values.firstIndex { $0.atom == "Y" })
    let states = try configurator.propagate([Choice(value: x, isChosen: true)])
    #expect(states[y] == .excluded)
    #expect(!states.contains(.undecided))
  }
}
