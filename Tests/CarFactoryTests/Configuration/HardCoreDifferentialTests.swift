import CatalogFixtures
import Testing

@testable import CarFactory

/// Issue 49: hard unsatisfiable cores (pigeonholes, contradictory parities) behind guard
/// choices, generated here. SPEC §7's promise is checked directly: every value shown
/// `available` or `default` is proven by a witness build each way (chosen and left out),
/// every value shown `excluded` cannot be built, every value shown `forced` cannot be left
/// out; on models small enough, the states are also compared with a brute-force enumeration.
@Suite struct HardCoreDifferentialTests {
  /// A generated model: its UVL text and its feature names in file order.
  struct Model: CustomStringConvertible {
    let uvl: String
    let names: [String]
    var description: String { uvl }
  }

  /// `pigeons` pigeons in `pigeons - 1` holes, each pigeon placed only when `guard` holds.
  static func pigeonhole(pigeons: Int, guard condition: String, extra: [String]) -> Model {
    let holes = pigeons - 1
    var names = extra
    for pigeon in 0..<pigeons { for hole in 0..<holes { names.append("p_\(pigeon)_\(hole)") } }
    var rules: [String] = []
    for pigeon in 0..<pigeons {
      let places = (0..<holes).map { "p_\(pigeon)_\($0)" }.joined(separator: " | ")
      rules.append("(\(condition)) => (\(places))")
    }
    for hole in 0..<holes {
      for a in 0..<pigeons {
        for b in (a + 1)..<pigeons { rules.append("!(p_\(a)_\(hole) & p_\(b)_\(hole))") }
      }
    }
    return Model(uvl: text(root: "hole", names, rules), names: names)
  }

  /// Two parity chains over the same bits in different orders, one even and one odd, in
  /// force when `guard` holds: no unit propagation sees the contradiction.
  static func parities(bits: Int, guard condition: String, extra: [String]) -> Model {
    var names = extra
    names += (0..<bits).map { "x_\($0)" }
    names += (0..<bits).map { "e_\($0)" } + (0..<bits).map { "o_\($0)" }
    var rules = ["(\(condition)) => e_\(bits - 1)", "(\(condition)) => !o_\(bits - 1)"]
    // e_i is the parity of x_0…x_i; o_i that of x_{n-1}…x_{n-1-i}: the same bits.
    rules.append("e_0 <=> x_0")
    rules.append("o_0 <=> x_\(bits - 1)")
    for index in 1..<bits {
      rules.append("e_\(index) <=> !(e_\(index - 1) <=> x_\(index))")
      rules.append("o_\(index) <=> !(o_\(index - 1) <=> x_\(bits - 1 - index))")
    }
    return Model(uvl: text(root: "parity", names, rules), names: names)
  }

  static func text(root: String, _ names: [String], _ rules: [String]) -> String {
    var lines = ["features", "    \(root)", "        optional"]
    lines += names.map { "            \($0)" }
    lines.append("constraints")
    lines += rules.map { "    \($0)" }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The family: every core at a few sizes, behind `X & Y`, `X`, and `X | Y`.
  static let models: [Model] = {
    var models: [Model] = []
    for (condition, extra) in [("X & Y", ["X", "Y"]), ("X", ["X", "Y"]), ("X | Y", ["X", "Y"])] {
      for pigeons in [3, 4, 7] {
        models.append(pigeonhole(pigeons: pigeons, guard: condition, extra: extra))
      }
      for bits in [2, 5, 12] { models.append(parities(bits: bits, guard: condition, extra: extra)) }
    }
    return models
  }()

  /// Whether `choices` build, or conflict.
  static func builds(_ configurator: ProductConfigurator, _ choices: [Choice]) throws -> Bool {
    do {
      _ = try configurator.build(choices)
      return true
    } catch .conflict {
      return false
    }
  }

  @Test(arguments: models.indices)
  func everyValueShownAvailableHasAWitnessEachWay(_ index: Int) throws {
    let model = Self.models[index]
    let line = ProductLine(
      featureModel: try UVLTestSupport.compile(model.uvl), model: ModelID("hard"))
    let configurator = ProductConfigurator(line)
    let position = try model.names.map { name in
      try #require(line.values.firstIndex { $0.atom == name })
    }
    let x = position[0]
    let y = position[1]
    let starts: [[Choice]] = [
      [], [Choice(value: x, isChosen: true)], [Choice(value: y, isChosen: true)],
      [Choice(value: x, isChosen: true), Choice(value: y, isChosen: false)],
    ]
    for start in starts where try Self.builds(configurator, start) {
      let states = try configurator.propagate(start)
      for value in line.values.indices where !start.contains(where: { $0.value == value }) {
        let chosen = try Self.builds(configurator, start + [Choice(value: value, isChosen: true)])
        let left = try Self.builds(configurator, start + [Choice(value: value, isChosen: false)])
        let expected: Set<OptionsReport.State> =
          switch (chosen, left) {
          case (true, true): [.available, .default]
          case (true, false): [.forced]
          case (false, true): [.excluded]
          case (false, false): []
          }
        #expect(
          expected.contains(states[value]),
          "\(line.values[value].atom) under \(start): \(states[value])\n\(model)")
      }
    }
  }

  /// The working car (its steps reuse the states of the last one): a user taking only values
  /// shown available, either way, never meets a conflict, and every step's states hold.
  @Test(arguments: models.indices)
  func aWorkingCarTakingOnlyAvailableValuesNeverConflicts(_ index: Int) throws {
    let model = Self.models[index]
    let line = ProductLine(
      featureModel: try UVLTestSupport.compile(model.uvl), model: ModelID("hard"))
    let configurator = ProductConfigurator(line)
    var random = SeededGenerator(state: UInt64(index) &+ 49)
    var step = try configurator.firstStep()
    for _ in 0..<8 {
      let free = step.states.indices.filter { step.states[$0] == .available }
      // The guards first, so the cores come into force early.
      let value =
        free.first { ["X", "Y"].contains(line.values[$0].atom) }
        ?? free.randomElement(using: &random)
      guard let value else { break }
      let choices = step.choices + [Choice(value: value, isChosen: Bool.random(using: &random))]
      #expect(try Self.builds(configurator, choices), "\(choices)\n\(model)")
      step = try configurator.step(from: step, to: choices).step
      for other in line.values.indices where step.states[other] == .available {
        #expect(try Self.builds(configurator, choices + [Choice(value: other, isChosen: true)]))
        #expect(try Self.builds(configurator, choices + [Choice(value: other, isChosen: false)]))
      }
    }
  }

  /// The brute-force reference on the small ones: Y is excluded under X exactly when the
  /// core is unsatisfiable (always here), whatever the engine's search.
  @Test func theIssuesPigeonModelExcludesYUnderX() throws {
    let model = Self.pigeonhole(pigeons: 7, guard: "X & Y", extra: ["X", "Y"])
    let line = ProductLine(
      featureModel: try UVLTestSupport.compile(model.uvl), model: ModelID("xyp7"))
    let configurator = ProductConfigurator(line)
    let x = try #require(line.values.firstIndex { $0.atom == "X" })
    let y = try #require(line.values.firstIndex { $0.atom == "Y" })
    let states = try configurator.propagate([Choice(value: x, isChosen: true)])
    #expect(states[y] == .excluded)
    #expect(
      try !Self.builds(
        configurator, [Choice(value: x, isChosen: true), Choice(value: y, isChosen: true)]))
  }

  @Test(arguments: [3, 4])
  func smallPigeonholesAgreeWithTheBruteForceReference(_ pigeons: Int) throws {
    let model = Self.pigeonhole(pigeons: pigeons, guard: "X & Y", extra: ["X", "Y"])
    let featureModel = try UVLTestSupport.compile(model.uvl)
    guard featureModel.features.count <= 16 else { return }
    let solutions = UVLTestSupport.projectedSolutions(featureModel)
    let line = ProductLine(featureModel: featureModel, model: ModelID("hole"))
    let configurator = ProductConfigurator(line)
    // Under X: a value is free when some solution with X has it and some has not.
    let featureOf = try line.values.map { value in
      try #require(featureModel.features.firstIndex { $0.name == value.atom })
    }
    let x = try #require(line.values.firstIndex { $0.atom == "X" })
    let states = try configurator.propagate([Choice(value: x, isChosen: true)])
    let withX = solutions.keys.filter { $0 & (1 << featureOf[x]) != 0 }
    for value in line.values.indices where value != x {
      let bit = 1 << featureOf[value]
      let some = withX.contains { $0 & bit != 0 }
      let all = withX.allSatisfy { $0 & bit != 0 }
      let expected: OptionsReport.State = all ? .forced : some ? .available : .excluded
      let shown = states[value] == .default ? .available : states[value]
      #expect(shown == expected, "\(line.values[value].atom)")
    }
  }
}
